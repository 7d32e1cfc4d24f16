import Foundation

/// A month of a plan paid monthly across a commitment, as StoreKit's `Transaction.commitmentInfo`
/// and the Server API's `TransactionCommitmentInfo` give it: which payment of how many, and
/// the commitment's end and total price.
public struct TransactionCommitment: Codable, Equatable, Sendable {
    /// 1 for the commitment's first month.
    public var billingPeriodNumber: Int
    /// 12 for a year's commitment.
    public var totalBillingPeriods: Int
    public var expiresDate: Date
    /// What the whole commitment costs.
    public var price: Decimal

    public init(billingPeriodNumber: Int, totalBillingPeriods: Int, expiresDate: Date, price: Decimal) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.expiresDate = expiresDate
        self.price = price
    }
}
