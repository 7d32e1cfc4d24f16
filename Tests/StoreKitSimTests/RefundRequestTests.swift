import Foundation
import GRDB
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// Refund requests from within the app (the refund request sheet) and the App Store's answer
/// to them, as `refund-requests` says, over both storages.
@Suite struct RefundRequestTests {
    static let premium = RefundTests.premium
    static let credits = RefundTests.credits
    static let pass = RefundTests.pass

    @Test(arguments: StorageKind.allCases)
    func approvedAtOnceInFullByDefaultAsInXcode(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        let bought = try t.buy(Self.premium)
        #expect(try t.records.settings.refundRequests == .approve)
        let (request, _) = try t.hearing { try $0.requestRefund(bought.id, reason: .fulfillmentIssue, account: t.signedIn) }
        #expect(request.status == .approved && request.answerDate == t.queue.now && request.reason == .fulfillmentIssue)
        let refunded = try t.transaction(bought.id)
        #expect(refunded.isRevoked && refunded.revocationType == .refundFull && refunded.revocationReason == .developerIssue,
                "an issue with what was delivered is the developer's")
        try t.queue.tick()
        #expect(!t.app.premiumUnlocked && t.app.takenBack == [bought.id], "the app takes it back as any refund")
        #expect(try t.storedEvents.map(\.kind).suffix(2) == [.refundRequested, .refunded])
        #expect(try t.records.refundRequests == [request])
    }

    /// Asking for a subscription's refund cancels it: auto-renew goes off with its event,
    /// before the answer, and stays off when the request is declined.
    @Test(arguments: StorageKind.allCases)
    func aSubscriptionsRequestTurnsAutoRenewOff(kind: StorageKind) throws {
        let t = try Harness.plans(kind) { $0.refundRequests = .manual }
        let bought = try t.buy(Plans.proMonthly)
        #expect(try t.status?.willAutoRenew == true)
        try t.hear { try $0.requestRefund(bought.id, reason: .unintendedPurchase, account: t.signedIn) }
        let status = try #require(try t.status)
        #expect(status.state == .subscribed && !status.willAutoRenew, "access lasts, the renewal is off")
        #expect(try t.storedEvents.map(\.kind).suffix(2) == [.refundRequested, .autoRenewDisabled])
        try t.hear { try $0.answerRefundRequest(bought.id, approved: false) }
        #expect(try t.status?.willAutoRenew == false, "declined: still cancelled")
        #expect(try t.storedEvents.last?.kind == .refundDeclined)
    }

    @Test(arguments: StorageKind.allCases)
    func declinedRevokesNothingAndTheAppHearsNothing(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.set { $0.refundRequests = .decline }
        let bought = try t.buy(Self.premium)
        let updates = t.updates.count
        let (request, events) = try t.hearing { try $0.requestRefund(bought.id, reason: .unintendedPurchase, account: t.signedIn) }
        #expect(request.status == .declined && events.isEmpty && t.updates.count == updates)
        #expect(try !t.transaction(bought.id).isRevoked && t.records.owns(Self.premium))
        let declined = try #require(try t.storedEvents.last)
        #expect(declined.kind == .refundDeclined && declined.details.refundRequestReason == .unintendedPurchase)
        #expect(throws: StoreAdminError.refundAlreadyRequested(bought.id)) { try t.hearing { try $0.requestRefund(bought.id, reason: .other, account: t.signedIn) } }
    }

    @Test(arguments: StorageKind.allCases)
    func proratedRefundsHalfButAConsumableInFull(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.set { $0.refundRequests = .prorated }
        let pass = try t.buy(Self.pass)
        let credits = try t.buy(Self.credits)
        try t.hearing { try $0.requestRefund(pass.id, reason: .other, account: t.signedIn) }
        try t.hearing { try $0.requestRefund(credits.id, reason: .other, account: t.signedIn) }
        #expect(try t.transaction(pass.id).revocationPercentage == 50_000 && t.transaction(pass.id).revocationType == .refundProrated)
        #expect(try t.transaction(credits.id).revocationType == .refundFull, "a consumable is refunded in full only")
    }

    /// The purchase refunded from the Transaction Manager while its request waits: that is
    /// the answer, so nothing is left waiting for one.
    @Test(arguments: StorageKind.allCases)
    func aRefundAnswersTheRequestWaitingForIt(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.set { $0.refundRequests = .manual }
        let bought = try t.buy(Self.premium)
        try t.hearing { try $0.requestRefund(bought.id, reason: .legal, account: t.signedIn) }
        try t.hear { try $0.refundTransaction(bought.id) }
        let request = try #require(try t.records.refundRequest(for: bought.id))
        #expect(request.status == .approved && request.answerDate != nil)
        #expect(throws: StoreAdminError.refundRequestAnswered(bought.id, .approved)) {
            try t.hear { try $0.answerRefundRequest(bought.id, approved: true) }
        }
    }

    @Test(arguments: StorageKind.allCases)
    func aManualRequestWaitsUntilAnsweredAndSurvivesARelaunch(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.set { $0.refundRequests = .manual }
        let first = try t.buy(Self.premium)
        let second = try t.buy(Self.pass)
        try t.hearing { try $0.requestRefund(first.id, reason: .legal, account: t.signedIn) }
        try t.hearing { try $0.requestRefund(second.id, reason: .other, account: t.signedIn) }
        #expect(try t.records.refundRequests.map(\.status) == [.pending, .pending])
        #expect(try !t.transaction(first.id).isRevoked)
        let relaunch = try t.relaunched()
        #expect(try relaunch.records.refundRequests.map(\.transactionID) == [first.id, second.id], "kept in the store")
        try relaunch.hear { try $0.answerRefundRequest(first.id, approved: true) }
        try relaunch.hear { try $0.answerRefundRequest(second.id, approved: false) }
        #expect(try relaunch.transaction(first.id).revocationReason == .other && relaunch.transaction(first.id).isRevoked)
        #expect(try !relaunch.transaction(second.id).isRevoked)
        #expect(try relaunch.records.refundRequests.map(\.status) == [.approved, .declined])
        #expect(throws: StoreAdminError.refundRequestAnswered(first.id, .approved)) {
            try relaunch.hear { try $0.answerRefundRequest(first.id, approved: false) }
        }
        #expect(throws: StoreAdminError.noRefundRequest("42")) { try relaunch.hear { try $0.answerRefundRequest("42", approved: true) } }
    }

    @Test(arguments: StorageKind.allCases)
    func requestsThatCannotApplyAreRefusedAndWriteNothing(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        #expect(throws: StoreAdminError.noSuchTransaction("42")) { try t.hearing { try $0.requestRefund("42", reason: .other, account: t.signedIn) } }
        let bought = try t.buy(Self.premium)
        try t.set { $0.account = "other@example.com" }
        #expect(throws: StoreAdminError.otherAccountsPurchase(bought.id)) { try t.hearing { try $0.requestRefund(bought.id, reason: .other, account: t.signedIn) } }
        try t.set { $0.account = nil }
        #expect(throws: StoreAdminError.signedOut) { try t.hearing { try $0.requestRefund(bought.id, reason: .other, account: t.signedIn) } }
        try t.set { $0.account = Settings.defaultAccount }
        try t.hear { try $0.refundTransaction(bought.id) }
        #expect(throws: StoreAdminError.alreadyRefunded(bought.id)) { try t.hearing { try $0.requestRefund(bought.id, reason: .other, account: t.signedIn) } }
        try t.set { $0.finishTransactions = false }
        let unfinished = try t.buy(Self.pass)
        #expect(throws: StoreAdminError.notFinished(unfinished.id)) { try t.hearing { try $0.requestRefund(unfinished.id, reason: .other, account: t.signedIn) } }
        #expect(try t.records.refundRequests.isEmpty && !t.storedEvents.contains { $0.kind == .refundRequested })
    }

    @Test(arguments: StorageKind.allCases)
    func deletingTheTransactionOrClearingTheHistoryForgetsItsRequest(kind: StorageKind) throws {
        let t = try RefundTests.harness(kind)
        try t.set { $0.refundRequests = .manual }
        let first = try t.buy(Self.premium)
        let second = try t.buy(Self.pass)
        try t.hearing { try $0.requestRefund(first.id, reason: .other, account: t.signedIn) }
        try t.hearing { try $0.requestRefund(second.id, reason: .other, account: t.signedIn) }
        try t.hear { try $0.deleteTransaction(first.id) }
        #expect(try t.records.refundRequests.map(\.transactionID) == [second.id])
        try t.hear { try $0.clearPurchaseHistory(of: t.signedIn) }
        #expect(try t.records.refundRequests.isEmpty)
    }

    @Test func theSettingIsStoredAndABadOneRefusedByName() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.set { $0.refundRequests = .manual }
        #expect(try storeDatabase(directory).load().settings.refundRequests == .manual)
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try queue.write { try $0.execute(sql: "UPDATE settings SET value = '\"maybe\"' WHERE name = 'refundRequests'") }
        try queue.close()
        let problem = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(problem)".contains("refundRequests") && "\(problem)".contains("approve, prorated, decline, manual"), "\(problem)")
    }

    @Test func aDamagedRowIsRefusedByTableRowAndColumn() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.set { $0.refundRequests = .manual }
        let bought = try t.buy(Self.premium)
        try t.hearing { try $0.requestRefund(bought.id, reason: .other, account: t.signedIn) }
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try queue.write { try $0.execute(sql: "UPDATE refundRequests SET status = 'maybe'") }
        try queue.close()
        let problem = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(problem)".contains("refundRequests, transaction \(bought.id), column status"), "\(problem)")
        let answered = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try answered.write { try $0.execute(sql: "UPDATE refundRequests SET status = 'approved', answerDate = NULL") }
        try answered.close()
        let unanswered = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(unanswered)".contains("column answerDate"), "\(unanswered)")
    }
}

