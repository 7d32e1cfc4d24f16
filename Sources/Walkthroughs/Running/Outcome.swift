import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Wording

/// How one combination of a matrix ended: its newest transaction, and what the app holds.
public struct Outcome: Equatable, Sendable {
    /// The newest transaction's state; nil when the store made none.
    public var state: TransactionState?
    public var error: StoreError?
    /// What the app holds, having started with nothing: `+10 credits`, `Premium Quotes
    /// unlocked`, `Pro Monthly active`, in catalog order after the credits.
    public var delivered: [String]
    /// The same in the storefront's language as the run left it, as the matrix's page shows it.
    public var deliveredAsShown: [String]

    public init(state: TransactionState? = nil, error: StoreError? = nil, delivered: [String] = []) {
        self.state = state
        self.error = error
        self.delivered = delivered
        deliveredAsShown = delivered
    }

    init(_ storefront: HeadlessStorefront) {
        let newest = (try? storefront.store.storage.history(last: 1, finishedOnly: false))?.last
        state = newest?.queueState.state
        error = newest?.queueState.error
        let app = storefront.runtime.app
        let now = (try? storefront.store.now()) ?? HeadlessStorefront.start
        var held: [(Localized<WalkthroughStrings>) -> String] = app.credits > 0 ? [{ $0.outcomeCredits(app.credits) }] : []
        for product in storefront.store.catalog.products {
            let title = storefront.state.title(of: product.id)
            switch app.entitlement(of: product) {
            case .credits, .units: break
            case .unlock: if app.isPurchased(product.id) { held.append { $0.outcomeUnlocked(title) } }
            case .subscription, .pass: if app.isSubscriptionActive(product.id, now: now) { held.append { $0.outcomeActive(title) } }
            }
        }
        delivered = held.map { $0(Strings.english.walkthrough) }
        deliveredAsShown = held.map { $0(storefront.state.strings.walkthrough) }
    }
}
