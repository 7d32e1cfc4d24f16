import Foundation

/// SKPaymentTransactionState.
public enum TransactionState: String, Codable, Sendable, CaseIterable {
    case purchasing, purchased, failed, restored, deferred

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let state = Self(rawValue: text) else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(text)\" is not a transaction state (\(names))")
        }
        self = state
    }
}

/// What the app asks the store for: SKPayment.
public struct Payment: Codable, Equatable, Sendable {
    public var productID: String
    public var quantity: Int
    public var applicationUsername: String?

    public init(productID: String, quantity: Int = 1, applicationUsername: String? = nil) {
        self.productID = productID
        self.quantity = quantity
        self.applicationUsername = applicationUsername
    }
}

/// SKPaymentTransaction, as the simulated store keeps it.
public struct Transaction: Codable, Equatable, Sendable, Identifiable {
    public var id: String
    public var productID: String
    public var quantity: Int
    public var state: TransactionState
    /// When the transaction was added, or its latest state change.
    public var date: Date
    public var error: StoreError?
    public var applicationUsername: String?
    /// For restored and renewed transactions: the purchase they stand for.
    public var originalTransactionID: String?
    /// Auto-renewable subscriptions: the end of the period this transaction paid for.
    public var expiresDate: Date?
    public var isTrialPeriod: Bool?
    /// The app called finishTransaction: the store no longer delivers it.
    public var finished: Bool
    /// Purchasing: when the store answers.
    public var dueDate: Date?
    /// Failed by an interruption the user can still resolve.
    public var awaitingResolution: Bool?

    public init(id: String, payment: Payment, state: TransactionState, date: Date) {
        self.id = id
        productID = payment.productID
        quantity = payment.quantity
        applicationUsername = payment.applicationUsername
        self.state = state
        self.date = date
        finished = false
    }

    public var payment: Payment {
        Payment(productID: productID, quantity: quantity, applicationUsername: applicationUsername)
    }
}

extension Transaction {
    /// What the transaction is for, as every message names it: `name` (the product's title or
    /// identifier), followed by the quantity when it is above 1.
    public func item(named name: String) -> String {
        Self.item(named: name, quantity: quantity)
    }

    /// "Monkey Credits ×2"; "Monkey Credits" for one.
    public static func item(named name: String, quantity: Int) -> String {
        quantity > 1 ? "\(name) ×\(quantity)" : name
    }
}
