import AppStoreCore
import DataFiles
import Foundation
import Testing
@testable import AppStoreSigning

@Suite struct ReceiptFileTests {
    typealias F = ReceiptFixtures

    func receipt(_ transactions: [Transaction], at date: Date) throws -> AppReceipt {
        try AppReceipt.make(app: F.app, environment: .sandbox, account: "alice", transactions: transactions, catalog: F.catalog, at: date)
    }

    @Test func theFileIsKeptWhileTheRecordsListTheSameAndMadeAgainWhenTheyChange() throws {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("receipt-\(UUID())"), durability: .scratch)
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let identity = try SigningIdentity.make(label: "test")
        let file = ReceiptFile(directory: directory)
        let first = try file.current(try receipt([F.purchase("1", "premium")], at: F.start), identity: identity, durability: .scratch)
        let again = try file.current(try receipt([F.purchase("1", "premium")], at: F.start + 60), identity: identity, durability: .scratch)
        #expect(again.bytes == first.bytes)
        #expect(try again.receipt().creationDate == F.start)
        let changed = try file.current(try receipt([F.purchase("1", "premium"), F.purchase("2", "pass.year")], at: F.start + 120),
                                       identity: identity, durability: .scratch)
        #expect(try changed.receipt().inAppPurchases.map(\.transactionID) == ["1", "2"])
        #expect(try file.stored()?.bytes == changed.bytes)
        // Another directory's chain signed it: made again under this one.
        let other = try SigningIdentity.make(label: "other")
        let resigned = try file.current(try receipt([F.purchase("1", "premium"), F.purchase("2", "pass.year")], at: F.start + 180),
                                        identity: other, durability: .scratch)
        #expect(resigned.isSigned(under: other.root))
    }

    /// A file that is no receipt (cut short, or not one at all) is refused by its path, and
    /// neither reading nor a refresh writes over it.
    @Test(arguments: [Data("garbage".utf8), Data([0x30, 0x82, 0x09, 0xd4, 0x06]), Data()])
    func aDamagedFileIsRefusedAndLeftAsItIs(_ damaged: Data) throws {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("receipt-\(UUID())"), durability: .scratch)
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let identity = try SigningIdentity.make(label: "test")
        let file = ReceiptFile(directory: directory)
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try damaged.write(to: file.url)
        let made = try receipt([F.purchase("1", "premium")], at: F.start)
        for attempt in [{ try file.current(made, identity: identity, durability: .scratch) },
                        { try file.write(made, identity: identity, durability: .scratch) }] {
            #expect {
                _ = try attempt()
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.path == file.url.path && error.remedy == .replaceReceipt
            }
            #expect(try Data(contentsOf: file.url) == damaged)
        }
    }
}
