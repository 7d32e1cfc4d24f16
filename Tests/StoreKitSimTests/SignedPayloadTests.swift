import AppStoreJSON
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// What the App Store signs, before it is signed: each field of JWSTransactionDecodedPayload,
/// JWSRenewalInfoDecodedPayload and AppTransaction under Apple's name, with Apple's type (dates
/// in milliseconds, prices in milliunits, enums as Apple's numbers and strings), from the
/// store's values.
@Suite struct SignedPayloadTests {
    static let signed = Date(timeIntervalSince1970: 1_800_000_000.25)
    static let context = SigningContext(bundleID: "com.storefront.quotes", appVersion: "2.1", environment: .xcode, signedDate: signed)
    static let bought = Date(timeIntervalSince1970: 1_700_000_000)

    /// The payload as signed, read back field by field with each value's JSON type.
    private func fields(_ payload: some Encodable) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: try SignedPayloadJSON.data(payload))
    }

    private func transaction(_ productID: String, id: String = "2000000001", quantity: Int = 1, account: String = "a@example.com",
                             reason: TransactionReason? = .purchase, original: String? = nil, username: String? = nil,
                             ownership: OwnershipType? = nil, shared: String? = nil, facts: PurchaseFacts? = nil,
                             isUpgraded: Bool? = nil) -> Transaction {
        Transaction(id: id, payment: Payment(productID: productID, quantity: quantity, applicationUsername: username),
                    state: .purchased, date: Self.bought, account: account, reason: reason, originalTransactionID: original,
                    ownershipType: ownership, sharedTransactionID: shared,
                    purchaseFacts: facts ?? PurchaseFacts(purchaseDate: Self.bought, originalPurchaseDate: Self.bought, price: 0.99,
                                                          currency: "USD", storefront: "USA"),
                    isUpgraded: isUpgraded)
    }

    @Test func aConsumableGivesEveryFieldUnderApplesNameAndType() throws {
        let coins = try #require(Plans.catalog.product(Plans.coins))
        let json = try fields(JWSTransactionPayload(transaction(Plans.coins, quantity: 3), product: coins, context: Self.context))
        #expect(json == [
            "transactionId": .string("2000000001"), "originalTransactionId": .string("2000000001"),
            "bundleId": .string("com.storefront.quotes"), "productId": .string(Plans.coins),
            "purchaseDate": .int(1_700_000_000_000), "originalPurchaseDate": .int(1_700_000_000_000),
            "quantity": .int(3), "type": .string("Consumable"), "inAppOwnershipType": .string("PURCHASED"),
            "signedDate": .int(1_800_000_000_250), "environment": .string("Xcode"),
            "storefront": .string("USA"), "storefrontId": .string("143441"), "transactionReason": .string("PURCHASE"),
            "currency": .string("USD"), "price": .int(990),
            "appTransactionId": .string(AppTransactionID.of(account: "a@example.com", bundleID: "com.storefront.quotes")),
        ])
    }

    @Test func theJSONHasSortedKeysAndNoNulls() throws {
        let data = try SignedPayloadJSON.data(JWSTransactionPayload(transaction(Plans.coins), product: nil, context: Self.context))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("null") && !text.contains("\"type\""), "a product gone from the catalog has no type: \(text)")
        let pattern = try NSRegularExpression(pattern: #""(\w+)":"#)
        let keys = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
        #expect(keys.count > 10 && keys == keys.sorted(), "\(keys)")
    }

    @Test(arguments: [
        (ProductType.consumable, "Consumable"), (.nonConsumable, "Non-Consumable"),
        (.autoRenewable, "Auto-Renewable Subscription"), (.nonRenewing, "Non-Renewing Subscription"),
    ])
    func eachProductTypeHasApplesName(type: ProductType, name: String) throws {
        let product = CatalogProduct(id: "p", type: type, localizations: [], price: .perStorefront(["USA": 1]))
        let json = try fields(JWSTransactionPayload(transaction("p"), product: product, context: Self.context))
        #expect(json["type"] == .string(name))
    }

    @Test func aNonConsumablesRedownloadIsAPurchaseOfTheOriginal() throws {
        let product = CatalogProduct(id: "unlock", type: .nonConsumable, localizations: [], price: .perStorefront(["USA": 4.99]))
        let again = transaction("unlock", id: "2000000009", reason: .redownload, original: "2000000001",
                                facts: PurchaseFacts(purchaseDate: Self.bought + 60, originalPurchaseDate: Self.bought, price: 0,
                                                     currency: "USD", storefront: "JPN"))
        let json = try fields(JWSTransactionPayload(again, product: product, context: Self.context))
        #expect(json["type"] == .string("Non-Consumable") && json["transactionReason"] == .string("PURCHASE"))
        #expect(json["originalTransactionId"] == .string("2000000001") && json["transactionId"] == .string("2000000009"))
        #expect(json["purchaseDate"] == .int(1_700_000_060_000) && json["originalPurchaseDate"] == .int(1_700_000_000_000))
        #expect(json["price"] == .int(0) && json["storefront"] == .string("JPN") && json["storefrontId"] == .string("143462"))
    }

    /// Apple reports re-downloads, resolutions and purchases made outside the app as PURCHASE;
    /// only a renewal is a RENEWAL.
    @Test func onlyARenewalIsARenewal() {
        for reason in TransactionReason.allCases {
            #expect(transaction("p", reason: reason).serverReason == (reason == .renewal ? "RENEWAL" : "PURCHASE"), "\(reason)")
        }
        #expect(transaction("p", reason: nil).serverReason == "PURCHASE", "a restore")
    }

    @Test func aSubscriptionsRenewalWithAnOfferCodeGivesItsOfferGroupAndPeriod() throws {
        let t = try Harness.plans(.inMemory, catalog: OfferCodeTests.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        try t.advance(to: try #require(bought.expirationDate), plus: 1)
        let renewal = try #require(try t.records.transactions.last)
        #expect(renewal.reason == .renewal)
        let product = try #require(OfferCodeTests.catalog.product(Plans.proMonthly))
        let json = try fields(JWSTransactionPayload(renewal, product: product, context: Self.context))
        #expect(json["transactionReason"] == .string("RENEWAL") && json["type"] == .string("Auto-Renewable Subscription"))
        #expect(json["subscriptionGroupIdentifier"] == .string(Plans.group))
        #expect(json["originalTransactionId"] == .string(bought.id) && json["transactionId"] == .string(renewal.id))
        #expect(json["offerType"] == .int(3) && json["offerIdentifier"] == .string("HALFOFF3"))
        #expect(json["offerDiscountType"] == .string("PAY_AS_YOU_GO") && json["offerPeriod"] == .string("P3M"))
        #expect(json["price"] == .int(5000) && json["currency"] == .string("USD"))
        #expect(json["webOrderLineItemId"] == renewal.webOrderLineItemID.map(JSONValue.string) && json["webOrderLineItemId"] != nil)
        let expires = try #require(renewal.expirationDate)
        #expect(json["expiresDate"] == .int(Int(expires.millisecondsSince1970)))
        #expect(json["originalPurchaseDate"] == .int(Int(try #require(bought.purchaseDate).millisecondsSince1970)))
    }

    @Test(arguments: [
        (TransactionOffer.OfferType.introductory, 1), (.promotional, 2), (.code, 3), (.winBack, 4),
    ])
    func eachOfferTypeHasApplesNumber(type: TransactionOffer.OfferType, number: Int) {
        #expect(type.serverValue == number)
    }

    @Test func aRefundGivesItsDateReasonTypeAndPercentage() throws {
        var refunded = transaction(Plans.coins)
        refunded.revoke(Revocation(date: Self.bought + 3600, reason: .developerIssue, type: .refundProrated, percentage: 50_000))
        let json = try fields(JWSTransactionPayload(refunded, product: nil, context: Self.context))
        #expect(json["revocationDate"] == .int(1_700_003_600_000) && json["revocationReason"] == .int(1))
        #expect(json["revocationType"] == .string("REFUND_PRORATED") && json["revocationPercentage"] == .int(50_000))
        var other = transaction(Plans.coins)
        other.revoke(Revocation(date: Self.bought, reason: .other, type: .refundFull, percentage: 100_000))
        let full = try fields(JWSTransactionPayload(other, product: nil, context: Self.context))
        #expect(full["revocationReason"] == .int(0) && full["revocationType"] == .string("REFUND_FULL"))
        let kept = try fields(JWSTransactionPayload(transaction(Plans.coins), product: nil, context: Self.context))
        for absent in ["revocationDate", "revocationReason", "revocationType", "revocationPercentage", "isUpgraded"] {
            #expect(kept[absent] == nil, "\(absent)")
        }
    }

    @Test func anUpgradedPeriodSaysSoAndOnlyThen() throws {
        let json = try fields(JWSTransactionPayload(transaction(Plans.liteMonthly, isUpgraded: true), product: nil, context: Self.context))
        #expect(json["isUpgraded"] == .bool(true))
        let not = try fields(JWSTransactionPayload(transaction(Plans.liteMonthly, isUpgraded: false), product: nil, context: Self.context))
        #expect(not["isUpgraded"] == nil)
    }

    @Test func aFamilySharedCopyIsFamilySharedAndItsRevocationAFamilyRevoke() throws {
        var shared = transaction(Plans.proMonthly, id: "2000000002", account: "kid@example.com", ownership: .familyShared, shared: "2000000001")
        shared.revoke(Revocation(date: Self.bought + 60, reason: .other, type: .familyRevoke, percentage: nil))
        let json = try fields(JWSTransactionPayload(shared, product: nil, context: Self.context))
        #expect(json["inAppOwnershipType"] == .string("FAMILY_SHARED") && json["revocationType"] == .string("FAMILY_REVOKE"))
        #expect(json["revocationPercentage"] == nil)
        #expect(json["appTransactionId"] == .string(AppTransactionID.of(account: "kid@example.com", bundleID: "com.storefront.quotes")))
        #expect(json["appTransactionId"] != .string(AppTransactionID.of(account: "a@example.com", bundleID: "com.storefront.quotes")),
                "each account has its own")
    }

    @Test func aUUIDApplicationUsernameIsTheAppAccountTokenInLowercase() throws {
        let uuid = "7E3FB20B-4CDB-47CC-936D-99D65F608138"
        let json = try fields(JWSTransactionPayload(transaction(Plans.coins, username: uuid), product: nil, context: Self.context))
        #expect(json["appAccountToken"] == .string(uuid.lowercased()))
        let named = try fields(JWSTransactionPayload(transaction(Plans.coins, username: "player-1"), product: nil, context: Self.context))
        #expect(named["appAccountToken"] == nil, "StoreKit carries over only a UUID")
    }

    @Test func theSandboxEnvironmentIsNamedSandbox() throws {
        var context = Self.context
        context.environment = .sandbox
        let json = try fields(JWSTransactionPayload(transaction(Plans.coins), product: nil, context: context))
        #expect(json["environment"] == .string("Sandbox"))
    }

    @Test func pricesAreMilliunitsAndDatesMilliseconds() {
        #expect(Decimal(string: "9.99")?.milliunits == 9990 && Decimal(1500).milliunits == 1_500_000)
        #expect(Decimal(string: "0.0005")?.milliunits == 1 && Decimal(0).milliunits == 0)
        #expect(Date(timeIntervalSince1970: 1.2345).millisecondsSince1970 == 1235)
    }

    @Test func theRenewalInfoOfACodesNextPeriodGivesItsPriceOfferAndDates() throws {
        let t = try Harness.plans(.inMemory, catalog: OfferCodeTests.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        let records = try t.records
        let status = try #require(records.status(of: bought.account, group: Plans.group))
        let next = records.nextRenewal(of: status, catalog: OfferCodeTests.catalog)
        let json = try fields(JWSRenewalInfoPayload(status, nextRenewal: next, latest: bought, context: Self.context))
        let started = Int(status.recentSubscriptionStartDate.millisecondsSince1970)
        let renews = Int(try #require(status.renewalDate).millisecondsSince1970)
        #expect(json == [
            "originalTransactionId": .string(bought.id), "autoRenewProductId": .string(Plans.proMonthly),
            "productId": .string(Plans.proMonthly), "autoRenewStatus": .int(1), "isInBillingRetryPeriod": .bool(false),
            "recentSubscriptionStartDate": .int(started), "renewalDate": .int(renews),
            "renewalPrice": .int(5000), "currency": .string("USD"),
            "offerType": .int(3), "offerIdentifier": .string("HALFOFF3"), "offerDiscountType": .string("PAY_AS_YOU_GO"),
            "offerPeriod": .string("P3M"), "environment": .string("Xcode"), "signedDate": .int(1_800_000_000_250),
            "appTransactionId": .string(AppTransactionID.of(account: bought.account, bundleID: "com.storefront.quotes")),
        ])
    }

    @Test func anEndedSubscriptionsRenewalInfoGivesWhyAndThePriceIncrease() throws {
        var status = SubscriptionStatus(account: "a@example.com", groupID: Plans.group, productID: Plans.proMonthly, state: .expired,
                                        originalTransactionID: "2000000001", latestTransactionID: "2000000003",
                                        expiresDate: Self.bought, willAutoRenew: false, autoRenewProductID: Plans.liteMonthly,
                                        expirationReason: .didNotConsentToPriceIncrease, priceIncreaseStatus: .pending,
                                        recentSubscriptionStartDate: Self.bought - 86400)
        let latest = transaction(Plans.proMonthly, username: "7E3FB20B-4CDB-47CC-936D-99D65F608138")
        var json = try fields(JWSRenewalInfoPayload(status, nextRenewal: nil, latest: latest, context: Self.context))
        #expect(json["autoRenewStatus"] == .int(0) && json["expirationIntent"] == .int(3) && json["priceIncreaseStatus"] == .int(0))
        #expect(json["autoRenewProductId"] == .string(Plans.liteMonthly) && json["productId"] == .string(Plans.proMonthly))
        #expect(json["appAccountToken"] == .string("7e3fb20b-4cdb-47cc-936d-99d65f608138"))
        for absent in ["renewalDate", "renewalPrice", "currency", "offerType", "gracePeriodExpiresDate"] {
            #expect(json[absent] == nil, "\(absent)")
        }
        status.priceIncreaseStatus = .noIncreasePending
        status.expirationReason = .autoRenewDisabled
        json = try fields(JWSRenewalInfoPayload(status, nextRenewal: nil, latest: nil, context: Self.context))
        #expect(json["priceIncreaseStatus"] == nil && json["expirationIntent"] == .int(1) && json["appAccountToken"] == nil)
        let intents = ExpirationReason.allCases.map(\.serverValue)
        #expect(intents == [1, 2, 3, 4, 5])
    }

    @Test func aChurnedSubscribersRenewalInfoListsTheWinBackOffersBestFirstOrNone() throws {
        let status = SubscriptionStatus(account: "a@example.com", groupID: Plans.group, productID: Plans.proMonthly, state: .expired,
                                        originalTransactionID: "2000000001", latestTransactionID: "2000000003",
                                        expiresDate: Self.bought, willAutoRenew: false, recentSubscriptionStartDate: Self.bought - 86400)
        let listed = try fields(JWSRenewalInfoPayload(status, nextRenewal: nil, latest: nil, context: Self.context,
                                                      eligibleWinBackOfferIDs: ["BEST", "NEXT"]))
        #expect(listed["eligibleWinBackOfferIds"] == .array([.string("BEST"), .string("NEXT")]))
        let none = try fields(JWSRenewalInfoPayload(status, nextRenewal: nil, latest: nil, context: Self.context))
        #expect(none["eligibleWinBackOfferIds"] == nil, "left out, never an empty list")
    }

    @Test func theAppTransactionDatesTheAppFromTheAccountsFirstPurchase() throws {
        let first = transaction(Plans.coins, id: "1", facts: PurchaseFacts(purchaseDate: Self.bought))
        let later = transaction(Plans.coins, id: "2", facts: PurchaseFacts(purchaseDate: Self.bought + 99))
        let others = transaction(Plans.coins, id: "3", account: "b@example.com", facts: PurchaseFacts(purchaseDate: Self.bought - 99))
        let json = try fields(AppTransactionPayload(account: "a@example.com", transactions: [later, others, first], context: Self.context))
        #expect(json == [
            "receiptType": .string("Xcode"), "bundleId": .string("com.storefront.quotes"),
            "applicationVersion": .string("2.1"), "originalApplicationVersion": .string("2.1"),
            "receiptCreationDate": .int(1_800_000_000_250),
            "originalPurchaseDate": .int(1_700_000_000_000), "originalPlatform": .string("iOS"),
            "appTransactionId": .string(AppTransactionID.of(account: "a@example.com", bundleID: "com.storefront.quotes")),
        ])
        let fresh = try fields(AppTransactionPayload(account: "new@example.com", transactions: [first], context: Self.context))
        #expect(fresh["originalPurchaseDate"] == .int(1_800_000_000_250), "no purchase yet: the app is got as it is signed")
    }

    @Test func theAppTransactionIDIsANumberTheSameOnEveryRun() {
        let id = AppTransactionID.of(account: "sandbox.user@example.com", bundleID: "com.storefront.quotes")
        #expect(id == AppTransactionID.of(account: "sandbox.user@example.com", bundleID: "com.storefront.quotes"))
        #expect(UInt64(id) != nil && (15...16).contains(id.count), "\(id)")
        #expect(id != AppTransactionID.of(account: "sandbox.user@example.com", bundleID: "com.example.other"))
    }
}
