import Foundation
import Testing
@testable import AppStoreCore

/// The lifecycle as a pure function: every transition from a status, an input and a time.
@Suite struct SubscriptionLifecycleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let account = "a@example.com"

    // MARK: Helpers

    /// A purchase the store completed at `date`, its purchase facts written as the store writes
    /// them (US storefront, the plan's full price).
    func bought(_ productID: String, id: String, at date: Date, storefront: String = "USA", expires: Date? = nil) -> Transaction {
        let place = AppStoreStorefront.named(storefront)!
        var facts = PurchaseFacts(purchasedAt: date, in: place)
        facts.price = Plans.catalog.product(productID)?.price(in: place, changes: [])
        facts.expirationDate = expires
        return Transaction(id: id, payment: Payment(productID: productID), state: .purchased, date: date, account: account,
                           reason: .purchase, purchaseFacts: facts)
    }

    func context(_ latest: Transaction? = nil, catalog: Catalog = Plans.catalog, eligible: Bool = false,
                 prices: [PriceChange] = [], settings: (inout Settings) -> Void = { _ in }) -> SubscriptionContext {
        var s = Settings()
        s.account = account
        settings(&s)
        return SubscriptionContext(catalog: catalog, settings: s, priceChanges: prices, latest: latest,
                                   newTransactionID: "900", isEligibleForIntroOffer: eligible)
    }

    /// A subscription to `productID` bought at `start` (no trial), with its transaction.
    func subscribed(to productID: String = Plans.proMonthly, at date: Date? = nil) -> (SubscriptionStatus, Transaction) {
        let t = bought(productID, id: "100", at: date ?? start)
        let change = SubscriptionLifecycle.apply(.purchase(t), to: nil, at: date ?? start, context: context())
        return (change.status!, change.transactions[0])
    }

    func apply(_ input: SubscriptionInput, _ status: SubscriptionStatus?, at date: Date, _ context: SubscriptionContext) -> SubscriptionChange {
        SubscriptionLifecycle.apply(input, to: status, at: date, context: context)
    }

    // MARK: Subscribing

    @Test func aFirstSubscribeStartsWithTheFreeTrial() throws {
        let t = bought(Plans.proMonthly, id: "100", at: start)
        let change = apply(.purchase(t), nil, at: start, context(eligible: true))
        let status = try #require(change.status)
        #expect(status.state == .subscribed && status.productID == Plans.proMonthly && status.autoRenewProductID == Plans.proMonthly)
        #expect(status.originalTransactionID == "100" && status.latestTransactionID == "100")
        #expect(status.expiresDate == Plans.week.added(to: start))
        #expect(status.willAutoRenew && status.recentSubscriptionStartDate == start)
        let made = try #require(change.transactions.first)
        #expect(made.isTrialPeriod == true && made.price == 0)
        #expect(made.offer == TransactionOffer(type: .introductory, paymentMode: .freeTrial, period: Plans.week))
        #expect(made.webOrderLineItemID == "100")
        #expect(change.events.map(\.kind) == [.subscribed])
        #expect(change.events.first?.details.expiresDate == status.expiresDate)
    }

    @Test func aSubscribeWithoutTheOfferPaysForAPeriod() throws {
        let (status, t) = subscribed()
        #expect(status.expiresDate == Plans.month.added(to: start))
        #expect(t.isTrialPeriod == false && t.price == 10 && t.offer == nil)
    }

    @Test func aPurchaseAfterExpiryResubscribesKeepingTheOriginal() throws {
        var (status, t) = subscribed()
        status.state = .expired
        status.expirationReason = .autoRenewDisabled
        let later = start + 90 * 86_400
        let change = apply(.purchase(bought(Plans.liteMonthly, id: "200", at: later)), status, at: later, context(t))
        let new = try #require(change.status)
        #expect(new.state == .subscribed && new.productID == Plans.liteMonthly && new.expirationReason == nil)
        #expect(new.originalTransactionID == "100" && new.latestTransactionID == "200")
        #expect(new.recentSubscriptionStartDate == later && new.expiresDate == Plans.month.added(to: later))
        #expect(change.transactions.first?.originalID == "100")
        #expect(change.transactions.first?.originalPurchaseDate == start)
        #expect(change.events.map(\.kind) == [.subscribed])
    }

    // MARK: Plan changes

    @Test func anUpgradeTakesEffectAtOnceWithAProratedRefund() throws {
        let (status, lite) = subscribed(to: Plans.liteMonthly)
        let half = start + lite.expirationDate!.timeIntervalSince(start) / 2
        let change = apply(.purchase(bought(Plans.proMonthly, id: "200", at: half)), status, at: half, context(lite))
        let new = try #require(change.status)
        #expect(new.productID == Plans.proMonthly && new.autoRenewProductID == Plans.proMonthly)
        #expect(new.latestTransactionID == "200" && new.originalTransactionID == "100")
        #expect(new.expiresDate == Plans.month.added(to: half))
        let old = try #require(change.transactions.first { $0.id == "100" })
        #expect(old.isUpgraded == true)
        let made = try #require(change.transactions.first { $0.id == "200" })
        #expect(made.price == 10 && made.originalID == "100" && made.expirationDate == new.expiresDate)
        let event = try #require(change.events.first)
        #expect(change.events.count == 1 && event.kind == .upgraded)
        #expect(event.details.planChange == .upgrade && event.details.fromProductID == Plans.liteMonthly)
        #expect(event.details.refundedAmount == 2.5, "half of $5, in cents")
    }

    @Test func aRefundIsRoundedByTheCurrency() {
        let end = Plans.month.added(to: start)
        let old = bought(Plans.liteMonthly, id: "1", at: start, storefront: "JPN", expires: end)
        #expect(old.price == 700)
        let refund = SubscriptionLifecycleTests.refund(old, at: start + end.timeIntervalSince(start) / 3)
        #expect(refund == 467, "two thirds of ¥700, in whole yen")
    }

    static func refund(_ old: Transaction, at date: Date) -> Decimal {
        // Through an upgrade, the one place a refund is worked out.
        var status = SubscriptionStatus(account: old.account!, groupID: Plans.group, productID: old.productID, state: .subscribed,
                                        originalTransactionID: old.id, latestTransactionID: old.id, expiresDate: old.expirationDate!,
                                        recentSubscriptionStartDate: old.queueState.transactionDate)
        status.autoRenewProductID = old.productID
        let t = Transaction(id: "2", payment: Payment(productID: Plans.proMonthly), state: .purchased, date: date,
                            account: old.account)
        var s = Settings()
        s.storefront = "JPN"
        let change = SubscriptionLifecycle.apply(.purchase(t), to: status, at: date, context: SubscriptionContext(
            catalog: Plans.catalog, settings: s, latest: old, newTransactionID: "3"))
        return change.events.first?.details.refundedAmount ?? -1
    }

    @Test func aCrossgradeOfTheSamePeriodTakesEffectAtOnce() throws {
        let (status, pro) = subscribed()
        let change = apply(.purchase(bought(Plans.proFamily, id: "200", at: start + 86_400)), status, at: start + 86_400, context(pro))
        #expect(change.status?.productID == Plans.proFamily)
        #expect(change.events.first?.kind == .upgraded && change.events.first?.details.planChange == .crossgrade)
        #expect(change.transactions.first { $0.id == "100" }?.isUpgraded == true)
    }

    @Test(arguments: [(Plans.liteMonthly, PlanChange.downgrade), (Plans.proYearly, .crossgrade)])
    func aDowngradeOrACrossgradeOfAnotherPeriodWaitsForTheRenewal(to plan: String, change expected: PlanChange) throws {
        let (status, pro) = subscribed()
        let now = start + 86_400
        let change = apply(.purchase(bought(plan, id: "200", at: now)), status, at: now, context(pro))
        let new = try #require(change.status)
        #expect(new.productID == Plans.proMonthly, "the current plan runs on")
        #expect(new.autoRenewProductID == plan && new.expiresDate == status.expiresDate)
        #expect(change.transactions.isEmpty, "no transaction until the renewal")
        let answer = try #require(change.events.first?.transaction)
        #expect(answer.id == "200" && answer.price == 0 && answer.expirationDate == nil, "answered at no charge, no period of its own")
        #expect(change.events.map(\.kind) == [.renewalPreferenceChanged])
        #expect(change.events.first?.details.planChange == expected && change.events.first?.details.toProductID == plan)
        #expect(change.events.first?.details.subtype == (expected == .downgrade ? .downgrade : nil), "DOWNGRADE; a crossgrade has none")

        // The renewal is for the new plan.
        let renewal = apply(.renewalDue, new, at: new.expiresDate, context(pro))
        let renewed = try #require(renewal.transactions.first)
        #expect(renewed.productID == plan && renewed.reason == .renewal && renewed.originalID == "100")
        #expect(renewed.price == Plans.catalog.product(plan)?.price(in: "USA"))
        #expect(renewal.status?.productID == plan)
        #expect(renewal.events.first?.kind == .renewed && renewal.events.first?.details.fromProductID == Plans.proMonthly)
    }

    @Test func buyingTheCurrentPlanBackCancelsAPendingDowngrade() throws {
        let (status, pro) = subscribed()
        let now = start + 86_400
        let downgraded = try #require(apply(.purchase(bought(Plans.liteMonthly, id: "200", at: now)), status, at: now, context(pro)).status)
        let change = apply(.purchase(bought(Plans.proMonthly, id: "201", at: now + 60)), downgraded, at: now + 60, context(pro))
        #expect(change.status?.autoRenewProductID == Plans.proMonthly)
        #expect(change.events.map(\.kind) == [.renewalPreferenceChanged])
        #expect(change.events.first?.details.toProductID == Plans.proMonthly && change.events.first?.details.subtype == nil)
        #expect(change.transactions.isEmpty)
        #expect(change.events.first?.transaction?.expirationDate == status.expiresDate, "the current plan's period")
    }

    // MARK: Auto-renew

    @Test func autoRenewOffExpiresAtTheEndOfThePeriod() throws {
        let (status, t) = subscribed()
        let off = apply(.setAutoRenew(false), status, at: start + 60, context(t))
        let cancelled = try #require(off.status)
        #expect(!cancelled.willAutoRenew && cancelled.state == .subscribed && cancelled.renewalDate == nil)
        #expect(off.events.map(\.kind) == [.autoRenewDisabled])
        let timer = try #require(SubscriptionLifecycle.nextTimer(of: cancelled, catalog: Plans.catalog))
        #expect(timer.date == status.expiresDate && timer.input == .renewalDue)

        let end = apply(.renewalDue, cancelled, at: timer.date, context(t))
        #expect(end.status?.state == .expired && end.status?.expirationReason == .autoRenewDisabled)
        #expect(end.transactions.isEmpty)
        #expect(end.events.map(\.kind) == [.expired] && end.events.first?.details.expirationReason == .autoRenewDisabled)
        #expect(SubscriptionLifecycle.nextTimer(of: end.status!, catalog: Plans.catalog) == nil)
    }

    @Test func autoRenewOnAgainRenewsAsBefore() throws {
        let (status, t) = subscribed()
        let off = try #require(apply(.setAutoRenew(false), status, at: start + 60, context(t)).status)
        let on = apply(.setAutoRenew(true), off, at: start + 120, context(t))
        #expect(on.status?.willAutoRenew == true && on.events.map(\.kind) == [.autoRenewEnabled])
        let renewal = apply(.renewalDue, on.status, at: status.expiresDate, context(t))
        #expect(renewal.status?.state == .subscribed && renewal.events.map(\.kind) == [.renewed])
        #expect(renewal.status?.expiresDate == Plans.month.added(to: status.expiresDate))
    }

    // MARK: Billing retry and grace

    @Test func aFailedRenewalWithGraceKeepsAccessUntilTheGraceEnds() throws {
        let (status, t) = subscribed()
        let failing = context(t) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let failed = apply(.renewalDue, status, at: status.expiresDate, failing)
        let grace = try #require(failed.status)
        let graceEnd = Calendar.gregorianUTC.date(byAdding: .day, value: 16, to: status.expiresDate)!
        #expect(grace.state == .inGracePeriod && grace.givesAccess && grace.isInBillingRetry)
        #expect(grace.gracePeriodExpiresDate == graceEnd && grace.billingRetryStartDate == status.expiresDate)
        #expect(grace.accessEndDate == graceEnd)
        #expect(failed.transactions.isEmpty && failed.events.map(\.kind) == [.renewalFailed])
        #expect(failed.events.first?.details.gracePeriodExpiresDate == graceEnd)

        let timer = try #require(SubscriptionLifecycle.nextTimer(of: grace, catalog: Plans.catalog))
        #expect(timer.date == graceEnd && timer.input == .gracePeriodEnd)
        let retry = try #require(apply(.gracePeriodEnd, grace, at: graceEnd, failing).status)
        #expect(retry.state == .inBillingRetryPeriod && !retry.givesAccess)

        let retryEnd = Calendar.gregorianUTC.date(byAdding: .day, value: 60, to: status.expiresDate)!
        let giveUp = try #require(SubscriptionLifecycle.nextTimer(of: retry, catalog: Plans.catalog))
        #expect(giveUp.date == retryEnd && giveUp.input == .billingRetryEnd)
        let expired = apply(.billingRetryEnd, retry, at: retryEnd, failing)
        #expect(expired.status?.state == .expired && expired.status?.expirationReason == .billingError)
        #expect(expired.events.map(\.kind) == [.expired])
    }

    @Test func aFailedRenewalWithoutGraceIsInBillingRetryAtOnce() throws {
        let (status, t) = subscribed()
        let failed = apply(.renewalDue, status, at: status.expiresDate, context(t) { $0.billingRetry = true })
        #expect(failed.status?.state == .inBillingRetryPeriod && failed.status?.gracePeriodExpiresDate == nil)
        #expect(failed.status?.givesAccess == false)
    }

    @Test func cancelledInGraceItEndsWithTheGraceAndInBillingRetryAtOnce() throws {
        let (status, t) = subscribed()
        let grace = context(t) { $0.billingRetry = true; $0.gracePeriod = .threeDays }
        let inGrace = try #require(apply(.renewalDue, status, at: status.expiresDate, grace).status)
        let cancelled = try #require(apply(.setAutoRenew(false), inGrace, at: status.expiresDate + 60, grace).status)
        #expect(cancelled.state == .inGracePeriod && cancelled.givesAccess, "access to the grace's end")
        let end = apply(.gracePeriodEnd, cancelled, at: try #require(cancelled.gracePeriodExpiresDate), grace)
        #expect(end.status?.state == .expired && end.status?.expirationReason == .autoRenewDisabled)

        let retry = context(t) { $0.billingRetry = true }
        let inRetry = try #require(apply(.renewalDue, status, at: status.expiresDate, retry).status)
        let now = status.expiresDate + 60
        let off = apply(.setAutoRenew(false), inRetry, at: now, retry)
        #expect(off.status?.state == .expired && off.status?.expirationReason == .autoRenewDisabled)
        #expect(off.events.first?.date == now)
    }

    /// A cancellation in billing retry ends the subscription at once, told as Apple tells it:
    /// auto-renew turned off (AUTO_RENEW_DISABLED), then the voluntary expiry.
    @Test func cancelledInBillingRetryTellsTheCancellationBeforeTheExpiry() throws {
        let (status, t) = subscribed()
        let retry = context(t) { $0.billingRetry = true }
        let inRetry = try #require(apply(.renewalDue, status, at: status.expiresDate, retry).status)
        let off = apply(.setAutoRenew(false), inRetry, at: status.expiresDate + 60, retry)
        #expect(off.events.map(\.kind) == [.autoRenewDisabled, .expired])
        #expect(off.events.last?.details.expirationReason == .autoRenewDisabled && off.status?.willAutoRenew == false)
    }

    @Test func xcodesGraceIsSixDaysForAWeekAndSixteenForAMonth() {
        #expect(BillingGracePeriod.xcode.days(for: Plans.week) == 6)
        #expect(BillingGracePeriod.xcode.days(for: Plans.month) == 16)
    }

    @Test func recoveryInGraceKeepsTheBillingCycle() throws {
        let (status, t) = subscribed()
        let failing = context(t) { $0.billingRetry = true; $0.gracePeriod = .sixteenDays }
        let grace = try #require(apply(.renewalDue, status, at: status.expiresDate, failing).status)
        let fixDate = status.expiresDate + 3 * 86_400
        let fixed = apply(.fixBilling, grace, at: fixDate, failing)
        #expect(fixed.status?.state == .subscribed && fixed.status?.billingRetryStartDate == nil)
        #expect(fixed.status?.expiresDate == Plans.month.added(to: status.expiresDate), "the cycle unchanged")
        #expect(fixed.transactions.first?.queueState.transactionDate == fixDate && fixed.transactions.first?.reason == .renewal)
        #expect(fixed.events.map(\.kind) == [.recovered])
    }

    @Test func recoveryInBillingRetryRestartsTheCycle() throws {
        let (status, t) = subscribed()
        let failing = context(t) { $0.billingRetry = true }
        let retry = try #require(apply(.renewalDue, status, at: status.expiresDate, failing).status)
        let fixDate = status.expiresDate + 10 * 86_400
        let fixed = apply(.fixBilling, retry, at: fixDate, failing)
        #expect(fixed.status?.state == .subscribed)
        #expect(fixed.status?.expiresDate == Plans.month.added(to: fixDate), "the cycle starts at the recovery")
        #expect(fixed.status?.recentSubscriptionStartDate == start)
        #expect(fixed.events.map(\.kind) == [.recovered])
    }

    // MARK: The store's operations

    @Test func expireNowEndsThePeriodNow() throws {
        let (status, t) = subscribed()
        let now = start + 86_400
        let change = apply(.expireNow, status, at: now, context(t))
        #expect(change.status?.state == .expired && change.status?.expiresDate == now)
        #expect(change.status?.expirationReason == .unknown && change.events.map(\.kind) == [.expired])
    }

    @Test func aForcedRenewalRenewsNowForAPeriodFromNow() throws {
        let (status, t) = subscribed()
        let now = start + 86_400
        let change = apply(.renewNow, status, at: now, context(t))
        #expect(change.transactions.first?.queueState.transactionDate == now && change.transactions.first?.id == "900")
        #expect(change.status?.expiresDate == Plans.month.added(to: now) && change.status?.latestTransactionID == "900")
        #expect(change.events.map(\.kind) == [.renewed])
    }

    // MARK: Price increases

    func increased(_ price: Decimal, consent: Bool) -> [PriceChange] {
        [PriceChange(productID: Plans.proMonthly, storefront: "USA", price: price, consentNeeded: consent, date: start)]
    }

    @Test func aPriceIncreaseNeedingConsentExpiresUnansweredAtTheRenewal() throws {
        let (status, t) = subscribed()
        let prices = increased(12, consent: true)
        let asked = apply(.priceIncrease(consentNeeded: true), status, at: start + 60, context(t, prices: prices))
        let pending = try #require(asked.status)
        #expect(pending.priceIncreaseStatus == .pending && asked.events.map(\.kind) == [.priceIncreasePending])
        #expect(asked.events.first?.details.price == 12)
        let end = apply(.renewalDue, pending, at: status.expiresDate, context(t, prices: prices))
        #expect(end.status?.state == .expired && end.status?.expirationReason == .didNotConsentToPriceIncrease)
        #expect(end.transactions.isEmpty)
    }

    @Test func anAgreedPriceIncreaseRenewsAtTheNewPrice() throws {
        let (status, t) = subscribed()
        let prices = increased(12, consent: true)
        let pending = try #require(apply(.priceIncrease(consentNeeded: true), status, at: start + 60, context(t, prices: prices)).status)
        let agreed = apply(.agreeToPriceIncrease, pending, at: start + 120, context(t, prices: prices))
        #expect(agreed.status?.priceIncreaseStatus == .agreed && agreed.events.map(\.kind) == [.priceIncreaseAgreed])
        let renewal = apply(.renewalDue, agreed.status, at: status.expiresDate, context(t, prices: prices))
        #expect(renewal.transactions.first?.price == 12)
        #expect(renewal.status?.priceIncreaseStatus == .noIncreasePending)
    }

    @Test func aDeclinedPriceIncreaseTurnsAutoRenewOffAndExpiresAtThePeriodsEnd() throws {
        let (status, t) = subscribed()
        let prices = increased(12, consent: true)
        let pending = try #require(apply(.priceIncrease(consentNeeded: true), status, at: start + 60, context(t, prices: prices)).status)
        let declined = apply(.declinePriceIncrease, pending, at: start + 120, context(t, prices: prices))
        #expect(declined.status?.priceIncreaseStatus == .noIncreasePending && declined.status?.willAutoRenew == false)
        #expect(declined.status?.state == .subscribed && declined.events.map(\.kind) == [.autoRenewDisabled])
        let end = apply(.renewalDue, declined.status, at: status.expiresDate, context(t, prices: prices))
        #expect(end.status?.state == .expired && end.status?.expirationReason == .autoRenewDisabled)
        #expect(end.status?.expiresDate == status.expiresDate && end.transactions.isEmpty)
        #expect(apply(.declinePriceIncrease, status, at: start + 120, context(t, prices: prices)).events.isEmpty,
                "nothing to decline: nothing changes")
    }

    @Test func aPriceIncreaseWithoutConsentTellsAndRenewsAtTheNewPrice() throws {
        let (status, t) = subscribed()
        let prices = increased(11, consent: false)
        let told = apply(.priceIncrease(consentNeeded: false), status, at: start + 60, context(t, prices: prices))
        #expect(told.status?.priceIncreaseStatus == .noIncreasePending && told.events.map(\.kind) == [.priceIncreased])
        let renewal = apply(.renewalDue, told.status, at: status.expiresDate, context(t, prices: prices))
        #expect(renewal.transactions.first?.price == 11 && renewal.status?.state == .subscribed)
    }

    // MARK: A plan no longer sold

    @Test func aPlanGoneFromTheCatalogExpiresAtTheRenewal() throws {
        let (status, t) = subscribed()
        let without = Catalog(products: Plans.catalog.products.filter { $0.id != Plans.proMonthly },
                              subscriptionGroups: Plans.catalog.subscriptionGroups)
        let end = apply(.renewalDue, status, at: status.expiresDate, context(t, catalog: without))
        #expect(end.status?.state == .expired && end.status?.expirationReason == .productUnavailable)
    }

    @Test func aPlanNotSoldInTheSubscribersStorefrontExpiresAtTheRenewal() throws {
        var (status, _) = subscribed()
        // Bought in Japan, the weekly plan (US only) waiting for the renewal.
        let t = bought(Plans.proMonthly, id: "100", at: start, storefront: "JPN")
        status.autoRenewProductID = Plans.liteWeekly
        let end = apply(.renewalDue, status, at: status.expiresDate, context(t))
        #expect(end.status?.expirationReason == .productUnavailable)
    }

    // MARK: Introductory offers paid for

    @Test func aPayAsYouGoOfferIsPaidAtItsPriceForItsPeriodsThenTheFullPrice() throws {
        var catalog = Plans.catalog
        let offer = SubscriptionOffer(paymentMode: .payAsYouGo, period: Plans.month, periodCount: 3, price: 1)
        catalog.products[0].subscription?.introductoryOffer = offer
        let first = bought(Plans.proMonthly, id: "100", at: start)
        let subscribed = apply(.purchase(first), nil, at: start, context(catalog: catalog, eligible: true))
        var status = try #require(subscribed.status)
        var latest = try #require(subscribed.transactions.first)
        #expect(latest.price == 1 && latest.isTrialPeriod == false && latest.offer?.paymentMode == .payAsYouGo)
        var prices: [Decimal?] = []
        for n in 0..<3 {
            var c = context(latest, catalog: catalog)
            c.newTransactionID = "\(200 + n)"
            let renewal = apply(.renewalDue, status, at: status.expiresDate, c)
            status = try #require(renewal.status)
            latest = try #require(renewal.transactions.first)
            prices.append(latest.price)
        }
        #expect(prices == [1, 1, 10], "three periods at the offer's price, then the plan's")
        #expect(latest.offer == nil)
    }

    @Test func aPayUpFrontOfferCoversItsWholeLengthAtOnce() throws {
        var catalog = Plans.catalog
        catalog.products[0].subscription?.introductoryOffer = SubscriptionOffer(paymentMode: .payUpFront, period: Plans.month,
                                                                                periodCount: 3, price: 20)
        let change = apply(.purchase(bought(Plans.proMonthly, id: "100", at: start)), nil, at: start,
                           context(catalog: catalog, eligible: true))
        let made = try #require(change.transactions.first)
        #expect(made.price == 20 && made.offer?.paymentMode == .payUpFront && made.isTrialPeriod == false)
        #expect(made.expirationDate == Calendar.gregorianUTC.date(byAdding: .month, value: 3, to: start))
    }
}
