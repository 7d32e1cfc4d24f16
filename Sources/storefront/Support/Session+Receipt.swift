import AppStoreCore
import AppStoreSigning
import Foundation

extension Session {
    /// The built-in app as App Store Connect knows it: the app description names no bundle id,
    /// version or shared secret of its own yet.
    static let receiptApp = ReceiptApp(bundleID: "com.storefront.app", appVersion: "1.0",
                                       sharedSecret: "storefront-shared-secret")

    /// The environment the store's receipts are made in: the sandbox, as a device testing
    /// against the App Store's test environment holds.
    static let receiptEnvironment = ReceiptEnvironment.sandbox

    /// The receipt the store's records make now for `account` (nil: nobody signed in, no
    /// purchases).
    func makeReceipt(for account: String?) throws -> AppReceipt {
        let transactions = try account.map {
            try database.transactions(matching: TransactionQuery(account: $0, limit: Int(Int32.max))).transactions
        } ?? []
        return try AppReceipt.make(app: Self.receiptApp, environment: Self.receiptEnvironment, account: account,
                                   transactions: transactions, catalog: catalog, at: try store.now())
    }

    /// The data directory's receipt, made again first if the records changed since it was.
    func currentReceipt() throws -> SignedReceipt {
        try ReceiptFile(directory: directory).current(try makeReceipt(for: try store.settings().account), identity: try signingIdentity(),
                                                      durability: directory.durability)
    }

    /// SKReceiptRefreshRequest: a fresh receipt written, or the store's error for it.
    func refreshReceipt() throws -> SignedReceipt {
        let identity = try signingIdentity()
        return try queue.refreshReceipt { account in
            try ReceiptFile(directory: directory).write(try makeReceipt(for: account), identity: identity, durability: directory.durability)
        }
    }

    /// verifyReceipt's view of `account`: nil when the store knows no such account (never
    /// signed in, no transaction, in no family).
    func receiptRecords(of account: String) throws -> ReceiptVerifier.AccountRecords? {
        let records = try store.storage.load()
        let known = try records.settings.account == account || records.accountsByLastUse.contains(account)
            || records.families.contains { $0.organizer == account || $0.members.contains(account) }
            || !(database.transactions(matching: TransactionQuery(account: account, limit: 1)).transactions.isEmpty)
        guard known else { return nil }
        let latest = try SignedReceipt.sign(try makeReceipt(for: account), with: try signingIdentity())
        return ReceiptVerifier.AccountRecords(latestReceipt: latest, subscriptions: records.subscriptions.filter { $0.account == account })
    }
}
