import DataFiles
import Foundation
import SwiftASN1
import Testing
import X509
@testable import AppStoreSigning

/// signing.pem: made once, owner only, read back as it was; anything damaged is refused by
/// name and left byte for byte.
@Suite struct SigningChainFileTests {
    let directory = DataDirectory(url: FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-signing-\(UUID().uuidString)"), durability: .scratch)
    var url: URL { SigningChainFile.url(in: directory) }

    func cleanUp() { try? FileManager.default.removeItem(at: directory.url) }

    @Test func madeOnceOwnerOnlyAndReadBackTheSame() throws {
        defer { cleanUp() }
        #expect(try SigningChainFile.load(from: url) == nil)
        let made = try SigningChainFile.loadOrMake(in: directory)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let bytes = try Data(contentsOf: url)
        let again = try SigningChainFile.loadOrMake(in: directory)
        #expect(again.chain == made.chain)
        #expect(again.leafKey.rawRepresentation == made.leafKey.rawRepresentation)
        #expect(try Data(contentsOf: url) == bytes, "not written again")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(text.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 4)
    }

    @Test func twoDirectoriesHaveChainsOfTheirOwn() throws {
        let other = DataDirectory(url: directory.url.appendingPathComponent("other"), durability: .scratch)
        defer { cleanUp() }
        let one = try SigningChainFile.loadOrMake(in: directory), two = try SigningChainFile.loadOrMake(in: other)
        #expect(one.root != two.root)
        #expect(one.root.subject != two.root.subject)
    }

    @Test func manyMakingAtOnceAllGetTheFirstOnesChain() async throws {
        defer { cleanUp() }
        let directory = directory
        let roots = try await withThrowingTaskGroup(of: Certificate.self) { group in
            for _ in 0..<8 { group.addTask { try SigningChainFile.loadOrMake(in: directory).root } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(roots.map { SigningChainText.der($0) }).count == 1)
        #expect(try SigningChainFile.load(from: url)?.root == roots[0])
    }

    @Test func aHalfWrittenTemporaryFileIsNeverReadAsTheChain() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let whole = SigningChainPEM.text(of: try SigningIdentity.make(label: "killed"))
        let temp = directory.url.appendingPathComponent(AtomicFile.temporaryName(for: url))
        try Data(whole.utf8.prefix(whole.utf8.count / 2)).write(to: temp)
        #expect(try SigningChainFile.load(from: url) == nil)
        let made = try SigningChainFile.loadOrMake(in: directory)
        #expect(try SigningChainFile.load(from: url)?.root == made.root)
        #expect(!FileManager.default.fileExists(atPath: temp.path), "the leftover is cleared when the chain is made")
    }

    /// What a damaged signing.pem can hold, and the problem each is named by.
    static let damages: [(name: String, problem: String)] = [
        ("empty", "is empty, not a signing chain"),
        ("not PEM", "holds no PEM blocks"),
        ("not UTF-8", "is not PEM text (not UTF-8)"),
        ("truncated", "is not PEM text"),
        ("key only", "holds PRIVATE KEY; a signing chain"),
        ("certificates only", "holds CERTIFICATE, CERTIFICATE, CERTIFICATE; a signing chain"),
        ("flipped certificate byte", "certificate does not parse"),
        ("another key", "its PRIVATE KEY is not the leaf certificate's key"),
        ("another root", "its chain does not verify: the intermediate is not signed by the root"),
        ("not a key", "its PRIVATE KEY is not a P-256 key"),
    ]

    static func damaged(_ name: String) throws -> Data {
        let identity = try SigningIdentity.make(label: "damaged"), other = try SigningIdentity.make(label: "other")
        let text = SigningChainPEM.text(of: identity)
        let blocks = text.components(separatedBy: "\n-----BEGIN").enumerated().map { $0.offset == 0 ? $0.element : "-----BEGIN" + $0.element }
        switch name {
        case "empty": return Data()
        case "not PEM": return Data("my notes\n".utf8)
        case "not UTF-8": return Data([0xFF, 0xFE, 0x00, 0x41])
        case "truncated": return Data(text.utf8.prefix(text.utf8.count - 40))
        case "key only": return Data(blocks[0].utf8)
        case "certificates only": return Data(blocks[1...].joined(separator: "\n").utf8)
        case "flipped certificate byte":
            var der = SigningChainText.der(identity.intermediate)
            der[4] ^= 0xFF
            let broken = PEMText.certificate(der)
            return Data(([blocks[0], blocks[1], broken, blocks[3]]).joined(separator: "\n").utf8)
        case "another key":
            let otherKey = SigningChainPEM.text(of: other).components(separatedBy: "\n-----BEGIN")[0]
            return Data(([otherKey] + blocks[1...]).joined(separator: "\n").utf8)
        case "another root":
            return Data(([blocks[0], blocks[1], blocks[2], PEMText.certificate(SigningChainText.der(other.root))]).joined(separator: "\n").utf8)
        default:
            return Data((["-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----"] + blocks[1...]).joined(separator: "\n").utf8)
        }
    }

    @Test(arguments: damages.map(\.name))
    func aDamagedChainIsRefusedByNameAndLeftUntouched(name: String) throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let bytes = try Self.damaged(name)
        try bytes.write(to: url)
        let problem = try #require(Self.damages.first { $0.name == name }).problem
        for attempt in 0..<2 {
            #expect {
                _ = try SigningChainFile.loadOrMake(in: directory)
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.path == url.path && error.problem.contains(problem) && error.remedy == .replaceSigningChain
            }
            #expect(try Data(contentsOf: url) == bytes, "left byte for byte, attempt \(attempt + 1)")
        }
    }

    /// A run of base64 as long as a third of a PEM line: key material, which no problem quotes.
    static func quotesBase64(_ problem: String) -> Bool {
        problem.range(of: "[A-Za-z0-9+/=]{20,}", options: .regularExpression) != nil
    }

    /// signing.pem cut short anywhere, or with a marker damaged, is refused by where it is
    /// damaged and never by quoting it: the text holds the leaf's private key.
    @Test func aDamagedChainsProblemNeverQuotesTheFile() throws {
        let text = SigningChainPEM.text(of: try SigningIdentity.make(label: "quoted"))
        let bytes = Array(text.utf8)
        // Every cut but the last newline's.
        var damaged = (1..<bytes.count - 1).map { Data(bytes.prefix($0)) }
        damaged += [
            text.replacingOccurrences(of: "-----BEGIN PRIVATE KEY-----", with: "-----BEGIN PRIVATE KEY"),
            text.replacingOccurrences(of: "-----END PRIVATE KEY-----", with: "-----END PRIVATE KEX-----"),
            text.replacingOccurrences(of: "-----END PRIVATE KEY-----", with: ""),
            text.replacingOccurrences(of: "-----BEGIN PRIVATE KEY-----", with: "-----BEGIN MIGHAgEAMBMGByqGSM49AgEGCCqGSM49-----"),
        ].map { Data($0.utf8) }
        var located = 0
        for data in damaged {
            do {
                _ = try SigningChainPEM.identity(from: data)
                Issue.record("a damaged chain was read: \(data.count) bytes")
            } catch {
                #expect(!Self.quotesBase64(error.problem), "\(error.problem)")
                if error.problem.contains("line ") || error.problem.contains("block ") { located += 1 }
            }
        }
        #expect(located > bytes.count / 2, "most damage is told by its line or block")
        let unended = Data(text.replacingOccurrences(of: "-----END PRIVATE KEY-----", with: "").utf8)
        #expect(throws: SigningChainPEM.Damage(problem: "is not PEM text: line 6: block 1 (PRIVATE KEY, from line 1) has no END line before this marker")) {
            try SigningChainPEM.identity(from: unended)
        }
    }

    @Test func somethingNotAFileIsRefused() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(throws: DataFileError(path: url.path, problem: "is a directory, not a file", remedy: .replaceSigningChain)) {
            try SigningChainFile.loadOrMake(in: directory)
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}

enum PEMText {
    static func certificate(_ der: Data) -> String {
        PEMDocument(type: "CERTIFICATE", derBytes: Array(der)).pemString
    }
}
