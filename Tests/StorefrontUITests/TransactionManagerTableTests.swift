import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Wording
import Testing
@testable import StorefrontUI

/// The Transaction Manager's list as the docs show it: its title, an ACCOUNT column when more
/// than one account has bought, the price and product kept before the status at 70 columns,
/// and a subscription period's state in STATUS.
@Suite struct TransactionManagerTableTests {
    static let kid = "kid@example.com"

    private func lines(_ ui: UITestHarness) -> [String] { ui.screen.components(separatedBy: "\n") }

    @Test func theTitleNamesThePanelThenTheCountThenTheFilters() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        ui.press(.char("t"))
        #expect(lines(ui)[0].hasPrefix(" Transaction Manager · 1 transaction · Account: all · Product: all · times"), "\(lines(ui)[0])")
    }

    @Test func anAccountColumnOnlyWithMoreThanOneAccount() throws {
        let ui = try UITestHarness()
        try ui.buy("5 Monkey Credits")
        ui.press(.char("t"))
        #expect(!lines(ui)[1].contains("ACCOUNT"), "one account: no column\n\(ui.screen)")
        ui.press(.escape)
        try ui.changeSettings { $0.account = Self.kid }
        try ui.buy("Premium content")
        ui.press(.char("t"))
        let header = lines(ui)[1]
        #expect(header.contains("ACCOUNT"), "\(ui.screen)")
        #expect(lines(ui).contains { $0.contains(Self.kid) && $0.contains("Premium Quotes") }, "\(ui.screen)")
        #expect(lines(ui).contains { $0.contains(Settings.defaultAccount) && $0.contains("5 Monkey Credits") }, "\(ui.screen)")
    }

    @Test(arguments: [(70, 20), (80, 24), (100, 30)])
    func priceAndProductComeBeforeTheStatus(width: Int, height: Int) throws {
        let ui = try UITestHarness(width: width, height: height)
        try ui.buy("5 Monkey Credits")
        try ui.changeSettings { $0.account = Self.kid }
        try ui.buy("Premium content")
        ui.press(.char("t"))
        #expect(lines(ui).contains { $0.contains("5 Monkey Credits") && $0.hasSuffix("$0.99") }, "\(ui.screen)")
        #expect(lines(ui).contains { $0.contains("Premium Quotes") && $0.hasSuffix("$2.99") }, "\(ui.screen)")
        #expect(lines(ui)[1].hasSuffix("PRICE"), "\(ui.screen)")
    }

    @Test func aSubscriptionPeriodSaysWhereItStands() throws {
        let ui = try UITestHarness { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        try ui.buy("Pro Monthly")
        ui.press(.char("t"))
        #expect(lines(ui).contains { $0.contains("Pro Monthly") && $0.contains("purchased") }, "\(ui.screen)")
        ui.press(.escape)
        ui.wait(seconds: 8 * 86_400)
        ui.press(.escape, .char("t"))
        #expect(lines(ui).contains { $0.contains("Pro Monthly") && $0.contains("grace period") }, "\(ui.screen)")
        ui.press(.escape)
        ui.wait(seconds: 17 * 86_400)
        ui.press(.escape, .char("t"))
        #expect(lines(ui).contains { $0.contains("Pro Monthly") && $0.contains("billing retry") }, "\(ui.screen)")
    }

    @Test func anEndedPeriodReadsExpired() throws {
        let ui = try UITestHarness()
        try ui.buy("Pro Monthly")
        try ui.changeSettings { $0.account = Self.kid }
        try ui.buy("Pro Monthly")
        let admin = StoreAdmin(store: AppStore(catalog: ui.store.catalog, storage: ui.storage, wallClock: ui.clock))
        try admin.expireSubscription("com.storefront.pro.monthly", account: Self.kid)
        ui.runtime.tick()
        ui.press(.char("t"))
        let rows = lines(ui).filter { $0.contains("Pro Monthly") }
        #expect(rows.contains { $0.contains(Self.kid) && $0.contains("expired") }, "the signed-in account's, from its status:\n\(ui.screen)")
        #expect(rows.contains { $0.contains(Settings.defaultAccount) && $0.contains("purchased") }, "the other's runs on:\n\(ui.screen)")
    }
}

/// The list's status words share one casing: lower case, as `purchased` is.
@Suite struct TransactionManagerStatusCasingTests {
    @Test func everyStatusWordIsLowerCase() {
        let words = Strings.english.manager
        let statuses = [words.upgraded, words.waitingApproval, words.lapsed, words.interrupted, words.inFlight, words.sheetOpen, words.held,
                        words.billingRetry, words.gracePeriod, words.expired, words.revoked, words.familyShared,
                        words.refundRequested, words.refundDeclined, words.refundedOn("2027-01-15")]
            + [TransactionState.purchased, .failed, .restored, .deferred, .purchasing].map { Strings.english.log.state($0) }
        for status in statuses {
            #expect(status.first?.isLowercase == true, "\(status)")
        }
    }
}
