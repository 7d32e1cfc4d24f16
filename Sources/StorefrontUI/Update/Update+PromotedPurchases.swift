import Foundation
import AppStoreCore

extension AppState {
    /// A purchase an App Store product page started (`shouldAddStorePayment`) is continued, its
    /// sheet opening as if the user had chosen the product here, once the app is ready: the
    /// store screen in front, its products loaded, no purchase or restore in progress. Until
    /// then it is held (the store keeps it), and the log says so once. Each is continued once a
    /// run: bought or cancelled, the store forgets it.
    mutating func continuePromotedPurchase() -> [Effect] {
        guard let intent = snapshot.purchaseIntents.first(where: { !continuedIntents.contains($0) }) else { return [] }
        let name = title(of: intent.productID)
        let inFront = if case .store = mode { !isBusy } else { false }
        guard inFront else {
            if heldIntents.insert(intent).inserted {
                log.append(LogLine(date: now, text: strings.log.promotedHeld(name), tint: .muted))
            }
            return []
        }
        // The products first: the sheet shows the product's price.
        guard snapshot.loadedProducts != nil else { return [] }
        continuedIntents.insert(intent)
        log.append(LogLine(date: now, text: strings.log.promotedContinued(name), tint: .accent))
        if let index = rows.firstIndex(of: .product(intent.productID)) { selection = index }
        return startPurchase(intent.productID)
    }
}
