import AppStoreJSON
import AppStoreSigning
import CatalogFiles
import Foundation
import Testing
@testable import AppStoreCore

/// Apple's app-store-server-library reads what the App Store would sign: every payload made
/// here by the store, of every kind of purchase, is structured into the library's model
/// (Tests/AppleLibrary/decode_payload.py), which fails on a field it does not know, a value of
/// another type, or one none of its enum's cases maps. Needs the test venv (as the browser
/// tests do: skipped without it, failing under CI=true).
@Suite(.appleLibrary)
struct AppleLibraryPayloadTests {
    static let account = "sandbox.user@example.com"

    /// One payload of each kind the store makes, from a store in memory over the built-in catalog.
    private func payloads(environment: SigningEnvironment) throws -> [AppleLibrary.Item] {
        let clock = ManualClock()
        let catalog = try CatalogLoader.defaultCatalog()
        let storage = InMemoryStorage()
        let store = AppStore(catalog: catalog, storage: storage, wallClock: clock)
        let admin = StoreAdmin(store: store)
        let credits = try admin.buyOutsideApp("com.storefront.credits.5", quantity: 2, account: Self.account)
        let premium = try admin.buyOutsideApp("com.storefront.premium", account: Self.account)
        _ = try admin.buyOutsideApp("com.storefront.pass.yearly", account: Self.account)
        _ = try admin.redeemOfferCode("FRIENDMONTH", account: Self.account)
        try admin.forceRenewal("com.storefront.pro.monthly", account: Self.account)
        try admin.refundTransaction(credits.id, Refund(reason: .developerIssue))
        try admin.refundTransaction(premium.id)
        try admin.requestPriceIncrease("com.storefront.pro.monthly", price: 12.99, consentNeeded: true)
        // A subscriber's offer code waiting for the renewal: the renewal info's offer is the code (offerType 3).
        let subscriber = "subscriber@example.com"
        _ = try admin.buyOutsideApp("com.storefront.pro.monthly", terms: OutsidePurchaseTerms(offer: .none), account: subscriber)
        _ = try admin.redeemOfferCode("LOYALYEAR", account: subscriber)
        // A monthly plan with a 12-month commitment, renewed once, then cancelled (its commitment ends).
        let committed = "monthly@example.com"
        _ = try admin.buyOutsideApp("com.storefront.pro.yearly", terms: .init(billingPlanType: BillingPlan.monthly), account: committed)
        try admin.forceRenewal("com.storefront.pro.yearly", account: committed)
        try admin.setAutoRenew("com.storefront.pro.yearly", on: false, account: committed)
        clock.advance(by: 3600)
        let records = try storage.load()
        let context = SigningContext(bundleID: "com.storefront.quotes", appVersion: "1.0", environment: environment, signedDate: clock.now)
        // What the store does not make in this catalog, made by hand: a family member's copy,
        // an upgraded period, a UUID application username.
        let facts = PurchaseFacts(purchaseDate: clock.now, originalPurchaseDate: clock.now, price: 4.99, currency: "JPY", storefront: "JPN")
        var shared = Transaction(id: "9000000001", payment: Payment(productID: "com.storefront.premium"), state: .purchased,
                                 date: clock.now, account: "kid@example.com", reason: .purchase, originalTransactionID: premium.id,
                                 ownershipType: .familyShared, sharedTransactionID: premium.id, purchaseFacts: facts)
        shared.revoke(Revocation(date: clock.now, reason: .other, type: .familyRevoke, percentage: nil))
        let upgraded = Transaction(id: "9000000002", payment: Payment(productID: "com.storefront.lite.monthly",
                                                                      applicationUsername: UUID().uuidString),
                                   state: .purchased, date: clock.now, account: Self.account, reason: .purchase,
                                   purchaseFacts: facts, isUpgraded: true)
        var items: [AppleLibrary.Item] = []
        for t in records.transactions + [shared, upgraded] {
            let payload = JWSTransactionPayload(t, product: catalog.product(t.productID), context: context)
            items.append(try .init(kind: "transaction", name: "\(t.productID) \(t.id) (\(t.reason?.rawValue ?? "restore"))", payload: payload))
        }
        for status in records.subscriptions {
            let latest = records.transactions.first { $0.id == status.latestTransactionID }
            let payload = JWSRenewalInfoPayload(status, nextRenewal: records.nextRenewal(of: status, catalog: catalog), latest: latest, context: context)
            items.append(try .init(kind: "renewalInfo", name: "renewal info of \(status.originalTransactionID)", payload: payload))
        }
        // A churned subscriber's, listing the win-back offers they may have, best first.
        if let churned = records.subscriptions.first {
            let payload = JWSRenewalInfoPayload(churned, nextRenewal: nil, latest: nil, context: context,
                                                eligibleWinBackOfferIDs: ["winback.high", "winback.normal"])
            items.append(try .init(kind: "renewalInfo", name: "renewal info with win-back offers", payload: payload))
        }
        for account in [Self.account, "nobody@example.com"] {
            let payload = AppTransactionPayload(account: account, transactions: records.transactions, context: context)
            items.append(try .init(kind: "appTransaction", name: "app transaction of \(account)", payload: payload))
        }
        // As a device asks for it: with its deviceVerification and deviceVerificationNonce.
        let device = DeviceVerification.of(device: UUID(), subject: AppTransactionID.of(account: Self.account, bundleID: context.bundleID))
        let onDevice = AppTransactionPayload(account: Self.account, transactions: records.transactions, context: context, device: device)
        items.append(try .init(kind: "appTransaction", name: "app transaction of \(Self.account) on a device", payload: onDevice))
        return items
    }

