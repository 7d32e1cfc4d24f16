import Foundation

/// store.json (before store.sqlite) kept a transaction as one flat object: the queue's state
/// beside the purchase facts, under the same keys as `Transaction`'s properties.
extension Transaction: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, productID, quantity, applicationUsername, originalTransactionID, expiresDate, isTrialPeriod, account, reason
        case purchaseDate, originalPurchaseDate, price, currency, storefront, offer, webOrderLineItemID, isUpgraded, revocation
        case ownershipType, sharedTransactionID
        case billingPlanType, commitment
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let facts = PurchaseFacts(
            purchaseDate: try c.decodeIfPresent(Date.self, forKey: .purchaseDate),
            originalPurchaseDate: try c.decodeIfPresent(Date.self, forKey: .originalPurchaseDate),
            price: try c.decodeIfPresent(Decimal.self, forKey: .price),
            currency: try c.decodeIfPresent(String.self, forKey: .currency),
            storefront: try c.decodeIfPresent(String.self, forKey: .storefront),
            offer: try c.decodeIfPresent(TransactionOffer.self, forKey: .offer),
            expiresDate: try c.decodeIfPresent(Date.self, forKey: .expiresDate),
            isTrialPeriod: try c.decodeIfPresent(Bool.self, forKey: .isTrialPeriod),
            webOrderLineItemID: try c.decodeIfPresent(String.self, forKey: .webOrderLineItemID),
            commitment: try c.decodeIfPresent(TransactionCommitment.self, forKey: .commitment))
        let queueState = try QueueState(from: decoder)
        self.init(id: try c.decode(String.self, forKey: .id),
                  payment: Payment(productID: try c.decode(String.self, forKey: .productID),
                                   quantity: try c.decode(Int.self, forKey: .quantity),
                                   applicationUsername: try c.decodeIfPresent(String.self, forKey: .applicationUsername),
                                   billingPlanType: try c.decodeIfPresent(String.self, forKey: .billingPlanType)),
                  state: queueState.state, date: queueState.transactionDate,
                  account: try c.decodeIfPresent(String.self, forKey: .account),
                  reason: try c.decodeIfPresent(TransactionReason.self, forKey: .reason),
                  originalTransactionID: try c.decodeIfPresent(String.self, forKey: .originalTransactionID),
                  ownershipType: try c.decodeIfPresent(OwnershipType.self, forKey: .ownershipType),
                  sharedTransactionID: try c.decodeIfPresent(String.self, forKey: .sharedTransactionID),
                  purchaseFacts: facts, isUpgraded: try c.decodeIfPresent(Bool.self, forKey: .isUpgraded))
        self.queueState = queueState
        if let revocation = try c.decodeIfPresent(Revocation.self, forKey: .revocation) { revoke(revocation) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(productID, forKey: .productID)
        try c.encode(purchasedQuantity, forKey: .quantity)
        try c.encodeIfPresent(applicationUsername, forKey: .applicationUsername)
        try queueState.encode(to: encoder)
        try c.encodeIfPresent(originalID, forKey: .originalTransactionID)
        try c.encodeIfPresent(expirationDate, forKey: .expiresDate)
        try c.encodeIfPresent(isTrialPeriod, forKey: .isTrialPeriod)
        try c.encodeIfPresent(account, forKey: .account)
        try c.encodeIfPresent(reason, forKey: .reason)
        try c.encodeIfPresent(purchaseDate, forKey: .purchaseDate)
        try c.encodeIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(storefront, forKey: .storefront)
        try c.encodeIfPresent(offer, forKey: .offer)
        try c.encodeIfPresent(webOrderLineItemID, forKey: .webOrderLineItemID)
        try c.encodeIfPresent(isUpgraded, forKey: .isUpgraded)
        try c.encodeIfPresent(revocation, forKey: .revocation)
        try c.encodeIfPresent(ownershipType, forKey: .ownershipType)
        try c.encodeIfPresent(sharedTransactionID, forKey: .sharedTransactionID)
        try c.encodeIfPresent(billingPlanType, forKey: .billingPlanType)
        try c.encodeIfPresent(commitment, forKey: .commitment)
    }
}
