import Foundation
import Testing
@testable import AppStoreCore

/// Family Sharing of an auto-renewable subscription, over both storages: each member gets a
/// transaction of its own for the purchaser's current period, a renewal with each renewal,
/// and sees the purchaser's status through it; the period is taken back when it stops being
/// shared, and ends when the purchaser's ends.
@Suite struct FamilySharedSubscriptionTests {
    static let parent = Settings.defaultAccount
    static let kid = "kid@example.com"

    /// The plans with the monthly plan family-shareable, and a family of the parent and the kid.
    static func family(_ kind: StorageKind, shared: [String] = [Plans.proMonthly]) throws -> Harness {
        var catalog = Plans.catalog
        for id in shared {
            let i = catalog.products.firstIndex { $0.id == id }!
            catalog.products[i].familyShareable = true
        }
        let t = try Harness.plans(kind, catalog: catalog)
        t.app.receive(try t.hear { try $0.createFamily(organizer: parent) })
        t.app.receive(try t.hear { try $0.addFamilyMember(kid, organizer: t.signedIn) })
        return t
    }

    func copies(_ t: Harness) throws -> [Transaction] {
        try t.storage.history(last: nil, finishedOnly: false).filter { $0.account == Self.kid && $0.isFamilyShared }
    }

    func kidsStatus(_ t: Harness) throws -> SubscriptionStatus? {
        try t.records.familyStatuses(of: Self.kid, catalog: t.queue.raw.store.catalog).first
    }

    @Test(arguments: StorageKind.allCases)
    func eachPeriodReachesTheMemberAsItsOwnTransactionAndStatus(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        let first = try #require(try copies(t).first)
        #expect(first.sharedTransactionID == bought.id && first.reason == .purchase && first.price == 0 && first.offer == nil)
        #expect(first.expirationDate == bought.expirationDate && first.originalID == nil)
        let status = try #require(try kidsStatus(t))
        #expect(status.state == .subscribed && status.latestTransactionID == first.id && status.originalTransactionID == first.id)
        #expect(status.willAutoRenew && status.expiresDate == bought.expirationDate)

        // The parent's renewal is the kid's too.
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        let renewal = try #require(try copies(t).last)
        let parents = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        #expect(renewal.id != first.id && renewal.reason == .renewal && renewal.originalID == first.id)
        #expect(renewal.sharedTransactionID == parents.latestTransactionID && renewal.expirationDate == parents.expiresDate)
        #expect(try kidsStatus(t)?.latestTransactionID == renewal.id)
        #expect(try copies(t).count == 2, "one transaction a period")

        // The store's clock moved on a month: the kid's renewal is dated as the parent's.
        try t.queue.advance(by: StoreDuration("31d")!)
        let moved = try #require(try copies(t).last)
        let parentsRenewal = try t.transaction(try #require(moved.sharedTransactionID))
        #expect(moved.id != renewal.id && moved.queueState.transactionDate == parentsRenewal.queueState.transactionDate && moved.purchaseDate == parentsRenewal.purchaseDate)
        #expect(moved.expirationDate == parentsRenewal.expirationDate && moved.originalID == first.id)
        // Its event too, though it was shared when the advance ended.
        let sharedEvent = try #require(try t.storedEvents.last { $0.kind == .familyShared && $0.transactionID == moved.id })
        #expect(sharedEvent.date == parentsRenewal.purchaseDate && sharedEvent.date != t.queue.now)

        // The kid signs in: the app gives access until the shared period's end.
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == moved.expirationDate)
        #expect(t.queue.raw.subscriptionStatuses().map(\.latestTransactionID) == [moved.id])
        #expect(try t.records.status(of: Self.kid, group: Plans.group) == nil, "no status of the kid's own")
    }

    @Test(arguments: StorageKind.allCases)
    func aRefundOfThePeriodRevokesItForTheMemberAndTheAppEndsAccess(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
        t.app.receive(try t.hear { try $0.refundTransaction(bought.id) })
        let copy = try #require(try copies(t).first)
        #expect(copy.revocationType == .familyRevoke)
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
        let status = try #require(try kidsStatus(t), "the kid sees the period taken back")
        #expect(status.state == .revoked && status.latestTransactionID == copy.id && status.expiresDate == copy.revocationDate)
        #expect(!status.willAutoRenew && !status.givesAccess && status.expirationReason == nil)
        #expect(try t.storedEvents.filter { $0.kind == .familyRevoked }.map(\.transactionID) == [copy.id])
    }

