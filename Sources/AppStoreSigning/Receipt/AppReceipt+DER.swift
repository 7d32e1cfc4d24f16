import Foundation
import SwiftASN1

extension AppReceipt {
    /// The receipt as Apple encodes it: a SET of attributes, each in-app purchase one attribute
    /// (type 17) holding a SET of its own.
    public func derEncoded() throws -> [UInt8] {
        func field(_ f: ReceiptField, _ value: [UInt8]) -> ReceiptAttribute { ReceiptAttribute(type: f.rawValue, value: value) }
        var attributes = [
            field(.environment, try ReceiptValue.string(environment.receiptValue)),
            field(.bundleID, try ReceiptValue.string(bundleID)),
            field(.appVersion, try ReceiptValue.string(appVersion)),
            field(.opaqueValue, opaqueValue),
            field(.sha1Hash, sha1Hash),
            field(.creationDate, try ReceiptValue.date(creationDate)),
            field(.originalApplicationVersion, try ReceiptValue.string(originalApplicationVersion)),
        ]
        if let account { attributes.append(field(.account, try ReceiptValue.string(account))) }
        for purchase in inAppPurchases {
            attributes.append(field(.inAppPurchase, try ReceiptValue.set(purchase.attributes())))
        }
        return try ReceiptValue.set(attributes)
    }

    /// The receipt `derEncoded()` wrote; anything else is refused with what is wrong.
    public init(derEncoded bytes: [UInt8]) throws {
        let attributes: [ReceiptAttribute]
        do { attributes = try ReceiptValue.set(from: bytes) } catch let error as ReceiptDecodingError { throw error } catch {
            throw ReceiptDecodingError("not a SET of receipt attributes")
        }
        var fields: [ReceiptField: [UInt8]] = [:]
        var purchases: [InAppPurchaseReceipt] = []
        for attribute in attributes {
            guard let f = ReceiptField(rawValue: attribute.type) else { continue }
            if f == .inAppPurchase {
                purchases.append(try InAppPurchaseReceipt(attributes: Self.decoding("an in-app purchase") { try ReceiptValue.set(from: attribute.value) }))
            } else {
                fields[f] = attribute.value
            }
        }
        func required(_ f: ReceiptField) throws -> [UInt8] {
            guard let value = fields[f] else { throw ReceiptDecodingError("no attribute \(f.rawValue) (\(f))") }
            return value
        }
        func string(_ f: ReceiptField) throws -> String { try Self.decoding("attribute \(f.rawValue)") { try ReceiptValue.string(from: required(f)) } }
        let environmentText = try string(.environment)
        guard let environment = ReceiptEnvironment(receiptValue: environmentText) else {
            throw ReceiptDecodingError("\"\(environmentText)\" is not an environment")
        }
        self.init(environment: environment, bundleID: try string(.bundleID), appVersion: try string(.appVersion),
                  originalApplicationVersion: try string(.originalApplicationVersion),
                  creationDate: try Self.decoding("attribute 12") { try ReceiptValue.date(from: required(.creationDate)) },
                  opaqueValue: try required(.opaqueValue), sha1Hash: try required(.sha1Hash),
                  account: fields[.account] == nil ? nil : try string(.account),
                  inAppPurchases: purchases.sorted { ($0.purchaseDate, $0.transactionID) < ($1.purchaseDate, $1.transactionID) })
    }

    /// Runs `body`, saying which part failed to decode.
    static func decoding<T>(_ part: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ReceiptDecodingError { throw error } catch {
            throw ReceiptDecodingError("\(part) cannot be decoded")
        }
    }
}

extension InAppPurchaseReceipt {
    func attributes() throws -> [ReceiptAttribute] {
        func field(_ f: InAppField, _ value: [UInt8]) -> ReceiptAttribute { ReceiptAttribute(type: f.rawValue, value: value) }
        var attributes = [
            field(.quantity, try ReceiptValue.integer(Int64(quantity))),
            field(.productID, try ReceiptValue.string(productID)),
            field(.transactionID, try ReceiptValue.string(transactionID)),
            field(.purchaseDate, try ReceiptValue.date(purchaseDate)),
            field(.originalTransactionID, try ReceiptValue.string(originalTransactionID)),
            field(.originalPurchaseDate, try ReceiptValue.date(originalPurchaseDate)),
        ]
        if let subscriptionExpirationDate { attributes.append(field(.subscriptionExpirationDate, try ReceiptValue.date(subscriptionExpirationDate))) }
        if let webOrderLineItemID { attributes.append(field(.webOrderLineItemID, try ReceiptValue.integer(webOrderLineItemID))) }
        if let cancellationDate { attributes.append(field(.cancellationDate, try ReceiptValue.date(cancellationDate))) }
        if let isTrialPeriod { attributes.append(field(.isTrialPeriod, try ReceiptValue.integer(isTrialPeriod ? 1 : 0))) }
        if let isInIntroOfferPeriod { attributes.append(field(.isInIntroOfferPeriod, try ReceiptValue.integer(isInIntroOfferPeriod ? 1 : 0))) }
        if let promotionalOfferID { attributes.append(field(.promotionalOfferID, try ReceiptValue.string(promotionalOfferID))) }
        return attributes
    }

    init(attributes: [ReceiptAttribute]) throws {
        var fields: [InAppField: [UInt8]] = [:]
        for attribute in attributes {
            if let f = InAppField(rawValue: attribute.type) { fields[f] = attribute.value }
        }
        func part<T>(_ f: InAppField, _ read: ([UInt8]) throws -> T) throws -> T? {
            guard let value = fields[f] else { return nil }
            return try AppReceipt.decoding("in-app attribute \(f.rawValue)") { try read(value) }
        }
        func required<T>(_ f: InAppField, _ read: ([UInt8]) throws -> T) throws -> T {
            guard let value = try part(f, read) else { throw ReceiptDecodingError("an in-app purchase has no attribute \(f.rawValue) (\(f))") }
            return value
        }
        let quantity = try required(.quantity, ReceiptValue.integer(from:))
        guard let count = Int(exactly: quantity) else { throw ReceiptDecodingError("quantity \(quantity) is out of range") }
        self.init(
            quantity: count,
            productID: try required(.productID, ReceiptValue.string(from:)),
            transactionID: try required(.transactionID, ReceiptValue.string(from:)),
            originalTransactionID: try required(.originalTransactionID, ReceiptValue.string(from:)),
            purchaseDate: try required(.purchaseDate, ReceiptValue.date(from:)),
            originalPurchaseDate: try required(.originalPurchaseDate, ReceiptValue.date(from:)),
            subscriptionExpirationDate: try part(.subscriptionExpirationDate, ReceiptValue.date(from:)),
            webOrderLineItemID: try part(.webOrderLineItemID, ReceiptValue.integer(from:)),
            cancellationDate: try part(.cancellationDate, ReceiptValue.date(from:)),
            isTrialPeriod: try part(.isTrialPeriod, ReceiptValue.integer(from:)).map { $0 != 0 },
            isInIntroOfferPeriod: try part(.isInIntroOfferPeriod, ReceiptValue.integer(from:)).map { $0 != 0 },
            promotionalOfferID: try part(.promotionalOfferID, ReceiptValue.string(from:)))
    }
}
