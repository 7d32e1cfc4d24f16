import AppStoreCore
import DataFiles
import Foundation

/// The App Store receipt of the data directory's app, made from the store's records as they are
/// now and kept in StoreKit/receipt (`ReceiptFile`) under the directory's chain (signing.pem): the
/// one home of what `storefront receipt`, a refresh (SKReceiptRefreshRequest, on the command line
/// and in a walkthrough) and verifyReceipt's `latest_receipt` are made from.
public struct AccountReceipts {
    public let store: AppStore
    public let directory: DataDirectory
    public let app: ReceiptApp
    private let loadIdentity: () throws -> SigningIdentity

    /// `identity`: the directory's chain as its session holds it (read once); by default read
    /// from signing.pem, or made, when first needed.
    public init(store: AppStore, directory: DataDirectory, app: ReceiptApp,
                identity: (() throws -> SigningIdentity)? = nil) {
        self.store = store
        self.directory = directory
        self.app = app
        self.loadIdentity = identity ?? { try SigningChainFile.loadOrMake(in: directory) }
    }

    /// The receipt the store's records make now for `account` (nil: nobody signed in, no purchases).
    public func make(for account: String?) throws -> AppReceipt {
        let transactions = try account.map {
            try store.storage.transactions(matching: TransactionQuery(account: $0, limit: Int(Int32.max))).transactions
        } ?? []
        return try AppReceipt.make(app: app, environment: ReceiptEnvironment(try store.settings().signingEnvironment), account: account,
                                   transactions: transactions, catalog: store.catalog, at: try store.now())
    }

    /// The file's receipt, made again first if the records changed since it was.
    public func current(for account: String?) throws -> SignedReceipt {
        try file.current(try make(for: account), identity: try identity(), durability: directory.durability)
    }

    /// A fresh receipt for `account`, made and written whatever the file held (a refresh).
    @discardableResult
    public func refreshed(for account: String) throws -> SignedReceipt {
        try file.write(try make(for: account), identity: try identity(), durability: directory.durability)
    }

    /// The data directory's signing chain, made the first time it is needed.
    public func identity() throws -> SigningIdentity {
        try loadIdentity()
    }

    public var file: ReceiptFile { ReceiptFile(directory: directory) }
}