    @Test(arguments: SigningEnvironment.allCases)
    func appleLibraryReadsEveryPayloadTheStoreMakes(environment: SigningEnvironment) throws {
        let items = try payloads(environment: environment)
        let kinds = Set(items.map(\.kind))
        #expect(kinds == ["transaction", "renewalInfo", "appTransaction"], "\(kinds)")
        let outcome = try AppleLibrary.decode(items)
        #expect(outcome.checked == items.count)
        for failure in outcome.failures { Issue.record("\(environment): \(failure)") }
    }

    /// A nested model (a commitment's renewal) is read field by field, as the payload itself.
    @Test func theScriptFailsANestedFieldTheLibraryCannotRead() throws {
        let bad: [String: Any] = ["commitmentInfo": ["commitmentRenewalBillingPlanType": "WEEKLY", "commitmentRenewalDate": "soon"]]
        let outcome = try AppleLibrary.decode([AppleLibrary.Item(kind: "renewalInfo", name: "bad", object: bad)])
        #expect(!outcome.failures.isEmpty && outcome.failures.allSatisfy { $0.hasPrefix("bad: commitmentInfo") }, "\(outcome.failures)")
        let good: [String: Any] = ["commitmentInfo": ["commitmentRenewalBillingPlanType": "MONTHLY", "commitmentAutoRenewStatus": 0,
                                                      "commitmentRenewalPrice": 53_880, "commitmentAutoRenewProductId": "p"],
                                   "renewalBillingPlanType": "MONTHLY"]
        #expect(try AppleLibrary.decode([AppleLibrary.Item(kind: "renewalInfo", name: "good", object: good)]).failures.isEmpty)
    }

    /// The script fails what the library would not read: it is no check that cannot fail.
    @Test func theScriptFailsAFieldTheLibraryDoesNotKnowOrAValueItCannotMap() throws {
        let bad: [String: Any] = ["type": "Consumables", "price": "9.99", "offerType": 9, "purchasedQuantity": 1]
        let outcome = try AppleLibrary.decode([AppleLibrary.Item(kind: "transaction", name: "bad", object: bad)])
        #expect(outcome.failures.count == 4, "\(outcome.failures)")
        for field in ["type", "price", "offerType", "purchasedQuantity"] {
            #expect(outcome.failures.contains { $0.hasPrefix("bad: \(field) ") }, "\(field): \(outcome.failures)")
        }
    }
}
