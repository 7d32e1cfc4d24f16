import Foundation
import AppStoreCore

/// A completed transaction as the App Store signs it: the App Store Server API's
/// `JWSTransactionDecodedPayload`, with Apple's names and types (dates in milliseconds since
/// 1970, the price in milliunits). What the transaction lacks is left out, never null.
package struct JWSTransactionPayload: Encodable, Equatable, Sendable {
    package var transactionId: String
    package var originalTransactionId: String
    package var webOrderLineItemId: String?
    package var bundleId: String
    package var productId: String
    package var subscriptionGroupIdentifier: String?
    package var purchaseDate: Int64
    package var originalPurchaseDate: Int64
    package var expiresDate: Int64?
    package var quantity: Int
    /// "Auto-Renewable Subscription", "Non-Consumable", "Consumable", "Non-Renewing Subscription";
    /// none for a product no longer in the catalog.
    package var type: String?
    /// The payment's application username, when it is a UUID (lowercase, as the App Store writes it).
    package var appAccountToken: String?
    package var inAppOwnershipType: String
    package var signedDate: Int64
    package var revocationReason: Int?
    package var revocationDate: Int64?
    package var revocationType: String?
    /// Thousandths of a percent refunded.
    package var revocationPercentage: Int?
    /// Only when true: the subscriber moved to a higher plan during this period.
    package var isUpgraded: Bool?
    package var offerType: Int?
    package var offerIdentifier: String?
    package var offerDiscountType: String?
    /// The whole offer's length, ISO 8601 (three periods of P1M: P3M).
    package var offerPeriod: String?
    /// MONTHLY for a month of a plan paid monthly across a commitment; none billed up front.
    package var billingPlanType: String?
    package var commitmentInfo: TransactionCommitmentInfoPayload?
    package var environment: String
    /// ISO 3166-1 alpha-3, and the App Store's numeric id of that storefront.
    package var storefront: String?
    package var storefrontId: String?
    package var transactionReason: String
    package var currency: String?
    package var price: Int64?
    package var appTransactionId: String

    /// `t` as signed for `context`; `product` is its catalog entry (its type and group), nil
    /// when the catalog no longer has it. A transaction not yet completed is dated by the queue.
    package init(_ t: Transaction, product: CatalogProduct?, context: SigningContext) {
        let purchased = t.purchaseDate ?? t.queueState.transactionDate
        transactionId = t.id
        originalTransactionId = t.originalID ?? t.id
        webOrderLineItemId = t.webOrderLineItemID
        bundleId = context.bundleID
        productId = t.productID
        subscriptionGroupIdentifier = product?.subscriptionGroupID
        purchaseDate = purchased.millisecondsSince1970
        originalPurchaseDate = (t.originalPurchaseDate ?? purchased).millisecondsSince1970
        expiresDate = t.expirationDate?.millisecondsSince1970
        quantity = t.purchasedQuantity
        type = product?.type.serverName
        appAccountToken = t.appAccountToken?.uuidString.lowercased()
        inAppOwnershipType = t.serverOwnershipType
        signedDate = context.signedDate.millisecondsSince1970
        revocationReason = t.revocationReason?.serverValue
        revocationDate = t.revocationDate?.millisecondsSince1970
        revocationType = t.revocationType?.serverName
        revocationPercentage = t.revocationPercentage
        isUpgraded = t.isUpgraded == true ? true : nil
        offerType = t.offer?.type.serverValue
        offerIdentifier = t.offer?.id
        offerDiscountType = t.offer?.paymentMode.offerDiscountType
        offerPeriod = t.offer?.totalPeriod?.description
        billingPlanType = t.billingPlanType
        commitmentInfo = t.commitment.map(TransactionCommitmentInfoPayload.init)
        environment = context.environment.serverName
        storefront = t.storefront
        storefrontId = AppStoreStorefront.serverID(of: t.storefront)
        transactionReason = t.serverReason
        currency = t.currency
        price = t.price?.milliunits
        appTransactionId = AppTransactionID.of(account: t.account, bundleID: context.bundleID)
    }
}

/// The Server API's `TransactionCommitmentInfo`: which month of its commitment a transaction
/// paid for, and the commitment's end and total price (milliunits).
package struct TransactionCommitmentInfoPayload: Encodable, Equatable, Sendable {
    package var billingPeriodNumber: Int
    package var totalBillingPeriods: Int
    package var commitmentExpiresDate: Int64
    package var commitmentPrice: Int64

    package init(_ c: TransactionCommitment) {
        billingPeriodNumber = c.billingPeriodNumber
        totalBillingPeriods = c.totalBillingPeriods
        commitmentExpiresDate = c.expiresDate.millisecondsSince1970
        commitmentPrice = c.price.milliunits
    }
}
