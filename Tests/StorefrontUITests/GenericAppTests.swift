import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// A catalog with no app description: every product by type, with the generic app.
@Suite struct GenericAppTests {
    private static func catalog() -> Catalog {
        func product(_ id: String, _ title: String, _ type: ProductType, group: String? = nil, level: Int? = nil,
                     intro: SubscriptionOffer? = nil) -> CatalogProduct {
            let isSubscription = type == .autoRenewable || type == .nonRenewing
            return CatalogProduct(
                id: id, type: type,
                localizations: [ProductLocalization(locale: "en_US", title: title, description: "About \(title)."),
                                ProductLocalization(locale: "ja", title: "\(title)（日本語）", description: "説明")],
                price: .perStorefront(["USA": Decimal(string: "1.99")!, "DEU": Decimal(string: "2.29")!]),
                subscription: isSubscription ? SubscriptionInfo(period: SubscriptionPeriod(value: 1, unit: .month), groupID: group,
                                                                level: level, introductoryOffer: intro) : nil)
        }
        return Catalog(
            products: [
                product("coins", "100 Coins", .consumable),
                product("plus.monthly", "Plus Monthly", .autoRenewable, group: "plus", level: 2,
                        intro: SubscriptionOffer(paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month),
                                                 periodCount: 3, price: Decimal(string: "0.99")!)),
                product("theme", "Dark Theme", .nonConsumable),
                product("plus.yearly", "Plus Yearly", .autoRenewable, group: "plus", level: 1),
                product("team", "Team Monthly", .autoRenewable, group: "team", level: 1),
            ],
            subscriptionGroups: [SubscriptionGroup(id: "plus", name: "Plus"), SubscriptionGroup(id: "team", name: "Team")])
    }

    private func harness(_ settings: @escaping (inout Settings) -> Void = { _ in }) throws -> UITestHarness {
        let catalog = Self.catalog()
        return try UITestHarness(catalog: catalog, appDescription: .generic(for: catalog, named: "Shop"), settings: settings)
    }

    @Test func everyProductByTypeWithGroupsInLevelOrder() throws {
        let ui = try harness()
        let titles = ui.state.rows.map { row -> String in
            if case .section(let name) = row { return "# \(name)" }
            return RowText(row, state: ui.state).title
        }
        #expect(titles == ["# Non-consumables", "Dark Theme", "# Consumables", "100 Coins",
                           "# Subscriptions · Plus", "Plus Yearly", "Plus Monthly", "# Subscriptions · Team", "Team Monthly"])
        #expect(!ui.screen.contains("credits"), "no credit balance in the header: \(ui.screen)")
        #expect(RowText(.product("plus.monthly"), state: ui.state).trailing == "$0.99/mo for 3 mo, then $1.99/mo",
                "its pay-as-you-go offer, short with the plan's price where the whole does not fit")
    }

    @Test func aNonConsumableUnlocksAndAConsumableCountsItsOwnBalance() throws {
        let ui = try harness()
        try ui.buy("100 Coins", quantity: 3)
        try ui.buy("Dark Theme")
        #expect(ui.state.snapshot.balances["coins"] == 3)
        #expect(RowText(.product("coins"), state: ui.state).title == "100 Coins ×3")
        #expect(RowText(.product("theme"), state: ui.state).trailing == "✓ unlocked")
        #expect(ui.runtime.app.defaults.integer(forKey: "coins") == 3, "kept under the product id")
    }

    @Test func theLocalePicksTitlesAndTheStorefrontTheCurrency() throws {
        let ui = try harness { $0.storefront = "DEU"; $0.locale = "de_DE" }
        #expect(RowText(.product("coins"), state: ui.state).trailing == "2,29\u{a0}€")
        try ui.changeSettings { $0.locale = "ja_JP" }
        ui.wait()
        #expect(RowText(.product("coins"), state: ui.state).title == "100 Coins（日本語）")
        #expect(RowText(.product("coins"), state: ui.state).trailing == "€2.29")
    }

    /// A non-renewing subscription as a .storekit file has it: no period (StoreKit gives none).
    private static func seasonPassCatalog() -> Catalog {
        Catalog(products: [CatalogProduct(
            id: "season", type: .nonRenewing,
            localizations: [ProductLocalization(locale: "en_US", title: "Season Pass", description: "All season.")],
            price: .everywhere(Decimal(string: "9.99")!))])
    }

    /// Failed before: the app's expiry was the purchase date, so a bought pass was never active.
    @Test func aNonRenewingSubscriptionWithNoPeriodLastsTheAppsDefaultMonth() throws {
        let catalog = Self.seasonPassCatalog()
        let ui = try UITestHarness(catalog: catalog, appDescription: .generic(for: catalog, named: "Shop"))
        try ui.select("Season Pass")
        ui.press(.enter)
        #expect(ui.screen.contains("$9.99 for 1 month"), "the sheet states what it lasts: \(ui.screen)")
        ui.press(.enter)
        ui.wait()
        ui.press(.enter)
        let bought = try #require(ui.transactions.last { $0.productID == "season" }?.queueState.transactionDate)
        #expect(ui.runtime.app.subscriptionExpiry("season") == SubscriptionPeriod(value: 1, unit: .month).added(to: bought))
        #expect(ui.runtime.app.isSubscriptionActive("season", now: ui.state.now))
        #expect(RowText(.product("season"), state: ui.state).trailing == Strings.english.store.active, "the row says so")
    }

    @Test func theAppDescriptionSaysHowLongANonRenewingSubscriptionLasts() throws {
        let catalog = Self.seasonPassCatalog()
        var app = AppDescription.generic(for: catalog, named: "Shop")
        app.nonRenewingPeriods = ["season": SubscriptionPeriod(value: 3, unit: .month)]
        let ui = try UITestHarness(catalog: catalog, appDescription: app)
        try ui.buy("Season Pass")
        let bought = try #require(ui.transactions.last { $0.productID == "season" }?.queueState.transactionDate)
        let first = try #require(ui.runtime.app.subscriptionExpiry("season"))
        #expect(first == SubscriptionPeriod(value: 3, unit: .month).added(to: bought))
        ui.press(.enter, .right, .enter)
        #expect(ui.screen.contains("Extends your pass to \(ui.state.localDate(SubscriptionPeriod(value: 3, unit: .month).added(to: first)))."))
        ui.press(.enter)
        ui.wait()
        #expect(ui.runtime.app.subscriptionExpiry("season") == SubscriptionPeriod(value: 3, unit: .month).added(to: first),
                "bought again while active, it follows the one running")
    }
}
