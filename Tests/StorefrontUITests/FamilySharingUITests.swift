import Foundation
import SampleApp
import SnapshotTesting
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// Family Sharing as the kid signed in to the storefront sees it: a parent's purchase arrives
/// live as a family-shared transaction with its banner and unlocks the content; its revocation
/// (sharing stopped, a refund) locks it again with a banner and a log line, once.
@Suite struct FamilySharingUITests {
    static let premium = "com.storefront.premium"
    static let parent = "parent@example.com"
    static let kid = "kid@example.com"

    /// The kid signed in; the parent's family with the kid in it.
    private func family(japanese: Bool = false, width: Int = 100, height: Int = 30) throws -> UITestHarness {
        let ui = try UITestHarness(width: width, height: height) {
            $0.account = Self.kid
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        try elsewhere(ui).createFamily(organizer: Self.parent)
        try elsewhere(ui).addFamilyMember(Self.kid, organizer: Self.parent)
        ui.runtime.tick()
        return ui
    }

    /// Another terminal's `storefront family …`: the storefront hears of it at its next tick.
    private func elsewhere(_ ui: UITestHarness) -> StoreAdmin {
        StoreAdmin(store: ui.store)
    }

    @Test(arguments: [false, true])
    func aParentsPurchaseArrivesLiveAndItsRevocationLocksItOnce(japanese: Bool) throws {
        let ui = try family(japanese: japanese)
        let words = ui.state.strings.family
        let name = ui.state.title(of: Self.premium)
        let bought = try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: Self.premium)
        ui.runtime.tick()
        #expect(ui.screen.contains(words.sharedBanner(name)), "\(ui.screen)")
        #expect(ui.state.snapshot.premiumUnlocked && ui.state.snapshot.familyShared == [Self.premium])
        let shared = try #require(ui.storage.records.transactions.last { $0.account == Self.kid })
        #expect(shared.isFamilyShared && shared.queueState.finished)

        try elsewhere(ui).setFamilySharing(Self.premium, on: false, account: Self.parent)
        ui.runtime.tick()
        let takeBack = TakeBack.locked(Self.premium).text(app: ui.state.appDescription, strings: ui.state.strings)
        #expect(ui.screen.contains(words.revokedBanner(name, ui.state.strings.log.lockedAgain)), "\(ui.screen)")
        #expect(ui.state.log.map(\.text).filter { $0 == words.revoked(shared.id, takeBack) }.count == 1)
        #expect(!ui.state.snapshot.premiumUnlocked)
        ui.runtime.tick()
        try ui.relaunch()
        #expect(!ui.state.log.map(\.text).contains(words.revoked(shared.id, takeBack)), "taken back once, not again at launch")
        #expect(!ui.state.snapshot.premiumUnlocked && bought.account == Self.parent)
    }

