import Foundation
import AppStoreCore

extension AppState {
    /// Whether the signed-in account's own purchase of `productID` is shared with its family
    /// now: it owns it (not through a member), is in a family with someone to share with, and
    /// has not turned sharing of it off.
    func isSharedWithFamily(_ productID: String) -> Bool {
        guard let account = snapshot.settings.account, snapshot.ownedAtStore[productID].map({ $0 > now }) == true,
              !snapshot.familyShared.contains(productID),
              let family = Family.of(account, in: snapshot.families), family.accounts.count > 1 else { return false }
        return SharingStop.shares(productID, account: account, stops: snapshot.sharingStops)
    }
}
