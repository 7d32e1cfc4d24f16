/// A Family Sharing request the store cannot take (`StoreAdmin`'s family operations).
public enum FamilyError: Error, Equatable, Sendable {
    /// No account named, or signed out where the signed-in account is meant.
    case noAccount
    /// The account is in a family already (every account is in one at most).
    case alreadyInFamily(String, organizer: String)
    /// The account is in no family.
    case notInFamily(String)
    /// The family has its organizer and `Family.maximumMembers` others.
    case familyFull(organizer: String)
    /// The product is not one the catalog marks family-shareable (or not one Family Sharing
    /// simulates: non-consumables only).
    case notShareable(String)
    /// Sharing turned on or off by an account that never bought the product (nor, of a
    /// subscription, any plan of its group): it has no purchase to share.
    case notPurchased(String, productID: String)
    /// A family-shared transaction: only the purchaser's purchase can be refunded.
    case sharedNotRefundable(String)
}
