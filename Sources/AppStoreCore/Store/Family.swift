import Foundation

/// A Family Sharing group: an organizer and up to `maximumMembers` others. Every account is
/// in one family at most. What one member buys of a family-shareable product, the others
/// have too (`StoreWorkingSet.shareWithFamilies`), unless the purchaser turned sharing off for it.
public struct Family: Codable, Equatable, Sendable {
    /// Apple's limit: the organizer and five more.
    public static let maximumMembers = 5

    public var organizer: String
    /// The others, in the order they joined.
    public var members: [String]

    public init(organizer: String, members: [String] = []) {
        self.organizer = organizer
        self.members = members
    }

    /// The organizer first, then the members.
    public var accounts: [String] { [organizer] + members }

    public func contains(_ account: String) -> Bool { accounts.contains(account) }

    /// The family `account` is in among `families`, if any (the store's records, or the
    /// storefront's snapshot of them).
    public static func of(_ account: String?, in families: [Family]) -> Family? {
        guard let account else { return nil }
        return families.first { $0.contains(account) }
    }
}

/// A purchaser's choice not to share a product it bought with its family.
public struct SharingStop: Codable, Hashable, Sendable {
    public var account: String
    public var productID: String

    public init(account: String, productID: String) {
        self.account = account
        self.productID = productID
    }

    /// Whether `account` shares its purchases of `productID` with its family: on unless one
    /// of `stops` turned it off.
    public static func shares(_ productID: String, account: String?, stops: [SharingStop]) -> Bool {
        guard let account else { return false }
        return !stops.contains(SharingStop(account: account, productID: productID))
    }
}
