import DataFiles
import Foundation

/// verifyReceipt's request body: Apple's JSON (`receipt-data`, `password`,
/// `exclude-old-transactions`), or the receipt's base64 alone.
public struct VerifyReceiptRequest: Equatable, Sendable {
    public var receiptData: String
    public var password: String?
    public var excludeOldTransactions: Bool

    public init(receiptData: String, password: String? = nil, excludeOldTransactions: Bool = false) {
        self.receiptData = receiptData
        self.password = password
        self.excludeOldTransactions = excludeOldTransactions
    }

    public enum Parsed: Equatable, Sendable {
        case request(VerifyReceiptRequest)
        case refused(VerifyReceiptStatus)
    }

    /// The request in `body`, or the status that answers a body that is none.
    public static func parse(_ body: [UInt8]) -> Parsed {
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("{") else { return .request(VerifyReceiptRequest(receiptData: text)) }
        // storefront's strict reader: its depth is bounded, so no body nests it into a crash.
        guard case .object(let object)? = JSONNode.parse(text) else { return .refused(.unreadableJSON) }
        guard case .string(let data)? = object["receipt-data"] else { return .refused(.malformed) }
        var password: String?
        if case .string(let given)? = object["password"] { password = given }
        var exclude = false
        if case .bool(let given)? = object["exclude-old-transactions"] { exclude = given }
        return .request(VerifyReceiptRequest(receiptData: data, password: password, excludeOldTransactions: exclude))
    }

    /// The receipt's bytes; nil when `receipt-data` is not base64 (whitespace and line breaks
    /// inside it are let through, as a pasted receipt has them).
    public var receiptBytes: [UInt8]? {
        let compact = receiptData.filter { !$0.isWhitespace }
        guard !compact.isEmpty, let data = Data(base64Encoded: compact) else { return nil }
        return Array(data)
    }
}