    /// Sharing stopped in the second period: the kid's status is that period, revoked when it
    /// was, not the first period expired.
    @Test(arguments: StorageKind.allCases)
    func aMemberSeesThePeriodTakenBackRevokedAtItsRevocationDate(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        t.clock.advance(by: 3600)
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.proMonthly, on: false, account: t.signedIn) })
        let current = try #require(try copies(t).last)
        let revoked = try #require(current.revocationDate)
        #expect(revoked < current.expirationDate!)
        let status = try #require(try kidsStatus(t))
        #expect(status.state == .revoked && status.latestTransactionID == current.id && status.expiresDate == revoked)
        #expect(status.ownershipType == .familyShared && !status.willAutoRenew)
        // The kid signs in: the app and the storefront read it so.
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        #expect(try t.records.visibleStatus(inGroup: Plans.group, catalog: t.queue.raw.store.catalog)?.state == .revoked)
        #expect(t.queue.raw.subscriptionStatuses().map(\.latestTransactionID) == [current.id])
        #expect(!t.app.isSubscriptionActive(Plans.proMonthly, now: t.queue.now))
    }

    @Test(arguments: StorageKind.allCases)
    func stoppingSharingOrLeavingRevokesTheCurrentPeriodOnly(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        let (first, current) = (try copies(t)[0], try copies(t)[1])
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.proMonthly, on: false, account: t.signedIn) })
        #expect(try t.transaction(current.id).revocationType == .familyRevoke)
        #expect(try t.transaction(first.id).revocationDate == nil, "a period that ended stays as it was")
        // Renewals go on for the parent alone.
        let parents = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        try t.advance(to: parents.expiresDate, plus: 1)
        #expect(try copies(t).count == 2)

        // Shared again: the kid gets the current period; leaving takes it back.
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.proMonthly, on: true, account: t.signedIn) })
        let again = try #require(try copies(t).last)
        let renewed = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        #expect(again.revocationDate == nil && again.expirationDate == renewed.expiresDate)
        t.app.receive(try t.hear { try $0.removeFamilyMember(Self.kid) })
        #expect(try t.transaction(again.id).revocationType == .familyRevoke)
    }

    @Test(arguments: StorageKind.allCases)
    func theMembersPeriodEndsWhenThePurchasersDoes(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.buy(Plans.proMonthly)
        try t.hear { try $0.expireSubscription(Plans.proMonthly, account: t.signedIn) }
        let parents = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        let copy = try #require(try copies(t).first)
        #expect(copy.revocationDate == nil && copy.expirationDate! > parents.expiresDate, "the period's facts stay")
        let status = try #require(try kidsStatus(t))
        #expect(status.state == .expired && status.expiresDate == parents.expiresDate)
        try t.advance(to: t.queue.now.addingTimeInterval(40 * 86_400))
        #expect(try copies(t).count == 1, "nothing renews")
    }

    /// The purchaser upgrades at once: the member's period of the old plan ends with it
    /// (`isUpgraded`) and the new plan's is shared, the same subscription of the member's.
    @Test(arguments: StorageKind.allCases)
    func anUpgradeIsSharedAsTheSameSubscription(kind: StorageKind) throws {
        let t = try Self.family(kind, shared: [Plans.proMonthly, Plans.liteMonthly])
        try t.buy(Plans.liteMonthly)
        let lite = try #require(try copies(t).first)
        let pro = try t.buy(Plans.proMonthly)
        #expect(pro.reason == .purchase && pro.originalID != nil, "an upgrade, at once")
        let all = try copies(t)
        #expect(all.count == 2 && all.allSatisfy { $0.revocationDate == nil })
        #expect(all[0].id == lite.id && all[0].isUpgraded == true)
        #expect(all[1].productID == Plans.proMonthly && all[1].reason == .purchase && all[1].originalID == lite.id)
        let status = try #require(try kidsStatus(t))
        #expect(status.productID == Plans.proMonthly && status.latestTransactionID == all[1].id && status.state == .subscribed)
        #expect(try t.storedEvents.filter { $0.kind == .familyRevoked }.isEmpty, "nothing taken back")

        // Upgraded to a plan not shared: the kid's period ends with the old plan's.
        let t2 = try Self.family(kind, shared: [Plans.liteMonthly])
        try t2.buy(Plans.liteMonthly)
        let unshared = try t2.buy(Plans.proMonthly)
        let ended = try #require(try copies(t2).first)
        #expect(try copies(t2).count == 1 && ended.isUpgraded == true && ended.revocationDate == nil)
        let gone = try #require(try t2.records.familyStatuses(of: Self.kid, catalog: t2.queue.raw.store.catalog).first)
        #expect(gone.state == .expired && gone.expiresDate == unshared.purchaseDate && !gone.willAutoRenew, "\(gone) \(unshared)")
    }

    @Test(arguments: StorageKind.allCases)
    func aMemberSubscribedOnTheirOwnGetsNoShareAndKeepsTheirStatus(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.set { $0.account = Self.kid }
        let own = try t.buy(Plans.proYearly)
        try t.set { $0.account = Self.parent }
        try t.buy(Plans.proMonthly)
        #expect(try copies(t).isEmpty)
        #expect(try t.records.status(of: Self.kid, group: Plans.group)?.latestTransactionID == own.id)
        #expect(try t.records.familyStatuses(of: Self.kid, catalog: t.queue.raw.store.catalog).isEmpty)
    }

    /// The kid's own subscription ended: the parent's shared one is what the kid sees.
    @Test(arguments: StorageKind.allCases)
    func aMembersEndedSubscriptionGivesWayToTheSharedOne(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.set { $0.account = Self.kid }
        try t.buy(Plans.proYearly)
        try t.hear { try $0.expireSubscription(Plans.proYearly, account: t.signedIn) }
        try t.set { $0.account = Self.parent }
        let bought = try t.buy(Plans.proMonthly)
        try t.set { $0.account = Self.kid }
        try t.queue.tick()
        let catalog = t.queue.raw.store.catalog
        let seen = try #require(try t.records.visibleStatus(inGroup: Plans.group, catalog: catalog))
        #expect(seen.isFamilyShared && seen.state == .subscribed && seen.expiresDate == bought.expirationDate)
        #expect(t.queue.raw.subscriptionStatuses().contains { $0.isFamilyShared && $0.givesAccess })
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == bought.expirationDate)
    }

    /// Leaving the family while the parent is in grace: no new period to take back, but the
    /// kid's status ends there.
    @Test(arguments: StorageKind.allCases)
    func leavingDuringThePurchasersGraceEndsTheMembersAccess(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.set { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let bought = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        #expect(try kidsStatus(t)?.state == .inGracePeriod)
        t.app.receive(try t.hear { try $0.removeFamilyMember(Self.kid) })
        let status = try #require(try kidsStatus(t))
        #expect(status.state == .expired && !status.givesAccess)
    }

    /// A restore's copy of a shared period is no period of its own: sharing stopped takes the
    /// access, and the next renewal continues the kid's subscription from its first period.
    @Test(arguments: StorageKind.allCases)
    func aRestoredPeriodNeitherKeepsAccessNorStartsTheChain(kind: StorageKind) throws {
        let t = try Self.family(kind)
        let bought = try t.buy(Plans.proMonthly)
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        try t.set { $0.account = Self.kid }
        try t.restore()
        let first = try copies(t)[0]
        try t.set { $0.account = Self.parent }
        let parents = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        try t.advance(to: parents.expiresDate, plus: 1)
        let periods = try copies(t).filter { $0.queueState.state == .purchased }
        #expect(periods.count == 3 && periods.last?.originalID == first.id, "\(periods.map(\.originalID))")
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.proMonthly, on: false, account: t.signedIn) })
        #expect(try kidsStatus(t).map { $0.givesAccess } != true)
    }

    /// Sharing stopped holds for the whole subscription: a plan change does not share again.
    @Test(arguments: StorageKind.allCases)
    func sharingStoppedHoldsAcrossAPlanChange(kind: StorageKind) throws {
        let t = try Self.family(kind, shared: [Plans.proMonthly, Plans.liteMonthly])
        try t.buy(Plans.liteMonthly)
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.liteMonthly, on: false, account: t.signedIn) })
        try t.buy(Plans.proMonthly)
        #expect(try copies(t).filter { $0.revocationDate == nil && $0.productID == Plans.proMonthly }.isEmpty)
        t.app.receive(try t.hear { try $0.setFamilySharing(Plans.proMonthly, on: true, account: t.signedIn) })
        #expect(try copies(t).contains { $0.revocationDate == nil && $0.productID == Plans.proMonthly })
    }

    /// A subscription whose first purchase was interrupted and then resolved: the kid has it
    /// from the first period, and its renewals continue it.
    @Test(arguments: StorageKind.allCases)
    func aResolvedFirstPurchaseIsSharedFromItsFirstPeriod(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.set { $0.interrupted = true }
        let interrupted = try t.buy(Plans.proMonthly)
        try t.set { $0.interrupted = false }
        let resolution = try t.queue.resolve(transactionID: interrupted.id)
        let first = try #require(try copies(t).first)
        #expect(try kidsStatus(t)?.latestTransactionID == first.id)
        let parents = try #require(try t.records.status(of: Self.parent, group: Plans.group))
        try t.advance(to: parents.expiresDate, plus: 1)
        #expect(try copies(t).last?.originalID == first.id && resolution.queueState.state == .purchased)
    }

    @Test(arguments: StorageKind.allCases)
    func aSharedPeriodIsNeverTakenForTheMembersOwnSubscription(kind: StorageKind) throws {
        let t = try Self.family(kind)
        try t.buy(Plans.proMonthly)
        // Reading the records again (adopting purchases without a status) makes no status of a copy.
        try t.set { $0.askToBuy = true }
        #expect(try t.records.subscriptions.map(\.account) == [Self.parent])
        #expect(try t.relaunched().records.subscriptions.map(\.account) == [Self.parent])
    }
}
