import Foundation
import AppStoreCore
import StoreKitSim

/// The products request, as the app follows it: what the rows show while it is on its way and
/// once it answers, and when a failure is said out loud. The runtime only asks the store and
/// hands back its answer (`Action.productsRequested`, `productsAnswered`).
extension AppState {
    /// A request on its way: the rows read "Loading…" until its answer, but a retry keeps the
    /// products the app has on screen meanwhile (another storefront or locale has other
    /// products: they start from "Loading…").
    mutating func productsRequested(retrying: Bool) {
        var asked = snapshot
        asked.isRequestingProducts = true
        if !(retrying && asked.loadedProducts != nil) { asked.products = nil }
        isRetryingProducts = retrying
        keepingLogEnd { $0.replaceSnapshot(asked) }
    }

    /// The store's answer. A failure takes nothing away: an app keeps the products it has, as
    /// one whose request fails keeps its SKProducts. A retry's failure is said out loud, so a
    /// retry that ends where it started is not mistaken for a dead key.
    mutating func takeProducts(_ answer: Result<ProductsResponse, StoreError>) {
        var answered = snapshot
        answered.isRequestingProducts = false
        if case .success = answer { answered.products = answer }
        if answered.loadedProducts == nil { answered.products = answer }
        let retrying = isRetryingProducts
        isRetryingProducts = false
        keepingLogEnd { $0.replaceSnapshot(answered) }
        guard retrying, case .failure(let error) = answer, case .store = mode else { return }
        mode = .alert(failure(strings.alerts.cannotConnectTitle, error))
    }
}
