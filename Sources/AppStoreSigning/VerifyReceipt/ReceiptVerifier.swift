import AppStoreCore
import Foundation
import X509

/// A local verifyReceipt: answers a request body as Apple's endpoint did, from this data
/// directory's root certificate and the store's records. Any bytes get a status, never a crash.
public struct ReceiptVerifier: Sendable {
    /// Which of Apple's endpoints it plays: buy.itunes.apple.com or sandbox.itunes.apple.com.
    public enum Endpoint: String, Sendable, CaseIterable {
        case production, sandbox
    }

    /// What the store holds of the account a receipt was made for.
    public struct AccountRecords: Sendable {
        /// A receipt made now from the account's records, signed.
        public var latestReceipt: SignedReceipt
        /// The account's auto-renewable subscriptions.
        public var subscriptions: [SubscriptionStatus]

        public init(latestReceipt: SignedReceipt, subscriptions: [SubscriptionStatus]) {
            self.latestReceipt = latestReceipt
            self.subscriptions = subscriptions
        }
    }

    public var root: Certificate
    public var endpoint: Endpoint
    /// The app-specific shared secret `password` must match.
    public var sharedSecret: String

    public init(root: Certificate, endpoint: Endpoint, sharedSecret: String) {
        self.root = root
        self.endpoint = endpoint
        self.sharedSecret = sharedSecret
    }

    /// The answer to `body`, at `now`. `records` looks an account up: nil when the store does
    /// not know it.
    public func verify(_ body: [UInt8], now: Date, records: (String) throws -> AccountRecords?) rethrows -> VerifyReceiptResponse {
        let request: VerifyReceiptRequest
        switch VerifyReceiptRequest.parse(body) {
        case .request(let parsed): request = parsed
        case .refused(let status): return VerifyReceiptResponse(status: status)
        }
        guard let bytes = request.receiptBytes, let signed = try? SignedReceipt(bytes: bytes),
              let receipt = try? signed.receipt() else { return VerifyReceiptResponse(status: .malformed) }
        guard signed.isSigned(under: root) else { return VerifyReceiptResponse(status: .notAuthenticated) }
        switch (endpoint, receipt.environment.isSandbox) {
        case (.production, true): return VerifyReceiptResponse(status: .sandboxReceiptSentToProduction)
        case (.sandbox, false): return VerifyReceiptResponse(status: .productionReceiptSentToSandbox)
        default: break
        }
        if let password = request.password, password != sharedSecret { return VerifyReceiptResponse(status: .sharedSecretMismatch) }
        guard let account = receipt.account, let found = try records(account) else {
            return VerifyReceiptResponse(status: .accountNotFound)
        }
        var response = VerifyReceiptResponse(status: .valid)
        response.environment = endpoint == .sandbox ? "Sandbox" : "Production"
        response.receipt = VerifyReceiptResponse.ReceiptJSON(receipt, requestDate: now)
        // As Apple's: the latest only for a receipt with auto-renewable subscriptions.
        guard let latest = try? found.latestReceipt.receipt(),
              (receipt.inAppPurchases + latest.inAppPurchases).contains(where: { $0.subscriptionExpirationDate != nil }) else {
            return response
        }
        var info = latest.inAppPurchases.reversed() as [InAppPurchaseReceipt]
        if request.excludeOldTransactions { info = Self.latestRenewals(info) }
        response.latestReceiptInfo = info.map(VerifyReceiptResponse.InAppJSON.init)
        response.latestReceipt = Data(found.latestReceipt.bytes).base64EncodedString()
        response.pendingRenewalInfo = found.subscriptions.map(VerifyReceiptResponse.PendingRenewalJSON.init)
        return response
    }

    /// `exclude-old-transactions`: of each subscription (newest first), its latest transaction
    /// alone; other purchases stay.
    static func latestRenewals(_ newestFirst: [InAppPurchaseReceipt]) -> [InAppPurchaseReceipt] {
        var seen: Set<String> = []
        return newestFirst.filter { p in
            guard p.subscriptionExpirationDate != nil else { return true }
            return seen.insert(p.originalTransactionID).inserted
        }
    }
}
