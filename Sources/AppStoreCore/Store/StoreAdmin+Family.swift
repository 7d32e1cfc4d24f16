import Foundation

/// Family Sharing, from the App Store's side (Settings › Family on the members' devices):
/// make a family, add and remove members, leave, turn sharing of a purchase off and on, and a
/// member buying on their own device. What a member of a family gets or
/// loses reaches an app open on a queue when that queue reads the store again.
extension StoreAdmin {
    /// `organizer` starts a family.
    public func createFamily(organizer: String) throws {
        try storeSideChange { records, now in try records.createFamily(organizer: organizer, catalog: catalog, now: now) }
    }

    /// `account` joins the family of `organizer`, and gets what the family shares; the family
    /// gets what it bought.
    public func addFamilyMember(_ account: String, organizer: String?) throws {
        try storeSideChange { records, now in
            try records.addFamilyMember(account, host: organizer, catalog: catalog, now: now)
        }
    }

    /// `account` leaves its family (nil: none signed in, refused): what the family shared with
    /// it, and what it shared with the family, is revoked.
    public func removeFamilyMember(_ account: String?) throws {
        try storeSideChange { records, now in
            guard let account else { throw FamilyError.noAccount }
            try records.removeFamilyMember(account, catalog: catalog, now: now)
        }
    }

    /// `account` turns sharing of its purchase of `productID` with its family on or off.
    public func setFamilySharing(_ productID: String, on: Bool, account: String?) throws {
        try storeSideChange { records, now in
            try records.setFamilySharing(productID, on: on, account: account, catalog: catalog, now: now)
        }
    }

    /// `account`, a family member, buys `productID` on their own device: their purchase, which
    /// the family shares.
    @discardableResult
    public func buyAsFamilyMember(_ account: String, productID: String) throws -> Transaction {
        try storeSideChange { records, now in
            try records.buyAsFamilyMember(account, productID: productID, catalog: catalog, now: now)
        }
    }
}
