import Foundation
import SampleApp
import AppStoreCore

/// A promotional offer the app presents: the App Store's sheet at the offer's terms, bought
/// with the signature the app's server made for it.
extension AppState {
    /// Opens the sheet for `offerID` of `productID`, as the product is loaded; an offer the
    /// product does not have opens the sheet anyway, and the store refuses the payment, as
    /// StoreKit does (invalidOfferIdentifier).
    mutating func presentPromotionalOffer(_ offerID: String, of productID: String) {
        guard case .store = mode, let product = snapshot.product(productID) else { return }
        mode = .sheet(PurchaseSheet(productID: productID, product: product, promotionalOfferID: offerID))
    }

    /// The terms of the promotional offer `sheet` is for, as its storefront sells it.
    func promotionalOffer(in sheet: PurchaseSheet) -> SubscriptionOffer? {
        guard let id = sheet.promotionalOfferID else { return nil }
        return product(in: sheet)?.promotionalOffers.first { $0.id == id }
    }
}
