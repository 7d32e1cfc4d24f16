import Foundation
import Testing
@testable import AppStoreCore

/// Every store rule acts for the account it is given, whoever is signed in: an operation by
/// original transaction id on another account's subscription, a family member's purchase, and
/// a rule called for one account while another is signed in.
@Suite struct ActingAccountTests {
    static let other = "other@example.com"

    /// `Self.other` subscribes to Pro Monthly, then the default account signs in and subscribes too.
    static func twoSubscribers(_ kind: StorageKind) throws -> (Harness, other: SubscriptionStatus, signedIn: SubscriptionStatus) {
        let t = try Harness.plans(kind)
        try t.set { $0.account = other }
        try t.buy(Plans.proMonthly)
        try t.set { $0.account = Settings.defaultAccount }
        try t.buy(Plans.proMonthly)
        let records = try t.records
        let theirs = try records.subscription(of: Plans.proMonthly, account: other, catalog: Plans.catalog)
        let mine = try records.subscription(of: Plans.proMonthly, account: Settings.defaultAccount, catalog: Plans.catalog)
        return (t, theirs, mine)
    }

    @Test(arguments: StorageKind.allCases)
    func anOperationByOriginalTransactionIDActsOnThatAccountsSubscriptionAlone(kind: StorageKind) throws {
        let (t, theirs, mine) = try Self.twoSubscribers(kind)
        #expect(theirs.originalTransactionID != mine.originalTransactionID)
        t.clock.advance(by: 60)
        try t.hear { try $0.perform(.autoRenew(originalTransactionID: theirs.originalTransactionID, on: false), account: t.signedIn) }
        try t.hear { try $0.perform(.expire(originalTransactionID: theirs.originalTransactionID), account: t.signedIn) }
        let records = try t.records
        let after = try #require(records.status(of: Self.other, group: Plans.group))
        #expect(after.state == .expired && !after.willAutoRenew)
        let untouched = try #require(records.status(of: Settings.defaultAccount, group: Plans.group))
        #expect(untouched.state == .subscribed && untouched.willAutoRenew && untouched.expiresDate == mine.expiresDate)
        #expect(records.settings.account == Settings.defaultAccount)
    }

    @Test func anOperationOnASubscriptionNoOneHasIsRefusedByItsID() throws {
        let (t, _, _) = try Self.twoSubscribers(.inMemory)
        #expect(throws: StoreAdminError.noSuchTransaction("42")) { try t.hear { try $0.perform(.renew(originalTransactionID: "42"), account: t.signedIn) } }
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundByIDEndsThePurchasersSubscriptionNotTheSignedInOnes(kind: StorageKind) throws {
        let (t, theirs, _) = try Self.twoSubscribers(kind)
        try t.hear { try $0.perform(.refund(transactionID: theirs.latestTransactionID, Refund()), account: t.signedIn) }
        let records = try t.records
        #expect(records.status(of: Self.other, group: Plans.group)?.state == .revoked)
        #expect(records.status(of: Settings.defaultAccount, group: Plans.group)?.state == .subscribed)
    }

    @Test(arguments: StorageKind.allCases)
    func aDeletionByIDForgetsThePurchasersSubscriptionNotTheSignedInOnes(kind: StorageKind) throws {
        let (t, theirs, mine) = try Self.twoSubscribers(kind)
        try t.hear { try $0.perform(.deleteTransaction(transactionID: theirs.latestTransactionID), account: t.signedIn) }
        let records = try t.records
        #expect(records.status(of: Self.other, group: Plans.group) == nil)
        #expect(records.status(of: Settings.defaultAccount, group: Plans.group)?.originalTransactionID == mine.originalTransactionID)
    }

    @Test(arguments: StorageKind.allCases)
    func anOperationNamedByProductActsForTheAccountItIsGivenNotTheSignedInOne(kind: StorageKind) throws {
        let (t, _, mine) = try Self.twoSubscribers(kind)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: Self.other) }
        var records = try t.records
        #expect(records.status(of: Self.other, group: Plans.group)?.state == .expired)
        #expect(records.status(of: Settings.defaultAccount, group: Plans.group)?.state == .subscribed)
        try t.hear { try $0.clearPurchaseHistory(of: Self.other) }
        records = try t.records
        #expect(records.status(of: Self.other, group: Plans.group) == nil)
        #expect(records.status(of: Settings.defaultAccount, group: Plans.group)?.originalTransactionID == mine.originalTransactionID)
        let (bought, _) = try t.hearing { try $0.buyOutsideApp(Plans.coins, account: Self.other) }
        #expect(bought.account == Self.other)
        #expect(try t.records.settings.account == Settings.defaultAccount)
    }

    @Test(arguments: StorageKind.allCases)
    func aFamilyMembersPurchaseLeavesTheSignedInSettingAsItWas(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        try t.hear { try $0.createFamily(organizer: Settings.defaultAccount) }
        try t.hear { try $0.addFamilyMember(Self.other, organizer: t.signedIn) }
        let before = try t.records.settings
        let (bought, _) = try t.hearing { try $0.buyAsFamilyMember(Self.other, productID: Plans.proMonthly) }
        let records = try t.records
        #expect(records.settings == before && records.settings.account == Settings.defaultAccount)
        #expect(bought.account == Self.other)
        #expect(records.status(of: Self.other, group: Plans.group)?.originalTransactionID == bought.id)
        #expect(records.status(of: Settings.defaultAccount, group: Plans.group) == nil, "the signed-in account subscribed to nothing")
    }

    @Test func aRuleCalledForOneAccountWritesThatAccountsRecordsWhileAnotherIsSignedIn() throws {
        var records = StoreWorkingSet()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(records.settings.account == Settings.defaultAccount)
        let bought = try records.buyOutsideApp(Payment(productID: Plans.proMonthly), account: Self.other, catalog: Plans.catalog, now: now)
        let intent = try records.promote(Plans.coins, account: Self.other, catalog: Plans.catalog, now: now)
        #expect(bought.account == Self.other && intent.account == Self.other)
        #expect(records.status(of: Self.other, group: Plans.group)?.latestTransactionID == bought.id)
        #expect(records.completedPurchases(of: Self.other).map(\.id) == [bought.id])
        #expect(records.signedInPurchases.isEmpty && records.waitingIntents.isEmpty, "the signed-in account's records are untouched")
        #expect(records.settings.account == Settings.defaultAccount)
        // And refused when there is no account to act for.
        #expect(throws: StoreError.notSignedIn) {
            try records.buyOutsideApp(Payment(productID: Plans.proMonthly), account: nil, catalog: Plans.catalog, now: now)
        }
    }
}
