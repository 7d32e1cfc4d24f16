import Foundation
import AppStoreCore

/// A subscription group and the account's status in it, as `subscriptions --json` and
/// `state --json` give it (documented in docs/command-line.md): the App Store Server API's
/// `SubscriptionGroupIdentifierItem`, one status per group.
package struct SubscriptionGroupPayload: Encodable {
    package var groupID: String
    package var groupName: String
    /// The group's plans, highest level first.
    package var products: [String]
    /// nil: the account never subscribed in this group.
    package var status: SubscriptionStatusPayload?

    package init(groupID: String, groupName: String, products: [String], status: SubscriptionStatusPayload?) {
        self.groupID = groupID
        self.groupName = groupName
        self.products = products
        self.status = status
    }
}

/// StoreKit 2's `Product.SubscriptionInfo.Status`: the state, the renewal info and the
/// latest transaction (the App Store Server API's `LastTransactionsItem`, decoded).
package struct SubscriptionStatusPayload: Encodable {
    package var state: RenewalState
    /// Whether it gives access now (`RenewalState.givesAccess`), and until when as things stand.
    package var givesAccess: Bool
    package var accessEndDate: Date?
    /// `familyShared`: a family member's subscription, shared with the account; nil: its own.
    package var ownershipType: OwnershipType?
    /// Whether its free trial runs (`StoreWorkingSet.isInFreeTrial`); nil where the records
    /// were not read (a store event's status).
    package var isInFreeTrial: Bool?
    package var renewalInfo: RenewalInfoPayload
    /// The transaction that paid for the current (or last) period.
    package var transaction: TransactionPayload?
    /// The App Store's signed forms (the Server API's `LastTransactionsItem`): the renewal info's
    /// and the latest transaction's compact JWS; none where nothing was signed (a store event's status).
    package var signedRenewalInfo: String?
    package var signedTransactionInfo: String?

    package init(_ status: SubscriptionStatus, transaction: Transaction?, isInFreeTrial: Bool? = nil,
                 nextRenewal: RenewalTerms? = nil) {
        state = status.state
        givesAccess = status.givesAccess
        accessEndDate = status.accessEndDate
        ownershipType = status.ownershipType
        self.isInFreeTrial = isInFreeTrial
        renewalInfo = RenewalInfoPayload(status, nextRenewal: nextRenewal)
        self.transaction = transaction.map(TransactionPayload.init)
    }
}

