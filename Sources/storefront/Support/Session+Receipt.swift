import AppStoreCore
import AppStoreSigning
import Foundation

extension Session {
    /// The app-specific shared secret verifyReceipt checks `password` against: one for every
    /// app, as the app description names none.
    static let sharedSecret = "storefront-shared-secret"

    /// The app as App Store Connect knows it: the app description's bundle id and version.
    var receiptApp: ReceiptApp {
        ReceiptApp(bundleID: app.bundleID, appVersion: app.appVersion, sharedSecret: Self.sharedSecret)
    }

    /// The data directory's signing chain, made the first time it is needed (read once a session).
    func signingIdentity() throws -> SigningIdentity {
        try signing.identity()
    }

    /// The receipt the store's records make now for `account` (nil: nobody signed in, no
    /// purchases).
    func makeReceipt(for account: String?) throws -> AppReceipt {
        let transactions = try account.map {
            try database.transactions(matching: TransactionQuery(account: $0, limit: Int(Int32.max))).transactions
        } ?? []
        return try AppReceipt.make(app: receiptApp, environment: ReceiptEnvironment(try store.settings().signingEnvironment), account: account,
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
