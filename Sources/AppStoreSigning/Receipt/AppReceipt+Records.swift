import AppStoreCore
import Crypto
import Foundation

extension AppReceipt {
    /// The receipt the App Store makes for `account` from its transactions (any order, any
    /// account's: only the account's own are kept), at `date`. Dates are whole seconds, as the
    /// receipt writes them, so a receipt made again from the same records lists the same.
    public static func make(app: ReceiptApp, environment: ReceiptEnvironment, account: String?,
                            transactions: [Transaction], catalog: Catalog, at date: Date) throws -> AppReceipt {
        let purchases = transactions
            .filter { $0.account == account && account != nil && isListed($0, type: catalog.product($0.productID)?.type) }
            .compactMap { InAppPurchaseReceipt($0, type: catalog.product($0.productID)?.type) }
            .sorted { ($0.purchaseDate, $0.transactionID) < ($1.purchaseDate, $1.transactionID) }
        let created = wholeSeconds(date)
        // A stand-in for the device's identifierForVendor: one per account, as one device each.
        let device = Array(SHA256.hash(data: Data("device \(account ?? "")".utf8)).prefix(16))
        let opaque = Array(SHA256.hash(data: Data("opaque \(account ?? "") \(created.timeIntervalSince1970)".utf8)).prefix(16))
        var hashed = Insecure.SHA1()
        hashed.update(data: device + opaque + (try ReceiptValue.string(app.bundleID)))
        return AppReceipt(
            environment: environment, bundleID: app.bundleID, appVersion: app.appVersion,
            // The sandbox's receipts always say 1.0, as Apple's do.
            originalApplicationVersion: environment.isSandbox ? "1.0" : app.appVersion,
            creationDate: created, opaqueValue: opaque, sha1Hash: Array(hashed.finalize()), account: account,
            inAppPurchases: purchases)
    }

    /// Which transactions a receipt lists, as Apple documents: every completed purchase of a
    /// non-consumable and of a subscription (an auto-renewable's renewals included, a refunded
    /// one with its cancellation date), a consumable only until the app finishes it. A restore
    /// or a re-download stands for a purchase already listed.
    public static func isListed(_ t: Transaction, type: ProductType?) -> Bool {
        guard t.queueState.state == .purchased, t.purchaseDate != nil, t.reason != .redownload else { return false }
        return type != .consumable || !t.queueState.finished
    }

    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}

extension InAppPurchaseReceipt {
    /// `t` as a receipt lists it; nil for one the store has not completed.
    init?(_ t: Transaction, type: ProductType?) {
        guard let purchased = t.purchaseDate else { return nil }
        let isSubscription = type == .autoRenewable
        let offer = t.offer
        self.init(
            quantity: t.purchasedQuantity, productID: t.productID, transactionID: t.id,
            originalTransactionID: t.originalID ?? t.id,
            purchaseDate: AppReceipt.wholeSeconds(purchased),
            originalPurchaseDate: AppReceipt.wholeSeconds(t.originalPurchaseDate ?? purchased),
            subscriptionExpirationDate: isSubscription ? t.expirationDate.map(AppReceipt.wholeSeconds) : nil,
            webOrderLineItemID: t.webOrderLineItemID.flatMap { Int64($0) },
            cancellationDate: t.revocationDate.map(AppReceipt.wholeSeconds),
            isTrialPeriod: isSubscription ? (t.isTrialPeriod == true || offer?.paymentMode == .freeTrial) : nil,
            isInIntroOfferPeriod: isSubscription ? (offer?.type == .introductory && offer?.paymentMode != .freeTrial) : nil,
            promotionalOfferID: offer?.type == .promotional ? offer?.id : nil)
    }
}
