import Foundation
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

/// Monthly plans with a 12-month commitment: bought monthly, renewed a month at a time within
/// the commitment whatever auto-renew says, and renewed (or ended) at the commitment's end.
@Suite struct BillingPlanTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let account = "a@example.com"
    static let monthly = BillingPlan(type: BillingPlan.monthly, price: 9, prices: ["USA": 9, "JPN": 1300])

    /// The plans, Pro Yearly sold monthly too.
    static let catalog = Catalog(products: Plans.catalog.products.map { product in
        var product = product
        if product.id == Plans.proYearly { product.subscription?.billingPlans = [monthly] }
        return product
    }, subscriptionGroups: Plans.catalog.subscriptionGroups)

    func context(_ latest: Transaction?, id: String = "900") -> SubscriptionContext {
        var s = Settings()
        s.account = account
        return SubscriptionContext(catalog: Self.catalog, settings: s, latest: latest, newTransactionID: id)
    }

    func month(_ n: Int, from date: Date) -> Date { Calendar.gregorianUTC.date(byAdding: .month, value: n, to: date)! }

    /// Pro Yearly bought monthly at `start`.
    func subscribe() throws -> (SubscriptionStatus, Transaction) {
        let bought = Transaction(id: "100", payment: Payment(productID: Plans.proYearly, billingPlanType: BillingPlan.monthly),
                                 state: .purchasing, date: start, account: account, reason: .purchase)
        let change = SubscriptionLifecycle.apply(.purchase(bought), to: nil, at: start, context: context(nil))
        return (try #require(change.status), try #require(change.transactions.first))
    }

    /// Renews at each period's end until `count` renewals are made or it stops renewing.
    func renew(_ status: SubscriptionStatus, latest: Transaction, times count: Int) -> (SubscriptionStatus, [Transaction], [StoreEvent]) {
        var (status, latest) = (status, latest)
        var made: [Transaction] = [], events: [StoreEvent] = []
        for i in 0..<count {
            let change = SubscriptionLifecycle.apply(.renewalDue, to: status, at: status.expiresDate, context: context(latest, id: "\(200 + i)"))
            status = change.status ?? status
            events += change.events
            guard let t = change.transactions.first else { break }
            made.append(t)
            latest = t
        }
        return (status, made, events)
    }

    @Test func aMonthlyPlanPaysItsFirstMonthAndCommitsForTheYear() throws {
        let (status, t) = try subscribe()
        #expect(t.billingPlanType == BillingPlan.monthly && t.price == 9 && t.offer == nil)
        #expect(t.expirationDate == month(1, from: start))
        #expect(t.commitment == TransactionCommitment(billingPeriodNumber: 1, totalBillingPeriods: 12,
                                                      expiresDate: month(12, from: start), price: 108))
        #expect(status.commitmentExpiresDate == month(12, from: start) && status.expiresDate == month(1, from: start))
        #expect(status.isWithinCommitment && status.commitmentPaymentsLeft(months: 12) == 11)
    }

    @Test func theMonthsRenewMonthlyAndANewCommitmentFollowsWithAutoRenewOn() throws {
        let (status, first) = try subscribe()
        let (renewed, made, _) = renew(status, latest: first, times: 12)
        #expect(made.count == 12)
        #expect(made.prefix(11).map { $0.commitment?.billingPeriodNumber } == Array(2...12))
        #expect(made.allSatisfy { $0.price == 9 && $0.billingPlanType == BillingPlan.monthly && $0.reason == .renewal })
        #expect(made[10].expirationDate == month(12, from: start), "the 12th month ends with the commitment")
        // The commitment's end: a new one, its first month.
        #expect(made[11].commitment?.billingPeriodNumber == 1 && made[11].commitment?.expiresDate == month(24, from: start))
        #expect(renewed.commitmentExpiresDate == month(24, from: start) && renewed.state == .subscribed)
    }

    @Test func autoRenewOffTakesEffectAtTheCommitmentsEndNotTheNextMonth() throws {
        let (status, first) = try subscribe()
        var (current, made, _) = renew(status, latest: first, times: 2)
        let off = SubscriptionLifecycle.apply(.setAutoRenew(false), to: current, at: current.expiresDate - 86_400, context: context(made.last))
        current = try #require(off.status)
        #expect(off.events.map(\.kind) == [.autoRenewDisabled])
        #expect(off.events.first?.details.expiresDate == month(12, from: start), "access lasts to the commitment's end")
        #expect(!current.willAutoRenew && current.renewsAtPeriodEnd && current.renewalDate == current.expiresDate)
        let (ended, rest, events) = renew(current, latest: made.last!, times: 20)
        made += rest
        #expect(made.count == 11, "every month of the commitment is billed")
        #expect(ended.state == .expired && ended.expirationReason == .autoRenewDisabled)
        #expect(ended.expiresDate == month(12, from: start))
        #expect(events.last?.kind == .expired)
    }

    @Test func aDowngradeWaitsForTheCommitmentsEnd() throws {
        var (status, first) = try subscribe()
        status.autoRenewProductID = Plans.liteMonthly
        let (next, made, _) = renew(status, latest: first, times: 12)
        #expect(made.prefix(11).allSatisfy { $0.productID == Plans.proYearly && $0.billingPlanType == BillingPlan.monthly })
        #expect(made[11].productID == Plans.liteMonthly && made[11].billingPlanType == nil && made[11].commitment == nil)
        #expect(made[11].price == 5 && next.commitmentExpiresDate == nil)
    }

    @Test func theRenewalTermsNameTheMonthAndTheCommitmentsRenewal() throws {
        let (status, first) = try subscribe()
        let terms = try #require(SubscriptionLifecycle.nextRenewal(of: status, context: context(first)))
        #expect(terms.billingPlanType == BillingPlan.monthly && terms.price == 9)
        #expect(terms.commitmentRenewal == CommitmentRenewal(productID: Plans.proYearly, billingPlanType: BillingPlan.monthly, price: 108))
    }

    @Test(arguments: StorageKind.allCases)
    func aPaymentForTheMonthlyPlanIsKeptWithItsCommitment(kind: StorageKind) throws {
        let t = try Harness.plans(kind, catalog: Self.catalog)
        let started = try t.queue.add(Payment(productID: Plans.proYearly, billingPlanType: BillingPlan.monthly))
        try t.queue.confirm(started)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        let bought = try t.transaction(started.id)
        #expect(bought.billingPlanType == BillingPlan.monthly && bought.commitment?.billingPeriodNumber == 1)
        let status = try #require(try t.status)
        #expect(status.commitmentExpiresDate == bought.commitment?.expiresDate)
        let records = try t.storage.load()
        #expect(records.transactions.first { $0.id == bought.id } == bought)
        #expect(records.subscriptions == [status])
    }

    @Test func aPlanTheSubscriptionDoesNotSellIsRefused() throws {
        let t = try Harness.plans(.inMemory, catalog: Self.catalog)
        let started = try t.queue.add(Payment(productID: Plans.proMonthly, billingPlanType: BillingPlan.monthly))
        #expect(started.queueState.state == .failed && started.queueState.error?.code == SKErrorCode.storeProductNotAvailable.rawValue)
        #expect(throws: StoreAdminError.noSuchBillingPlan(BillingPlan.monthly, productID: Plans.proMonthly)) {
            try t.admin.buyOutsideApp(Plans.proMonthly, terms: OutsidePurchaseTerms(billingPlanType: BillingPlan.monthly), account: t.signedIn)
        }
    }
}
