import AppStoreJSON
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore

/// The App Store's JSON vocabulary without the binary: the names and values a script reads
/// from `--json`.
@Suite struct AppStoreJSONTests {
    /// The payload as `--json` writes it, as a dictionary.
    private func object(_ value: some Encodable) throws -> [String: Any] {
        let data = Data(try JSONCoding.line(value).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aPurchaseGivesItsFactsUnderStoreKitsNamesWithThePriceAsADecimalString() throws {
        let t = try Harness.plans(.inMemory) { $0.storefront = "JPN" }
        let json = try object(TransactionPayload(try t.buy(Plans.coins, quantity: 3)))
        #expect(json["productID"] as? String == Plans.coins)
        #expect(json["quantity"] as? Int == 3)
        #expect(json["state"] as? String == "purchased")
        #expect(json["price"] as? String == "450")
        #expect(json["currency"] as? String == "JPY" && json["storefront"] as? String == "JPN")
        #expect(json["purchaseDate"] is String && json["finished"] is Bool)
        // What a completed purchase of its own does not have is left out, not written as null.
        for absent in ["error", "awaitingResolution", "ownershipType", "revocationDate", "phase"] {
            #expect(json[absent] == nil, "\(absent)")
        }
    }

    @Test func aStoreErrorGivesItsDomainCodeNameAndMessage() throws {
        let json = try object(ErrorPayload(StoreError(.paymentCancelled)))
        #expect(json["domain"] as? String == "SKErrorDomain" && json["code"] as? Int == 2)
        #expect(json["name"] as? String == "paymentCancelled" && json["message"] as? String == SKErrorCode.paymentCancelled.message)
    }

    @Test func aSubscriptionsStatusCarriesItsRenewalInfoAndTheTransactionThatPaid() throws {
        let t = try Harness.plans(.inMemory)
        let paid = try t.buy(Plans.proMonthly)
        let status = try #require(try t.records.status(of: paid.account, group: Plans.group))
        let json = try object(SubscriptionStatusPayload(status, transaction: paid))
        #expect(json["state"] as? String == "subscribed" && json["givesAccess"] as? Bool == true)
        let renewal = try #require(json["renewalInfo"] as? [String: Any])
        #expect(renewal["currentProductID"] as? String == Plans.proMonthly)
        #expect(renewal["autoRenewPreference"] as? String == Plans.proMonthly)
        #expect(renewal["willAutoRenew"] as? Bool == true && renewal["isInBillingRetry"] as? Bool == false)
        #expect(renewal["originalTransactionID"] as? String == paid.originalID ?? paid.id)
        #expect(renewal["expirationDate"] is String && renewal["expirationReason"] == nil)
        let transaction = try #require(json["transaction"] as? [String: Any])
        #expect(transaction["id"] as? String == paid.id)
    }

    /// A server reads what the next renewal charges and the offer it goes on with from the
    /// renewal info (JWSRenewalInfoDecodedPayload's renewalPrice, currency, offerType,
    /// offerIdentifier): a pay-as-you-go code at its price for its periods, then the plan's.
    @Test func theRenewalInfoCarriesTheNextRenewalsPriceCurrencyAndOffer() throws {
        let t = try Harness.plans(.inMemory, catalog: OfferCodeTests.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        func renewal() throws -> [String: Any] {
            let records = try t.records
            let status = try #require(records.status(of: bought.account, group: Plans.group))
            let json = try object(SubscriptionStatusPayload(status, transaction: nil,
                                                            nextRenewal: records.nextRenewal(of: status, catalog: OfferCodeTests.catalog)))
            return try #require(json["renewalInfo"] as? [String: Any])
        }
        var info = try renewal()
        #expect(info["renewalPrice"] as? String == "5" && info["currency"] as? String == "USD", "\(info)")
        #expect(info["offerType"] as? String == "code" && info["offerIdentifier"] as? String == "HALFOFF3", "\(info)")
        var end = try #require(bought.expirationDate)
        for _ in 0..<3 {
            try t.advance(to: end, plus: 1)
            end = try #require(try t.records.transactions.last?.expirationDate)
        }
        info = try renewal()
        #expect(info["renewalPrice"] as? String == "10" && info["currency"] as? String == "USD", "\(info)")
        #expect(info["offerType"] == nil && info["offerIdentifier"] == nil, "the code's periods are used up: \(info)")
    }

    /// A server matches on the Server API's names for the offer a transaction used and the
    /// one the next renewal goes on with: offerDiscountType and offerPeriod, the whole offer's
    /// length (three periods of P1M are P3M), beside StoreKit's `offer` and its one period.
    @Test func theTransactionAndRenewalInfoGiveTheOffersDiscountTypeAndWholeLength() throws {
        let t = try Harness.plans(.inMemory, catalog: OfferCodeTests.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        let transaction = try object(TransactionPayload(bought))
        #expect(transaction["offerDiscountType"] as? String == "PAY_AS_YOU_GO" && transaction["offerPeriod"] as? String == "P3M", "\(transaction)")
        let offer = try #require(transaction["offer"] as? [String: Any])
        #expect(offer["paymentMode"] as? String == "payAsYouGo" && offer["period"] as? String == "P1M", "StoreKit's own keys stay: \(offer)")
        let records = try t.records
        let status = try #require(records.status(of: bought.account, group: Plans.group))
        let json = try object(SubscriptionStatusPayload(status, transaction: bought,
                                                        nextRenewal: records.nextRenewal(of: status, catalog: OfferCodeTests.catalog)))
        let info = try #require(json["renewalInfo"] as? [String: Any])
        #expect(info["offerDiscountType"] as? String == "PAY_AS_YOU_GO" && info["offerPeriod"] as? String == "P3M", "\(info)")
    }

    /// A free trial is FREE_TRIAL for its length, and the renewal after it goes on with no offer.
    @Test func aFreeTrialIsAFreeTrialOfItsLengthAndItsRenewalHasNoOffer() throws {
        let t = try Harness.plans(.inMemory)
        let trial = try t.buy(Plans.proMonthly)
        let transaction = try object(TransactionPayload(trial))
        #expect(transaction["offerDiscountType"] as? String == "FREE_TRIAL" && transaction["offerPeriod"] as? String == "P1W", "\(transaction)")
        let records = try t.records
        let status = try #require(records.status(of: trial.account, group: Plans.group))
        let info = try object(RenewalInfoPayload(status, nextRenewal: records.nextRenewal(of: status, catalog: Plans.catalog)))
        for absent in ["offerType", "offerIdentifier", "offerDiscountType", "offerPeriod"] { #expect(info[absent] == nil, "\(absent): \(info)") }
        #expect(info["renewalPrice"] as? String == "10")
    }

    /// A transaction recorded before the store kept how many periods its offer lasts: its
    /// discount type, and no length rather than a wrong one.
    @Test func anOfferRecordedWithoutItsCountGivesNoOfferPeriod() throws {
        let old = #"{"type":"introductory","paymentMode":"payAsYouGo","period":"P1M"}"#
        let offer = try JSONDecoder().decode(TransactionOffer.self, from: Data(old.utf8))
        #expect(offer.periodCount == nil && offer.totalPeriod == nil)
        #expect(TransactionOffer(type: .introductory, paymentMode: .payAsYouGo, period: Plans.month, periodCount: 2).totalPeriod?.description == "P2M")
    }

    /// An event carries the offer its transaction used where a notification does, in its
    /// transaction (the signed transaction info), not again beside it.
    @Test func aSubscribedEventsTransactionCarriesTheOfferItUsed() throws {
        let t = try Harness.plans(.inMemory)
        try t.buy(Plans.proMonthly)
        let event = try #require(try t.storage.events(after: 0, limit: nil).first { $0.kind == .subscribed })
        let json = try object(StoreEventPayload(event))
        let transaction = try #require(json["transaction"] as? [String: Any], "\(json)")
        #expect(transaction["offerDiscountType"] as? String == "FREE_TRIAL" && transaction["offerPeriod"] as? String == "P1W", "\(transaction)")
        #expect((transaction["offer"] as? [String: Any])?["type"] as? String == "introductory")
        #expect(json["offer"] == nil && json["offerDiscountType"] == nil)
    }

    @Test func aStoreEventGivesItsDetailsApartWithAmountsAsDecimalStrings() throws {
        let t = try Harness.plans(.inMemory)
        try t.buy(Plans.proMonthly)
        let event = try #require(try t.storage.events(after: 0, limit: nil).first)
        let json = try object(StoreEventPayload(event))
        #expect(json["kind"] as? String == event.kind.rawValue && json["productID"] as? String == Plans.proMonthly)
        let details = try #require(json["details"] as? [String: Any])
        if let price = event.details.price { #expect(details["price"] as? String == "\(price)") }
    }

    @Test func aSubscribedEventCarriesItsTransactionAndRenewalInfoAsTheChangeLeftThem() throws {
        let t = try Harness.plans(.inMemory)
        let paid = try t.buy(Plans.proMonthly)
        let event = try #require(try t.storage.events(after: 0, limit: nil).first { $0.kind == .subscribed })
        let json = try object(StoreEventPayload(event))
        let transaction = try #require(json["transaction"] as? [String: Any], "\(json)")
        #expect(transaction["id"] as? String == paid.id && transaction["productID"] as? String == Plans.proMonthly)
        let subscription = try #require(json["subscription"] as? [String: Any], "\(json)")
        #expect(subscription["state"] as? String == "subscribed")
        let renewal = try #require(subscription["renewalInfo"] as? [String: Any])
        #expect(renewal["originalTransactionID"] as? String == paid.originalID ?? paid.id)
        #expect(renewal["currentProductID"] as? String == Plans.proMonthly && renewal["willAutoRenew"] as? Bool == true)
        // The transaction is told once, at the event's top level.
        #expect(subscription["transaction"] == nil)
    }

    /// An event's renewal info is built as `subscriptions --json` builds it, with what the next
    /// renewal charges and the offer it goes on with, as a notification's signed renewal info
    /// carries them, kept by both storages. Failed before: renewalPrice, currency and the
    /// offer's keys were left out of every event.
    @Test(arguments: StorageKind.allCases)
    func anEventsRenewalInfoCarriesTheNextRenewalsPriceAndOffer(_ kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: OfferCodeTests.catalog)
        let (bought, _) = try t.hearing { try $0.redeemOfferCode("HALFOFF3", productID: Plans.proMonthly, account: t.signedIn) }
        let event = try #require(try t.storage.events(after: 0, limit: nil).last { $0.originalTransactionID == bought.originalID ?? bought.id })
        let subscription = try #require(try object(StoreEventPayload(event))["subscription"] as? [String: Any])
        let info = try #require(subscription["renewalInfo"] as? [String: Any], "\(subscription)")
        #expect(info["renewalPrice"] as? String == "5" && info["currency"] as? String == "USD", "\(info)")
        #expect(info["offerType"] as? String == "code" && info["offerIdentifier"] as? String == "HALFOFF3", "\(info)")
        #expect(info["offerDiscountType"] as? String == "PAY_AS_YOU_GO" && info["offerPeriod"] as? String == "P3M", "\(info)")
        let records = try t.records
        let status = try #require(records.status(of: bought.account, group: Plans.group))
        let statusInfo = try object(RenewalInfoPayload(status, nextRenewal: records.nextRenewal(of: status, catalog: OfferCodeTests.catalog)))
        for key in ["renewalPrice", "currency", "offerType", "offerIdentifier", "offerDiscountType", "offerPeriod"] {
            #expect(info[key] as? String == statusInfo[key] as? String, "\(key): as subscriptions --json gives it")
        }
    }

    @Test func anEventWithoutFactsLeavesTheirKeysOut() throws {
        let event = StoreEvent(date: Date(timeIntervalSince1970: 0), kind: .purchaseHistoryCleared, account: "a@example.com", productID: nil)
        let json = try object(StoreEventPayload(event))
        #expect(json["transaction"] == nil && json["subscription"] == nil && json["details"] is [String: Any])
    }
}
