import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
@testable import StorefrontUI
import Wording

/// The storefront runtime over an in-memory store and a manual clock: keys in, text out.
final class UITestHarness {
    let clock: ManualClock
    let storage: InMemoryStorage
    let store: AppStore
    private(set) var runtime: StorefrontRuntime
    let directory: URL

    /// `loadsProducts`: the storefront opens with the products request's answer in (false: it
    /// still reads "Loading…"). `timeZone`: where the screen's times are shown (UTC unless a
    /// test says, whatever the machine's zone).
    init(width: Int = 100, height: Int = 30, catalog: Catalog? = nil, appDescription: AppDescription = .builtIn, loadsProducts: Bool = true,
         timeZone: TimeZone = TimeZone(identifier: "UTC")!,
         settings: (inout Settings) -> Void = { _ in }) throws {
        var records = StoreWorkingSet()
        records.settings.latencyMilliseconds = 1000
        settings(&records.settings)
        // The products come after the latency: the clock starts that much earlier, so they are
        // in at the usual start time.
        let start = ManualClock().now
        clock = ManualClock(now: loadsProducts ? start - records.settings.latency : start)
        storage = InMemoryStorage(records)
        store = AppStore(catalog: try catalog ?? CatalogLoader.defaultCatalog(), storage: storage, wallClock: clock)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ui-\(UUID().uuidString)")
        let defaults = try UserDefaultsFile(url: directory.appendingPathComponent("UserDefaults.json"))
        runtime = try StorefrontRuntime(store: store, appDescription: appDescription, defaults: defaults, width: width, height: height,
                                        times: TimeDisplay(timeZone: timeZone))
        if loadsProducts { wait(seconds: records.settings.latency) }
    }

    /// Quits and opens the storefront again on the same store and UserDefaults.json, and
    /// waits for its products (`loadsProducts` false: not yet).
    func relaunch(loadsProducts: Bool = true) throws {
        let defaults = try UserDefaultsFile(url: directory.appendingPathComponent("UserDefaults.json"))
        runtime = try StorefrontRuntime(store: store, appDescription: state.appDescription, defaults: defaults, width: state.width, height: state.height,
                                        times: state.times)
        if loadsProducts { wait(seconds: try store.settings().latency) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var state: AppState { runtime.state }
    var screen: String { render(runtime.state).text }

    func press(_ keys: Key...) {
        for key in keys { runtime.send(key) }
    }

    func type(_ text: String) {
        for ch in text { runtime.send(.char(ch)) }
    }

    /// Every transaction the store holds, oldest first (the screen shows a page of them at most).
    var transactions: [Transaction] {
        (try? store.storage.history(last: nil, finishedOnly: false)) ?? []
    }

    /// Lets the store answer whatever is in flight.
    func wait(seconds: TimeInterval = 2) {
        clock.advance(by: seconds)
        runtime.tick()
    }

    /// The purchase sheet as it opens for `productID`.
    func sheet(_ productID: String) -> PurchaseSheet {
        PurchaseSheet(productID: productID, product: state.snapshot.product(productID))
    }

    /// The storefront's words in Japanese. The one place tests say how: a Japanese device
    /// locale in the Japanese storefront.
    static func useJapanese(_ settings: inout Settings) {
        settings.storefront = "JPN"
        settings.locale = "ja_JP"
    }

    /// Selects the first row whose title contains `title`, in the screen's language or the
    /// other: a test's steps read the same on an English and a Japanese screen.
    func select(_ title: String) throws {
        guard let index = state.rows.firstIndex(where: { names(of: $0).contains { $0.contains(title) } }) else {
            throw HarnessError("no row \(title)")
        }
        press(.home)
        while state.selection < index {
            let before = state.selection
            press(.down)
            // A dialog open over the list takes the keys: fail instead of pressing for ever.
            guard state.selection > before else {
                throw HarnessError("the selection stopped at row \(before) on its way to \(title) (mode: \(state.mode))")
            }
        }
    }

    /// A row's title as shown, and in every language the app and the catalog have.
    private func names(of row: StoreRow) -> [String] {
        let shown = RowText(row, state: state).title
        switch row {
        case .section, .invalid: return [shown]
        case .content(let item, _): return [shown] + item.localizations.map(\.title)
        case .product(let id): return [shown] + (state.catalog.product(id)?.localizations.map(\.title) ?? [])
        case .premiumOffer: return [shown] + Strings.allCases.map(\.store.premiumOffer)
        case .promotionalOffer: return [shown] + Strings.allCases.map(\.store.specialOffer)
        case .credits: return [shown] + Strings.allCases.map(\.store.yourCredits)
        }
    }

    /// Buys the selected product with the sheet's Buy button and waits for the outcome. With
    /// Ask to Buy on, the sheet's Ask brings the Ask Permission question, answered with Ask.
    func buySelected(quantity: Int = 1) {
        press(.enter)
        for _ in 1..<quantity { press(.char("+")) }
        press(.enter)
        if case .sheet(let sheet) = state.mode, sheet.stage == .askPermission { press(.enter) }
        wait()
    }

    /// Twelve failed purchases, an interrupted one left waiting, then two bought: more rows
    /// than a screen holds once each error's message is counted.
    func fillLog() throws {
        try changeSettings { $0.failWith = .storeProductNotAvailable }
        try select("5 Monkey Credits")
        for _ in 1...12 {
            buySelected()
            press(.enter)
        }
        try changeSettings { $0.failWith = nil; $0.interrupted = true }
        try select("One-Year Pass")
        buySelected()
        press(.escape)
        try changeSettings { $0.interrupted = false }
        for product in ["10 Monkey Credits", "Pro Monthly"] { try buy(product) }
    }

    /// Buys the row titled `title` and dismisses the outcome (success, Ask to Buy notice or
    /// failure alert), back on the store screen.
    func buy(_ title: String, quantity: Int = 1) throws {
        try select(title)
        buySelected(quantity: quantity)
        press(.enter)
    }

    func changeSettings(_ change: (inout Settings) -> Void) throws {
        try store.updateSettings(change)
        runtime.tick()
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