/// A store.sqlite of the version before refund requests (v7) is brought up to date: its
/// purchases can be asked about, and the request is kept.
@Suite struct RefundRequestMigrationTests {
    @Test func aVersion7StoreGainsRefundRequests() throws {
        let directory = TemporaryDirectory()
        let database = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        try StoreSchema.migrator.migrate(database, upTo: "v7")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO transactions (id, productID, quantity, state, date, finished, account, reason, purchaseDate)
                VALUES ('1000000001', ?, 1, 'purchased', 1800000000000, 1, ?, 'purchase', 1800000000000)
                """, arguments: [RefundTests.premium, Settings.defaultAccount])
            try db.execute(sql: "INSERT OR IGNORE INTO accounts (name) VALUES (?)", arguments: [Settings.defaultAccount])
            try db.execute(sql: "UPDATE store SET nextTransactionNumber = 1000000002")
        }
        try database.close()
        #expect(try StoreDatabase.problems(directory.dataDirectory, limit: 10).isEmpty, "a v7 store as storefront made them")
        let t = try Harness.onDisk(directory)
        #expect(try t.records.settings.refundRequests == .approve, "the default, as Xcode")
        try t.set { $0.refundRequests = .manual }
        try t.hearing { try $0.requestRefund("1000000001", reason: .other, account: t.signedIn) }
        let stored = try storeDatabase(directory).load().refundRequests
        #expect(stored.map(\.transactionID) == ["1000000001"] && stored.first?.status == .pending)
        let migrated = try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path)
        #expect(try migrated.read { try StoreSchema.migrator.appliedIdentifiers($0) }.contains("v8"))
    }
}
