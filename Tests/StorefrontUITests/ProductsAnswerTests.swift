import Foundation
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// What the app keeps of the products request's answers and what it tells, decided by `update`
/// (the runtime only asks the store and hands the answer back): the whole change each makes.
@Suite struct ProductsAnswerTests {
    /// The products as the store answers the harness's request.
    private static func loaded() throws -> ProductsResponse {
        try #require(try UITestHarness().state.snapshot.loadedProducts)
    }

    private static func cannotConnect(_ state: AppState) -> Mode {
        .alert(state.failure("Cannot Connect to the App Store", .notConnected))
    }

    @Test func aFirstRequestThatFailsReadsNetworkDownWithNoAlert() throws {
        let ui = try UITestHarness(loadsProducts: false)
        #expect(ui.state.snapshot.isRequestingProducts && ui.state.snapshot.products == nil)
        var store = TestStore(ui.state)
        store.receive(.productsAnswered(.failure(.notConnected)), "the app asked by itself: the rows say it") {
            $0.snapshot.products = .failure(.notConnected)
            $0.snapshot.isRequestingProducts = false
        }
        let screen = render(store.state).text
        #expect(screen.contains("Network down?") && screen.contains("R retry") && !screen.contains("Loading…"))
    }

    @Test func aRetryThatFailsKeepsTheProductsShownAndSaysSo() throws {
        let ui = try UITestHarness()
        let products = try #require(ui.state.snapshot.products)
        var store = TestStore(ui.state)
        store.send(.key(.char("R")), effects: [.loadProducts])
        store.receive(.productsRequested(retrying: true), "the products stay on screen while it asks") {
            $0.snapshot.isRequestingProducts = true
            $0.isRetryingProducts = true
        }
        store.receive(.productsAnswered(.failure(.notConnected)), "nothing taken away, and the failure told") {
            $0.snapshot.isRequestingProducts = false
            $0.isRetryingProducts = false
            $0.mode = Self.cannotConnect($0)
        }
        #expect(store.state.snapshot.products == products)
        #expect(render(store.state).text.contains("Cannot Connect to the App Store"))
    }

    @Test func aRetryThatSucceedsShowsTheProductsWithNoAlert() throws {
        let response = try Self.loaded()
        let ui = try UITestHarness { $0.network = false }
        #expect(ui.state.snapshot.productsError == .notConnected)
        var store = TestStore(ui.state)
        store.receive(.productsRequested(retrying: true), "no products to keep: the rows read Loading…") {
            $0.snapshot.products = nil
            $0.snapshot.isRequestingProducts = true
            $0.isRetryingProducts = true
        }
        #expect(render(store.state).text.contains("Loading…"))
        store.receive(.productsAnswered(.success(response))) {
            $0.snapshot.products = .success(response)
            $0.snapshot.isRequestingProducts = false
            $0.isRetryingProducts = false
        }
        #expect(render(store.state).text.contains("$0.99"))
    }

    /// Another storefront or locale asks again by itself: the products it had are another
    /// storefront's, so the rows read "Loading…", and a failure is told by the rows alone.
    @Test func aRequestNotRetriedStartsFromLoadingAndFailsQuietly() throws {
        let ui = try UITestHarness()
        var store = TestStore(ui.state)
        store.receive(.productsRequested(retrying: false)) {
            $0.snapshot.products = nil
            $0.snapshot.isRequestingProducts = true
        }
        store.receive(.productsAnswered(.failure(.notConnected))) {
            $0.snapshot.products = .failure(.notConnected)
            $0.snapshot.isRequestingProducts = false
        }
    }

    /// A retry that fails while another screen is in front (help) interrupts nothing.
    @Test func aRetryThatFailsUnderADialogIsNotAlerted() throws {
        let ui = try UITestHarness()
        var state = ui.state
        _ = update(&state, .productsRequested(retrying: true))
        _ = update(&state, .key(.char("?")))
        var store = TestStore(state)
        store.receive(.productsAnswered(.failure(.notConnected))) {
            $0.snapshot.isRequestingProducts = false
            $0.isRetryingProducts = false
        }
    }

    /// The runtime makes a snapshot of the store before the answer it hands back is taken: the
    /// answer's products stay.
    @Test func aSnapshotOfTheStoreKeepsTheProductsTheStateHas() throws {
        let response = try Self.loaded()
        let ui = try UITestHarness(loadsProducts: false)
        var madeBefore = ui.state.snapshot
        madeBefore.credits = 3
        var store = TestStore(ui.state)
        store.receive(.productsAnswered(.success(response))) {
            $0.snapshot.products = .success(response)
            $0.snapshot.isRequestingProducts = false
        }
        store.receive(.storeChanged(madeBefore), "the store's change, the answer's products") { $0.snapshot.credits = 3 }
        #expect(store.state.snapshot.loadedProducts == response)
    }
}
