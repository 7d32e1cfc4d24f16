import Crypto
import DataFiles
import Foundation
import Testing
@testable import AppStoreSigning

/// subscription-offers-key.json: made once, owner only, read back as it was; anything damaged
/// is refused by name and left byte for byte.
@Suite struct SubscriptionOffersKeyFileTests {
    let directory = DataDirectory(url: FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-offers-key-\(UUID().uuidString)"), durability: .scratch)
    var url: URL { SubscriptionOffersKeyFile.url(in: directory) }

    func cleanUp() { try? FileManager.default.removeItem(at: directory.url) }

    @Test func madeOnceOwnerOnlyAndReadBackTheSame() throws {
        defer { cleanUp() }
        #expect(try SubscriptionOffersKeyFile.load(from: url) == nil)
        let made = try SubscriptionOffersKeyFile.loadOrMake(in: directory)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let bytes = try Data(contentsOf: url)
        let again = try SubscriptionOffersKeyFile.loadOrMake(in: directory)
        #expect(again.keyID == made.keyID && again.privateKey.rawRepresentation == made.privateKey.rawRepresentation)
        #expect(try Data(contentsOf: url) == bytes, "not written again")
        #expect(made.keyID.count == 10 && made.keyID.allSatisfy { $0.isUppercase || $0.isNumber })
    }

    @Test func manyMakingAtOnceAllGetTheFirstOnesKey() async throws {
        defer { cleanUp() }
        let directory = directory
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try SubscriptionOffersKeyFile.loadOrMake(in: directory).keyID } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ids).count == 1)
        #expect(try SubscriptionOffersKeyFile.load(from: url)?.keyID == ids[0])
    }

    @Test func theP8IsThePKCS8PEMOfTheKey() throws {
        let key = SubscriptionOffersKey.make()
        #expect(key.p8.hasPrefix("-----BEGIN PRIVATE KEY-----\n") && key.p8.hasSuffix("-----END PRIVATE KEY-----\n"))
        let read = try P256.Signing.PrivateKey(pemRepresentation: key.p8)
        #expect(read.rawRepresentation == key.privateKey.rawRepresentation)
    }

    /// What a damaged file can hold, and the problem each is named by.
    static let damages: [(name: String, bytes: String, problem: String)] = [
        ("empty", "", "is empty, not a subscription-offers key"),
        ("not JSON", "my notes\n", "is not a subscription-offers key"),
        ("no id", #"{"privateKey": "AAAA"}"#, "is not a subscription-offers key"),
        ("empty id", #"{"id": "", "privateKey": "AAAA"}"#, "its \"id\" is empty"),
        ("not a key", #"{"id": "ABCDE12345", "privateKey": "bm90IGEga2V5"}"#, "its \"privateKey\" is not a P-256 key"),
    ]

    @Test(arguments: damages.map(\.name))
    func aDamagedKeyIsRefusedByNameAndLeftUntouched(name: String) throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let damage = try #require(Self.damages.first { $0.name == name })
        let bytes = Data(damage.bytes.utf8)
        try bytes.write(to: url)
        for attempt in 0..<2 {
            #expect {
                _ = try SubscriptionOffersKeyFile.loadOrMake(in: directory)
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.path == url.path && error.problem.contains(damage.problem) && error.remedy == .replaceSubscriptionOffersKey
            }
            #expect(try Data(contentsOf: url) == bytes, "left byte for byte, attempt \(attempt + 1)")
        }
    }

    /// The key file cut short anywhere is refused, and its problem never quotes the key.
    @Test func everyTruncationIsRefusedWithoutQuotingTheKey() throws {
        let key = SubscriptionOffersKey.make()
        let bytes = Array(SubscriptionOffersKeyFile.text(of: key).utf8)
        let base64 = key.privateKey.derRepresentation.base64EncodedString()
        for length in 0..<bytes.count - 1 {
            do {
                _ = try SubscriptionOffersKeyFile.key(from: Data(bytes.prefix(length)))
                Issue.record("a key cut at \(length) of \(bytes.count) bytes was read")
            } catch {
                #expect(!error.problem.contains(base64.prefix(12)) && !error.problem.contains(key.keyID), "\(error.problem)")
            }
        }
    }
}