    /// Failed before: the kid's relaunched log showed the parent's purchase, dimmed, as
    /// "1000000001 purchased … (bought outside the app)", as if the kid's own.
    @Test(arguments: [false, true])
    func theEarlierLogShowsTheKidsFamilySharedTransaction(japanese: Bool) throws {
        let ui = try family(japanese: japanese)
        let bought = try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: "com.storefront.pro.monthly")
        ui.runtime.tick()
        try ui.relaunch()
        let shared = try #require(ui.storage.records.transactions.last { $0.account == Self.kid })
        #expect(ui.state.earlier.map(\.id) == [shared.id], "the kid's app saw its own copy, not the parent's \(bought.id)")
        let line = try #require(ui.screen.split(separator: "\n").first { $0.contains("\(shared.id) ") }, "\(ui.screen)")
        #expect(line.contains("(\(ui.state.strings.family.sharedNote))"), "\(line)")
        #expect(!ui.screen.contains("\(bought.id) "), "\(ui.screen)")
    }

    @Test func theTransactionManagerShowsItFamilySharedAndTurnsSharingOff() throws {
        let ui = try family()
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: Self.premium)
        ui.runtime.tick()
        ui.press(.char("t"))
        let words = ui.state.strings.family
        #expect(ui.screen.contains(words.familyShared), "\(ui.screen)")
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager") }
        let shared = try #require(panel.rows.first { $0.account == Self.kid })
        let purchase = try #require(panel.rows.first { $0.account == Self.parent })
        #expect(!ui.state.actions(for: shared).contains { if case .operation(.refund) = $0 { true } else { false } },
                "only the purchaser's purchase is refunded")
        #expect(!ui.state.actions(for: shared).contains { if case .operation(.familySharing) = $0 { true } else { false } },
                "only the purchaser shares it")
        let stop = TransactionAction.operation(.familySharing(productID: Self.premium, on: false, account: Self.parent))
        #expect(ui.state.actions(for: purchase).contains(stop))
        assertSnapshot(of: ui.screen, as: .lines, named: "family-shared-100x30")
    }

    /// A parent's Pro Monthly, shared: the kid has access, Manage Subscriptions says whose it is
    /// and offers no cancel, and the parent's billing problem asks nothing of the kid.
    @Test(arguments: [false, true])
    func aSharedSubscriptionIsTheKidsToUseNotToManage(japanese: Bool) throws {
        let ui = try family(japanese: japanese)
        let monthly = "com.storefront.pro.monthly"
        let bought = try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: monthly)
        ui.runtime.tick()
        #expect(ui.state.snapshot.subscriptions.map(\.ownershipType) == [.familyShared])
        let end = try #require(bought.expirationDate)
        #expect(ui.runtime.app.subscriptionExpiry(monthly) == end, "the kid has access until the period's end")
        try ui.select(ui.state.title(of: monthly))
        ui.press(.char("m"))
        // It renews with the purchaser's plan, and its price is not the kid's to pay.
        let shared = ui.state.strings.store.sharedByFamilyRenews(ui.state.localDate(end))
        #expect(ui.screen.contains("\(ui.state.title(of: monthly)) — \(shared)"), "\(ui.screen)")
        let price = try #require(ui.state.snapshot.product(monthly)?.formattedPrice)
        #expect(!ui.screen.split(separator: "\n").contains { $0.contains("✓ \(ui.state.title(of: monthly))") && $0.contains(price) },
                "no price on the shared plan's line:\n\(ui.screen)")
        #expect(ui.state.manageAction(inGroup: "pro") == nil, "the parent manages it")
        #expect(!ui.screen.contains(ui.state.strings.store.cancelSubscription), "\(ui.screen)")
        assertSnapshot(of: ui.screen, as: .lines, named: "family-shared-subscription\(japanese ? "-ja" : "")-100x30")

        // In the Transaction Manager the kid's period offers no subscription action; the
        // parent's purchase offers to stop sharing it.
        ui.press(.escape, .char("t"))
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager") }
        let copy = try #require(panel.rows.first { $0.account == Self.kid })
        let offered = ui.state.actions(for: copy)
        #expect(!offered.contains { action in
            switch action {
            case .operation(.expire), .operation(.renew), .operation(.autoRenew), .requestPriceIncrease: true
            default: false
            }
        }, "\(offered)")
        let purchase = try #require(panel.rows.first { $0.id == bought.id })
        #expect(ui.state.actions(for: purchase).contains(.operation(.familySharing(productID: monthly, on: false, account: Self.parent))))
    }

    /// p on a product the family shares: nothing of the kid's own to ask a refund of.
    @Test func aSharedPurchaseHasNoRefundToAskFor() throws {
        let ui = try family()
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: Self.premium)
        ui.runtime.tick()
        try ui.select("Premium quote 1")
        ui.press(.char("p"))
        #expect(ui.screen.contains(ui.state.strings.refunds.nothingToRefundTitle), "\(ui.screen)")
    }

    /// A product page says a plan can be shared until the account's own purchase is shared.
    @Test func theProductPageSaysSharedOnlyWhenItIs() throws {
        let ui = try family()
        try ui.changeSettings { $0.account = Self.parent }
        let words = ui.state.strings.family
        let lines = { DetailPane.productLines(Self.premium, state: ui.state).map(\.text) }
        #expect(lines().contains(words.shareable) && words.shareable.contains("can be shared"), "\(lines())")
        try ui.buy("Premium content")
        #expect(lines().contains(words.sharedWithFamily), "bought in a family: shared\n\(lines())")
        try elsewhere(ui).setFamilySharing(Self.premium, on: false, account: Self.parent)
        ui.runtime.tick()
        #expect(lines().contains(words.shareable), "sharing off: it can be shared again\n\(lines())")
    }

    /// A shared plan's renewal reaches the kid as a renewal, and its banner says so.
    @Test func aSharedRenewalsBannerSaysRenewed() throws {
        let ui = try family()
        let monthly = "com.storefront.pro.monthly"
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: monthly)
        ui.runtime.tick()
        ui.wait(seconds: 8 * 86_400)
        let name = ui.state.title(of: monthly)
        #expect(ui.screen.contains(ui.state.strings.family.sharedRenewalBanner(name)), "\(ui.screen)")
    }

    /// The kid's app closed while the parent's plan renewed and sharing stopped: at the kid's
    /// launch the renewal, taken back before the app got it, is told as sharing ended, and the
    /// product page no longer says the family shares it.
    @Test(arguments: [false, true])
    func aRenewalTakenBackBeforeTheAppGotItIsToldAsSharingEnded(japanese: Bool) throws {
        let ui = try family(japanese: japanese)
        let monthly = "com.storefront.pro.monthly"
        try ui.changeSettings { $0.account = Self.parent }
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: monthly)
        ui.wait(seconds: 8 * 86_400)
        try elsewhere(ui).setFamilySharing(monthly, on: false, account: Self.parent)
        let copies = ui.transactions.filter { $0.account == Self.kid && $0.isFamilyShared }
        #expect(copies.count == 2 && copies.last?.revocationType == .familyRevoke && copies.last?.queueState.finished == false)
        try ui.changeSettings { $0.account = Self.kid }
        ui.wait(seconds: 1)
        let name = ui.state.title(of: monthly)
        let words = ui.state.strings
        #expect(ui.state.banner?.text == words.family.revokedBanner(name, words.log.nothingDeliveredShort), "\(String(describing: ui.state.banner))")
        #expect(!DetailPane.productLines(monthly, state: ui.state).map(\.text).contains(words.family.sharedWithYou))
    }

    /// The parent stops sharing the plan: the kid's Manage Subscriptions says it is no longer
    /// shared, and since when, and offers a plan of the kid's own (it still said "Shared with
    /// you. Choose a plan to subscribe yourself.").
    @Test(arguments: [false, true])
    func manageSubscriptionsSaysASharingRevoked(japanese: Bool) throws {
        let ui = try family(japanese: japanese)
        let monthly = "com.storefront.pro.monthly"
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: monthly)
        ui.runtime.tick()
        try ui.select(ui.state.title(of: monthly))
        ui.press(.char("m"))
        let words = ui.state.strings.store
        #expect(ui.screen.contains(words.manageHelpShared), "\(ui.screen)")
        ui.press(.escape)
        ui.wait(seconds: 3600)
        try elsewhere(ui).setFamilySharing(monthly, on: false, account: Self.parent)
        ui.runtime.tick()
        let status = try #require(ui.state.snapshot.subscription(inGroup: "pro"))
        #expect(status.isFamilyShared && status.state == .revoked, "\(status)")
        try ui.select(ui.state.title(of: monthly))
        ui.press(.char("m"))
        let revoked = words.manageHelpSharingRevoked(ui.state.localDate(status.expiresDate))
        #expect(ui.screen.contains(revoked) && !ui.screen.contains(words.manageHelpShared), "\(ui.screen)")
    }

    @Test func theStoreScreenSaysTheProductIsShared() throws {
        let ui = try family()
        try ui.select("Premium content here")
        #expect(DetailPane.productLines(Self.premium, state: ui.state).map(\.text).contains(ui.state.strings.family.shareable), "\(ui.screen)")
        #expect(ui.screen.contains("can be shared"), "\(ui.screen)")
        try elsewhere(ui).buyAsFamilyMember(Self.parent, productID: Self.premium)
        ui.runtime.tick()
        // The offer row gives way to the content unlocked: the product's detail says whose purchase it is.
        let lines = DetailPane.productLines(Self.premium, state: ui.state).map(\.text)
        #expect(lines.contains(ui.state.strings.family.sharedWithYou), "\(lines)")
    }
}
