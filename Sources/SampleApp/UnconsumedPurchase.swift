import DataFiles
import Foundation

/// A consumable purchase the app delivered whose units are not all used yet, as TOAST IAP's
/// `requestConsumablePurchases` lists a purchase until the app calls `consumeWithPurchaseResult`.
/// The app keeps them in UserDefaults.json (`SampleApp.unconsumedKey`), in delivery order.
public struct UnconsumedPurchase: Equatable, Sendable {
    public var transactionID: String
    public var productID: String
    /// Units bought (the purchase sheet's quantity).
    public var quantity: Int
    public var purchaseDate: Date
    /// What delivering it added to its balance: credits for a credit pack, else units.
    public var delivered: Int
    /// What of `delivered` is not consumed yet.
    public var remaining: Int

    public init(transactionID: String, productID: String, quantity: Int, purchaseDate: Date, delivered: Int, remaining: Int) {
        self.transactionID = transactionID
        self.productID = productID
        self.quantity = quantity
        self.purchaseDate = purchaseDate
        self.delivered = delivered
        self.remaining = remaining
    }

    var json: JSONValue {
        .object([
            "transactionID": .string(transactionID), "productID": .string(productID), "quantity": .int(quantity),
            "purchaseDate": .string(JSONCoding.format(purchaseDate)), "delivered": .int(delivered), "remaining": .int(remaining),
        ])
    }

    /// The entry as the app wrote it, or the first field that is not (its name and what it
    /// must be), so a damaged entry is refused by name rather than read as none.
    static func parse(_ value: JSONValue) -> Result<UnconsumedPurchase, FieldProblem> {
        guard case .object(let fields) = value else { return .failure(FieldProblem(field: nil, expected: "an object")) }
        func text(_ name: String) throws(FieldProblem) -> String {
            guard let text = fields[name]?.stringValue, !text.isEmpty else { throw FieldProblem(field: name, expected: "a string") }
            return text
        }
        func count(_ name: String) throws(FieldProblem) -> Int {
            guard let count = fields[name]?.intValue, count >= 0 else { throw FieldProblem(field: name, expected: "a whole number, 0 or more") }
            return count
        }
        do throws(FieldProblem) {
            let id = try text("transactionID"), product = try text("productID")
            let quantity = try count("quantity")
            guard let date = fields["purchaseDate"]?.stringValue.flatMap(JSONCoding.parse) else {
                throw FieldProblem(field: "purchaseDate", expected: "an ISO 8601 date in a string")
            }
            let delivered = try count("delivered"), remaining = try count("remaining")
            guard remaining <= delivered else { throw FieldProblem(field: "remaining", expected: "no more than delivered (\(delivered))") }
            return .success(UnconsumedPurchase(transactionID: id, productID: product, quantity: quantity, purchaseDate: date,
                                               delivered: delivered, remaining: remaining))
        } catch {
            return .failure(error)
        }
    }

    struct FieldProblem: Error {
        /// nil: the entry itself.
        var field: String?
        var expected: String
    }
}

/// What consuming took from one purchase, or from the balance the list does not account for.
public struct Consumption: Equatable, Sendable {
    /// nil: the earlier balance (`SampleApp.earlierUnits(of:)`).
    public var transactionID: String?
    /// The balance it came from: `SampleApp.creditsKey` or a consumable's own.
    public var balanceKey: String
    public var units: Int
    /// Left in the purchase after (0: it left the list).
    public var left: Int
    /// The balance after.
    public var balance: Int

    public init(transactionID: String?, balanceKey: String, units: Int, left: Int, balance: Int) {
        self.transactionID = transactionID
        self.balanceKey = balanceKey
        self.units = units
        self.left = left
        self.balance = balance
    }
}

/// What `SampleApp.consume(_:quantity:)` takes from.
public enum ConsumeTarget: Equatable, Sendable {
    /// One purchase: all it has left unless a quantity is given.
    case transaction(String)
    /// A consumable's purchases, oldest first; `SampleApp.creditsKey`: the whole credit
    /// balance, the earlier balance first, then the purchases oldest first.
    case product(String)
}

/// Why consuming was refused; nothing was consumed.
public enum ConsumeRefusal: Error, Equatable, Sendable {
    /// No unconsumed purchase has that transaction id, and no consumable that product id.
    case notUnconsumed(String)
    case notEnough(String, available: Int, asked: Int)
    case invalidQuantity(Int)
}
