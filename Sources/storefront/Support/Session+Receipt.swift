import AppStoreCore
import AppStoreSigning
import Foundation

extension Session {
    /// The app as App Store Connect knows it: the app description's bundle id, version and
    /// the shared secret verifyReceipt checks `password` against.
    var receiptApp: ReceiptApp {
        ReceiptApp(bundleID: app.bundleID, appVersion: app.appVersion, sharedSecret: app.sharedSecret)
    }

    /// The app's receipts in the data directory, from the store's records, under the session's chain.
    var receipts: AccountReceipts {
        AccountReceipts(store: store, directory: directory, app: receiptApp, identity: { [signing] in try signing.identity() })
    }

    /// The data directory's signing chain, made the first time it is needed (read once a session).
    func signingIdentity() throws -> SigningIdentity {
        try signing.identity()
    }

    /// The receipt the store's records make now for `account` (nil: nobody signed in, no
    /// purchases).
    func makeReceipt(for account: String?) throws -> AppReceipt {
        try receipts.make(for: account)
    }

    /// The data directory's receipt, made again first if the records changed since it was.
    func currentReceipt() throws -> SignedReceipt {
        try receipts.current(for: try store.settings().account)
    }

    /// SKReceiptRefreshRequest: a fresh receipt written, or the store's error for it.
    func refreshReceipt() throws -> SignedReceipt {
        let receipts = self.receipts
        return try queue.refreshReceipt { try receipts.refreshed(for: $0) }
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
