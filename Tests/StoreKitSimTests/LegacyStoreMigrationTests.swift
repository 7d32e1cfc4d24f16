import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// A data directory of an earlier storefront (store.json) is migrated into store.sqlite on
/// first open and the file kept aside; one that cannot be read is refused and left as it is.
@Suite struct LegacyStoreMigrationTests {
    let directory = TemporaryDirectory()
    var storeJSON: URL { directory.dataDirectory.legacyStoreURL }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: storeJSON)
    }

    private func refusal() throws -> DataFileError {
        let error = try #require(throws: DataFileError.self) { try storeDatabase(directory) }
        #expect(!FileManager.default.fileExists(atPath: directory.dataDirectory.storeDatabaseURL.path),
                "no store.sqlite made from it")
        return error
    }

    @Test func recordsAreMigratedAndTheFileKeptAside() throws {
        let text = #"""
            {"settings": {"askToBuy": true, "account": null, "latencyMilliseconds": 0},
             "nextTransactionNumber": 1000000010,
             "transactions": [
              {"id": "1000000007", "productID": "com.storefront.premium", "quantity": 1, "state": "purchased",
               "date": "2027-01-15T08:00:00.250Z", "finished": true},
              {"id": "1000000008", "productID": "com.storefront.credits.5", "quantity": 3, "state": "deferred",
               "date": "2027-01-15T08:01:00Z", "finished": false, "sheetOwner": 4242}]}
            """#
        try write(text)
        let database = try storeDatabase(directory)
        let records = try database.load()
        #expect(records.settings.askToBuy)
        #expect(records.settings.account == nil, "null means signed out")
        #expect(records.settings.network, "a field left out keeps its default")
        #expect(records.nextTransactionNumber == 1_000_000_010)
        // store.json knew one account: signed out, its purchases go to the default sandbox account.
        #expect(!records.owns(ID.premium), "signed out, nothing is owned")
        #expect(records.transactions.allSatisfy { $0.account == Settings.defaultAccount })
        #expect(records.completedPurchases(of: Settings.defaultAccount).map(\.productID) == [ID.premium])
        #expect(records.transactions.map(\.reason) == [.purchase, .purchase])
        #expect(records.transactions.filter { $0.queueState.state == .deferred }.map(\.purchasedQuantity) == [3])
        #expect(try database.transaction("1000000007")?.queueState.transactionDate == JSONCoding.parse("2027-01-15T08:00:00.250Z"))
        #expect(try directory.names().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
                == [".store.lock", "store.json.migrated", "store.sqlite"])
        #expect(try String(contentsOf: directory.file("store.json.migrated"), encoding: .utf8) == text)
        // Opening again migrates nothing twice.
        #expect(try storeDatabase(directory).transactionCount() == 2)
    }

    @Test func aMigrationInterruptedAfterTheDatabaseIsFinishedAtTheNextOpen() throws {
        try write(#"{"transactions": [{"id": "1000000001", "productID": "com.storefront.premium", "quantity": 1, "state": "purchased", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#)
        _ = try storeDatabase(directory)
        // As if killed between making store.sqlite and moving store.json aside.
        try FileManager.default.moveItem(at: directory.file("store.json.migrated"), to: storeJSON)
        _ = try storeDatabase(directory)
        #expect(try directory.names().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
                == [".store.lock", "store.json.migrated", "store.sqlite"])
        #expect(try storeDatabase(directory).transactionCount() == 1)
    }

    @Test func anEarlierAsideCopyIsNeverReplaced() throws {
        try Data("older".utf8).write(to: directory.file("store.json.migrated"))
        try write("{}")
        _ = try storeDatabase(directory)
        #expect(try String(contentsOf: directory.file("store.json.migrated"), encoding: .utf8) == "older")
        #expect(try String(contentsOf: directory.file("store.json.migrated-2"), encoding: .utf8) == "{}")
    }

    @Test func aFileThatDoesNotParseIsReportedAndNeverMigrated() throws {
        let broken = "{\n  \"settings\": {\n    \"network\": ,\n  }\n}\n"
        try write(broken)
        let error = try refusal()
        #expect(error.path == storeJSON.path)
        #expect(error.location == "line 3, column 16")
        #expect(error.problem.hasPrefix("not valid JSON"))
        #expect(error.remedy == .resetLegacyStore)
        #expect(try String(contentsOf: storeJSON, encoding: .utf8) == broken)
        #expect(throws: DataFileError.self, "the app cannot launch over it") { try Harness.onDisk(directory) }
    }

    @Test func anEmptyFileIsReportedAsEmpty() throws {
        try write("")
        let error = try refusal()
        #expect(error.problem == "the file is empty, not JSON")
        #expect(error.location == nil)
    }

    @Test func aFileOfANewerVersionIsRefused() throws {
        try write(#"{"version": 2}"#)
        let error = try refusal()
        #expect(error.location == "$.version")
        #expect(error.problem.contains("newer storefront"))
    }

    @Test(arguments: [
        (#"{"settings": {"latencyMilliseconds": "fast"}}"#, "$.settings.latencyMilliseconds", "expected a number"),
        (#"{"settings": {"latencyMilliseconds": 99999999}}"#, "$.settings.latencyMilliseconds", "must be 0 to 60000 milliseconds"),
        (#"{"settings": {"failWith": 99}}"#, "$.settings.failWith", "must be a StoreKit error code, 0 to 20, \"purchaseLimitExceeded\", or null for none; not 99"),
        (#"{"transactions": [{"id": "1", "productID": "p", "quantity": -100, "state": "purchased", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#,
         "$.transactions[0].quantity", "must be 1 to 10"),
        (#"{"transactions": [{"id": "1", "productID": "p", "quantity": 1, "state": "bogus", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#,
         "$.transactions[0].state", "\"bogus\" is not a transaction state (purchasing, purchased, failed, restored, deferred)"),
        (#"{"transactions": [{"id": "1", "productID": "p", "quantity": 1, "state": "failed", "date": "2027-01-15T08:00:00Z", "finished": true}, {"id": "1", "productID": "p", "quantity": 1, "state": "failed", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#,
         "$.transactions[1].id", "\"1\" is the id of an earlier transaction too"),
        (#"{"transactions": [{"id": "1", "productID": "p", "quantity": 1, "state": "purchasing", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#,
         "$.transactions[0]", "waits as sheetOpen, which a purchasing transaction (finished) cannot"),
        (#"{"transactions": [{"id": "1", "productID": "p", "quantity": 1, "state": "purchasing", "date": "2027-01-15T08:00:00Z", "finished": false, "phase": "waitingForStore"}]}"#,
         "$.transactions[0]", "waits as waitingForStore with no dueDate, which no transaction can"),
    ])
    func valuesThatParseButCannotBeUsedAreRefusedByPath(text: String, location: String, problem: String) throws {
        try write(text)
        let error = try refusal()
        #expect(error.location == location)
        #expect(error.problem.hasPrefix(problem), "\(error.problem)")
        #expect(try String(contentsOf: storeJSON, encoding: .utf8) == text, "left untouched")
    }

    /// Ids near the largest number: no arithmetic overflow, a refusal naming the file.
    @Test func anIdAtTheLargestNumberIsRefusedNotACrash() throws {
        try write(#"{"transactions": [{"id": "\#(Int.max)", "productID": "p", "quantity": 1, "state": "failed", "date": "2027-01-15T08:00:00Z", "finished": true}]}"#)
        let error = try refusal()
        #expect(error.path == storeJSON.path)
        #expect(error.problem.contains("largest number"))
    }
}
