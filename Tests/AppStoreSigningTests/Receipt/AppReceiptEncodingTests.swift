import Foundation
import SwiftASN1
import Testing
@testable import AppStoreSigning

@Suite struct AppReceiptEncodingTests {
    static let full = AppReceipt(
        environment: .sandbox, bundleID: "com.example.app", appVersion: "2.1", originalApplicationVersion: "1.0",
        creationDate: ReceiptFixtures.start, opaqueValue: [1, 2, 3], sha1Hash: Array(repeating: 7, count: 20), account: "alice",
        inAppPurchases: [
            InAppPurchaseReceipt(quantity: 2, productID: "coins", transactionID: "1000", originalTransactionID: "1000",
                                 purchaseDate: ReceiptFixtures.start, originalPurchaseDate: ReceiptFixtures.start),
            InAppPurchaseReceipt(quantity: 1, productID: "pro.monthly", transactionID: "1001", originalTransactionID: "1000",
                                 purchaseDate: ReceiptFixtures.start + 60, originalPurchaseDate: ReceiptFixtures.start,
                                 subscriptionExpirationDate: ReceiptFixtures.start + 3600, webOrderLineItemID: 5_000_001,
                                 cancellationDate: ReceiptFixtures.start + 120, isTrialPeriod: true, isInIntroOfferPeriod: false,
                                 promotionalOfferID: "winter"),
        ])

    @Test func everyFieldDecodesBackAsItWasEncoded() throws {
        #expect(try AppReceipt(derEncoded: Self.full.derEncoded()) == Self.full)
    }

    /// Each attribute is SEQUENCE { type, version, OCTET STRING } with the DER of its value
    /// inside, of the ASN.1 type Apple documents for it.
    @Test func theAttributesHaveApplesTypesAndValueTags() throws {
        let top = try ReceiptValue.set(from: Self.full.derEncoded())
        func tag(_ attributes: [ReceiptAttribute], _ type: Int) throws -> ASN1Identifier? {
            try attributes.first { $0.type == type }.map { try DER.parse($0.value).identifier }
        }
        #expect(try tag(top, 2) == .utf8String)
        #expect(try tag(top, 3) == .utf8String)
        #expect(try tag(top, 12) == .ia5String)
        #expect(try tag(top, 19) == .utf8String)
        let inApps = top.filter { $0.type == 17 }
        #expect(inApps.count == 2)
        let subscription = try inApps.map { try ReceiptValue.set(from: $0.value) }.first { $0.contains { $0.type == 1708 } }!
        #expect(try tag(subscription, 1701) == .integer)
        for type in [1702, 1703, 1705, 1721] { #expect(try tag(subscription, type) == .utf8String) }
        for type in [1704, 1706, 1708, 1712] { #expect(try tag(subscription, type) == .ia5String) }
        for type in [1711, 1713, 1719] { #expect(try tag(subscription, type) == .integer) }
        #expect(try ReceiptValue.date(from: subscription.first { $0.type == 1704 }!.value) == ReceiptFixtures.start + 60)
        #expect(String(decoding: try ASN1IA5String(derEncoded: DER.parse(top.first { $0.type == 12 }!.value)).bytes, as: UTF8.self)
                == "2030-01-01T09:00:00Z")
    }

    @Test func bytesThatAreNotAReceiptAreRefusedWithWhatIsWrong() throws {
        #expect(throws: ReceiptDecodingError.self) { try AppReceipt(derEncoded: []) }
        #expect(throws: ReceiptDecodingError.self) { try AppReceipt(derEncoded: [0x31, 0x00]) }
        let encoded = try Self.full.derEncoded()
        for length in 0..<encoded.count {
            #expect(throws: ReceiptDecodingError.self) { try AppReceipt(derEncoded: Array(encoded.prefix(length))) }
        }
    }
}
