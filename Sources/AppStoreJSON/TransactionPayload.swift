import Foundation
import AppStoreCore

/// A transaction as `--json` output gives it (documented in docs/command-line.md): the facts the
/// App Store Server API's `JWSTransactionDecodedPayload` carries, under StoreKit's names, with the
/// queue's own (state, phase, finished, error) beside them.
package struct TransactionPayload: Encodable {
    package var id: String
    package var productID: String
    package var quantity: Int
    package var state: TransactionState
    package var date: Date
    package var finished: Bool
    package var error: ErrorPayload?
    package var originalTransactionID: String?
    package var expiresDate: Date?
    package var isTrialPeriod: Bool?
    /// Where it waits in the queue: sheetOpen, held, waitingForStore, deferred or interrupted.
    package var phase: QueuePhase?
    /// An interrupted purchase (phase interrupted), as before there was a phase.
    package var awaitingResolution: Bool?
    /// The Apple Account that made it.
    package var account: String?
    /// purchase, renewal, redownload or resolution; none for restored transactions.
    package var reason: TransactionReason?
    /// Ask to Buy: when the request was last made (a repeated request restarts it).
    package var requestDate: Date?
    // Purchase facts, written once when the store completed it (none before).
    package var purchaseDate: Date?
    package var originalPurchaseDate: Date?
    /// What was charged, a decimal string in `currency`.
    package var price: String?
    package var currency: String?
    package var storefront: String?
    package var offer: TransactionOfferPayload?
    /// The offer as the Server API's `JWSTransactionDecodedPayload` gives it beside `offer`: its
    /// payment mode (FREE_TRIAL, PAY_AS_YOU_GO, PAY_UP_FRONT) and the whole offer's length,
    /// ISO 8601 (three periods of P1M: P3M; none where the transaction's record lacks the count).
    package var offerDiscountType: String?
    package var offerPeriod: String?
    /// MONTHLY for a month of a plan paid monthly across a commitment; none billed up front.
    package var billingPlanType: String?
    /// A month of a monthly plan (StoreKit's `commitmentInfo`): which payment of how many, the
    /// commitment's end and its price in all.
    package var commitmentInfo: TransactionCommitmentJSON?
    package var webOrderLineItemID: String?
    package var isUpgraded: Bool?
    /// A refund: when, why (developerIssue, other), what kind and how much (thousandths of a percent).
    package var revocationDate: Date?
    package var revocationReason: RevocationReason?
    package var revocationType: RevocationType?
    package var revocationPercentage: Int?
    /// Family Sharing: familyShared for a member's transaction of another's purchase (which
    /// `sharedTransactionID` names); absent for the purchaser's own.
    package var ownershipType: OwnershipType?
    package var sharedTransactionID: String?
    package var applicationUsername: String?
    /// The App Store's signed form of it (StoreKit's `Transaction.jwsRepresentation`): a compact
    /// JWS of its `JWSTransactionDecodedPayload`; none before the App Store completed it.
    package var jwsRepresentation: String?

    package init(_ t: Transaction, jwsRepresentation: String?) {
        self.init(t)
        self.jwsRepresentation = jwsRepresentation
    }

    package init(_ t: Transaction) {
        id = t.id
        productID = t.productID
        quantity = t.purchasedQuantity
        state = t.queueState.state
        date = t.queueState.transactionDate
        finished = t.queueState.finished
        error = t.queueState.error.map(ErrorPayload.init)
        originalTransactionID = t.originalID
        expiresDate = t.expirationDate
        isTrialPeriod = t.isTrialPeriod
        phase = t.queueState.phase
        awaitingResolution = t.queueState.phase == .interrupted ? true : nil
        account = t.account
        reason = t.reason
        ownershipType = t.isFamilyShared ? .familyShared : nil
        sharedTransactionID = t.sharedTransactionID
        requestDate = t.queueState.requestDate
        purchaseDate = t.purchaseDate
        originalPurchaseDate = t.originalPurchaseDate
        price = t.price.map { "\($0)" }
        currency = t.currency
        storefront = t.storefront
        offer = t.offer.map(TransactionOfferPayload.init)
        offerDiscountType = t.offer?.paymentMode.offerDiscountType
        offerPeriod = t.offer?.totalPeriod?.description
        billingPlanType = t.billingPlanType
        commitmentInfo = t.commitment.map(TransactionCommitmentJSON.init)
        webOrderLineItemID = t.webOrderLineItemID
        isUpgraded = t.isUpgraded
        revocationDate = t.revocationDate
        revocationReason = t.revocationReason
        revocationType = t.revocationType
        revocationPercentage = t.revocationPercentage
        applicationUsername = t.applicationUsername
    }
}

/// The offer a transaction used (StoreKit 2's `Transaction.offer`).
package struct TransactionOfferPayload: Encodable {
    /// introductory, promotional, code or winBack.
    package var type: String
    package var id: String?
    /// freeTrial, payAsYouGo or payUpFront.
    package var paymentMode: String
    /// One period of the offer, ISO 8601 (P1W).
    package var period: String

    package init(_ offer: TransactionOffer) {
        type = offer.type.rawValue
        id = offer.id
        paymentMode = offer.paymentMode.rawValue
        period = offer.period.description
    }
}


/// A transaction's commitment under StoreKit's names, its price a decimal string as every price here.
package struct TransactionCommitmentJSON: Encodable {
    package var billingPeriodNumber: Int
    package var totalBillingPeriods: Int
    package var expirationDate: Date
    package var price: String

    package init(_ c: TransactionCommitment) {
        billingPeriodNumber = c.billingPeriodNumber
        totalBillingPeriods = c.totalBillingPeriods
        expirationDate = c.expiresDate
        price = "\(c.price)"
    }
}
