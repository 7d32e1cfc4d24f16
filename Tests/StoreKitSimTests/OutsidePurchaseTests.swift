import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// Purchases made outside the app (SKTestSession.buyProduct): another device of the account,
/// the App Store. They reach the app as updates it did not start.
@Suite struct OutsidePurchaseTests {
    /// A store-side process: another terminal's `storefront buy-outside`, which launched no app.
    private func elsewhere(_ t: Harness) -> StoreAdmin { StoreAdmin(store: t.store) }

    @Test(arguments: StorageKind.allCases)
    func anOpenAppHearsItLiveAndDeliversIt(kind: StorageKind) throws {
        let t = try Harness(kind)
        t.clock.advance(by: 60)
        let (bought, events) = try t.hearing { try $0.buyOutsideApp(ID.premium, account: t.signedIn) }
        #expect(bought.queueState.state == .purchased && bought.reason == .outsideApp && !bought.queueState.finished && bought.queueState.phase == nil)
        #expect(bought.account == Settings.defaultAccount && bought.purchaseDate == t.queue.now && bought.price == 2.99
            && bought.currency == "USD" && bought.storefront == "USA")
        #expect(events == [.updated(bought, .live)], "heard as news, not a redelivery")
        t.app.receive(events)
        #expect(t.app.isPurchased(ID.premium))
        #expect(try t.transaction(bought.id).queueState.finished)
        #expect(try t.storedEvents.map(\.kind) == [.purchased])
    }

    @Test(arguments: StorageKind.allCases)
    func aClosedAppGetsItOnceAtItsNextLaunch(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory, launch: false)
        let bought = try elsewhere(t).buyOutsideApp(ID.credits5, quantity: 3, account: t.signedIn)
        _ = try t.app.launch()
        #expect(t.app.credits == 15)
        #expect(try t.transaction(bought.id).queueState.finished)
        let again = try t.relaunched()
        let relaunch = try again.app.launch()
        #expect(again.app.credits == 15 && relaunch.isEmpty, "delivered once")
    }

    @Test(arguments: StorageKind.allCases)
    func thisDevicesConditionsPlayNoPart(kind: StorageKind) throws {
        let t = try Harness(kind) {
            $0.canMakePayments = false
            $0.askToBuy = true
            $0.network = false
            $0.interrupted = true
            $0.failures[.purchase] = .skError(.unknown)
        }
        let (bought, _) = try t.hearing { try $0.buyOutsideApp(ID.credits10, account: t.signedIn) }
        #expect(bought.queueState.state == .purchased && bought.queueState.error == nil)
    }

    @Test(arguments: StorageKind.allCases)
    func aSubscriptionBoughtOutsideStartsItsGroup(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        let (bought, events) = try t.hearing { try $0.buyOutsideApp(Plans.proMonthly, account: t.signedIn) }
        t.app.receive(events)
        #expect(bought.isTrialPeriod == true && bought.expirationDate == Plans.week.added(to: t.queue.now))
        #expect(try t.status?.state == .subscribed && t.status?.productID == Plans.proMonthly)
        #expect(t.app.subscriptionExpiry(Plans.proMonthly) == bought.expirationDate)
        #expect(throws: StoreError.alreadyOwned) { try t.hearing { try $0.buyOutsideApp(Plans.proMonthly, account: t.signedIn) } }
        // Another plan of the group bought outside is a plan change, as in the app: a
        // crossgrade to another period at the renewal.
        let (crossgrade, _) = try t.hearing { try $0.buyOutsideApp(Plans.proYearly, account: t.signedIn) }
        #expect(try t.status?.productID == Plans.proMonthly && t.status?.autoRenewProductID == Plans.proYearly)
        #expect(crossgrade.originalID == bought.id)
    }

    @Test(arguments: StorageKind.allCases)
    func whatCannotBeBoughtOutsideIsRefusedAndNothingIsWritten(kind: StorageKind) throws {
        let t = try Harness(kind)
        try t.buy(ID.premium)
        let before = try t.records
        #expect(throws: StoreAdminError.alreadyPurchased(ID.premium)) { try t.hearing { try $0.buyOutsideApp(ID.premium, account: t.signedIn) } }
        #expect(throws: StoreAdminError.noSuchProduct("nope")) { try t.hearing { try $0.buyOutsideApp("nope", account: t.signedIn) } }
        #expect(throws: StoreError.invalidQuantity(2, of: ID.yearly, maximum: 1)) { try t.hearing { try $0.buyOutsideApp(ID.yearly, quantity: 2, account: t.signedIn) } }
        #expect(throws: StoreError.invalidQuantity(0, of: ID.credits5, maximum: Product.largestQuantity)) {
            try t.hearing { try $0.buyOutsideApp(ID.credits5, quantity: 0, account: t.signedIn) }
        }
        try t.set { $0.account = nil }
        #expect(throws: StoreError.notSignedIn) { try t.hearing { try $0.buyOutsideApp(ID.credits5, account: t.signedIn) } }
        var after = try t.records
        after.settings.account = before.settings.account
        #expect(after.transactions == before.transactions)
    }
}
