import Foundation

/// The one place a subscription's status changes: a pure function of the status, what
/// happened and the store time, giving the new status, the transactions made or changed, and
/// the events that tell of it. The store's records, its timers and the store-side operations
/// all go through `apply`.
public enum SubscriptionLifecycle {
    /// How long the App Store retries a failed renewal before it gives up.
    public static let billingRetryDays = 60

    public static func apply(_ input: SubscriptionInput, to status: SubscriptionStatus?, at now: Date,
                             context: SubscriptionContext) -> SubscriptionChange {
        var step = Step(status: status, now: now, context: context)
        if case .purchase(let transaction, let offerCode, let promotionalOffer) = input {
            step.purchase(transaction, offerCode: offerCode, promotionalOffer: promotionalOffer)
            return step.change
        }
        guard let current = status else { return step.change }
        switch input {
        case .purchase: break
        case .renewalDue where current.state == .subscribed:
            step.renew(at: current.expiresDate, periodFrom: current.expiresDate)
        case .renewNow where current.state == .subscribed:
            // The period ends now: what follows (a renewal, a failure, an expiry) starts from now.
            step.status?.expiresDate = min(current.expiresDate, now)
            step.renew(at: now, periodFrom: now)
        case .gracePeriodEnd where current.state == .inGracePeriod:
            step.endGrace()
        case .billingRetryEnd where current.isInBillingRetry:
            let end = billingRetryEndDate(current) ?? now
            step.expire(.billingError, at: end)
        case .fixBilling where current.isInBillingRetry && current.renewsAtPeriodEnd:
            step.recover()
        case .expireNow where current.state != .expired && current.state != .revoked:
            step.expire(.unknown, at: now, endingPeriod: true)
        case .revoke where current.state != .revoked:
            step.revoke()
        case .setAutoRenew(let on) where current.state != .expired && current.state != .revoked:
            step.setAutoRenew(on)
        case .priceIncrease(let consentNeeded) where current.state != .expired && current.state != .revoked:
            step.priceIncrease(consentNeeded: consentNeeded)
        case .agreeToPriceIncrease where current.priceIncreaseStatus == .pending:
            step.status?.priceIncreaseStatus = .agreed
            step.emit(.priceIncreaseAgreed, productID: current.autoRenewProductID, details: step.priceDetails(of: current.autoRenewProductID))
        case .declinePriceIncrease where current.priceIncreaseStatus == .pending:
            // As Xcode declines it (`declinePriceIncreaseForTransaction`: the user cancels by
            // turning auto-renew off): the period's end expires it as autoRenewDisabled. Only a
            // renewal reached with the increase still waiting expires as didNotConsentToPriceIncrease.
            step.status?.priceIncreaseStatus = .noIncreasePending
            step.setAutoRenew(false)
        default:
            break
        }
        return step.change
    }

    /// The status's next timer: when it falls due and what then happens; nil when nothing
    /// is to happen on its own (expired, revoked, or a renewal past the calendar's end).
    public static func nextTimer(of status: SubscriptionStatus, catalog: Catalog) -> (date: Date, input: SubscriptionInput)? {
        switch status.state {
        case .subscribed:
            // A period the calendar cannot follow with another (dates past any the store holds).
            let period = catalog.product(status.autoRenewProductID)?.subscription?.period
            if status.renewsAtPeriodEnd, let period, !period.endsAfter(status.expiresDate) { return nil }
            return (status.expiresDate, .renewalDue)
        case .inGracePeriod:
            let grace = status.gracePeriodExpiresDate ?? status.expiresDate
            guard let retryEnd = billingRetryEndDate(status), retryEnd < grace else { return (grace, .gracePeriodEnd) }
            return (retryEnd, .billingRetryEnd)
        case .inBillingRetryPeriod:
            return billingRetryEndDate(status).map { ($0, .billingRetryEnd) }
        case .expired, .revoked:
            return nil
        }
    }

    /// What the status's next renewal (at the end of its period) charges, and the offer it
    /// goes on with: its renewal info's price and offer.
    public static func nextRenewal(of status: SubscriptionStatus, context: SubscriptionContext) -> RenewalTerms? {
        Step(status: status, now: status.expiresDate, context: context).renewalTerms(at: status.expiresDate)
    }

    /// When billing retry gives up: 60 days after it began.
    public static func billingRetryEndDate(_ status: SubscriptionStatus) -> Date? {
        status.billingRetryStartDate.map { days(billingRetryDays, after: $0) }
    }

    /// How a purchase of `to` changes a subscription to `from`, by their levels (1 is the
    /// highest); nil when they are the same plan.
    public static func planChange(from: CatalogProduct, to: CatalogProduct) -> PlanChange? {
        guard from.id != to.id else { return nil }
        let old = from.subscription?.level ?? .max, new = to.subscription?.level ?? .max
        return new < old ? .upgrade : new > old ? .downgrade : .crossgrade
    }

    /// Whether a plan change takes effect at once (an upgrade, or a crossgrade of the same
    /// period) rather than at the next renewal.
    public static func takesEffectAtOnce(_ change: PlanChange, from: CatalogProduct, to: CatalogProduct) -> Bool {
        switch change {
        case .upgrade: true
        case .downgrade: false
        case .crossgrade: from.subscription?.period == to.subscription?.period
        }
    }

    /// Whether buying `product` only changes the plan `status`'s next renewal is for, making no
    /// transaction: a downgrade, a crossgrade to another period, or the plan one has bought back
    /// while a change to another waits (calling it off), while the subscription gives access.
    public static func changesRenewalPlanOnly(_ status: SubscriptionStatus, to product: CatalogProduct, catalog: Catalog) -> Bool {
        guard status.givesAccess, product.subscriptionGroupID == status.groupID, product.subscription != nil,
              let plan = catalog.product(status.productID) else { return false }
        guard let change = planChange(from: plan, to: product) else { return true }
        return !takesEffectAtOnce(change, from: plan, to: product)
    }

    /// The end of the month of a monthly plan that follows `start`, counted back from the
    /// commitment's end (so every month of it ends on the day the commitment does, as the
    /// calendar allows, and the last ends with it).
    static func monthEnd(after start: Date, commitmentEnd: Date, months: Int) -> Date {
        let calendar = Calendar.gregorianUTC
        for k in stride(from: months - 1, through: 1, by: -1) {
            if let end = calendar.date(byAdding: .month, value: -k, to: commitmentEnd), end > start { return StoreTimes.clamped(end) }
        }
        return commitmentEnd
    }

    /// Which month of its commitment (1 the first) ends at `end`.
    static func monthNumber(endingAt end: Date, commitmentEnd: Date, months: Int) -> Int {
        let calendar = Calendar.gregorianUTC
        let later = (1..<max(months, 1)).filter { k in (calendar.date(byAdding: .month, value: -k, to: commitmentEnd) ?? commitmentEnd) >= end }.count
        return max(1, months - later)
    }

    static func days(_ count: Int, after date: Date) -> Date {
        StoreTimes.clamped(Calendar.gregorianUTC.date(byAdding: .day, value: count, to: date) ?? date)
    }

    /// The end of a period of `period` from `start`, as the store can hold it (the year 9999's
    /// end at the latest), so both storages keep the same date.
    static func end(of period: SubscriptionPeriod, from start: Date) -> Date {
        StoreTimes.clamped(period.added(to: start))
    }
}

/// One step's work: the status as it changes, and what it made and said.
private struct Step {
    var status: SubscriptionStatus?
    let now: Date
    let context: SubscriptionContext
    var transactions: [Transaction] = []
    var events: [StoreEvent] = []

    init(status: SubscriptionStatus?, now: Date, context: SubscriptionContext) {
        self.status = status
        self.now = now
        self.context = context
    }

    var change: SubscriptionChange { SubscriptionChange(status: status, transactions: transactions, events: events) }

    private var catalog: Catalog { context.catalog }

    /// Where the subscription is sold: where its latest period was bought.
    private var storefront: AppStoreStorefront {
        context.latest?.storefront.flatMap(AppStoreStorefront.named) ?? context.settings.appStoreStorefront
    }

    /// What `productID` costs there now; nil when it is not for sale (gone from the catalog,
    /// or not sold in the storefront).
    private func price(of productID: String) -> Decimal? {
        catalog.product(productID)?.price(in: storefront, changes: context.priceChanges)
    }

    func priceDetails(of productID: String) -> StoreEventDetails {
        StoreEventDetails(price: price(of: productID), currency: storefront.currency, storefront: storefront.id)
    }

    /// `productID`: the plan it is about where that is not the subscription's own (a price
    /// increase applies to the plan it renews to).
    mutating func emit(_ kind: StoreEventKind, transaction: Transaction? = nil, date: Date? = nil, productID: String? = nil,
                       details: StoreEventDetails = StoreEventDetails()) {
        guard let status else { return }
        events.append(StoreEvent(date: date ?? now, kind: kind, account: status.account,
                                 productID: transaction?.productID ?? productID ?? status.productID,
                                 transactionID: transaction?.id, originalTransactionID: status.originalTransactionID,
                                 details: details))
    }

    // MARK: Purchases

    /// `bought` completed: the lifecycle writes its purchase facts (`PurchaseFacts`) once, as
    /// the first subscribe, resubscribe or plan change it is.
    mutating func purchase(_ bought: Transaction, offerCode: SubscriptionOffer?, promotionalOffer: SubscriptionOffer? = nil) {
        var facts = PurchaseFacts(purchasedAt: now, in: context.settings.appStoreStorefront)
        guard let product = catalog.product(bought.productID), let info = product.subscription,
              let group = product.subscriptionGroupID, let account = bought.account else {
            transactions.append(bought.completed(with: facts, originalTransactionID: bought.originalID))
            return
        }
        facts.webOrderLineItemID = bought.id
        guard let current = status, current.givesAccess, let plan = catalog.product(current.productID) else {
            subscribe(bought, facts: facts, offerCode: offerCode, promotionalOffer: promotionalOffer, product: product, info: info,
                      group: group, account: account)
            return
        }
        facts.originalPurchaseDate = context.latest?.originalPurchaseDate ?? current.recentSubscriptionStartDate
        let change = SubscriptionLifecycle.planChange(from: plan, to: product)
        if let change, !SubscriptionLifecycle.changesRenewalPlanOnly(current, to: product, catalog: catalog) {
            // An offer the new plan starts at: a subscriber's code for it, or a signed promotional offer.
            let offer = offerCode.map { (TransactionOffer.OfferType.code, $0) } ?? promotionalOffer.map { (.promotional, $0) }
            upgrade(from: current, plan: plan, to: bought, facts: facts, period: info.period, change: change, offer: offer)
        } else if let offerCode {
            redeemAtRenewal(offerCode, of: product.id, change: change, with: bought, facts: facts)
        } else {
            // A lower plan, another period, or the plan one has bought back while another waits
            // for the renewal (which then stays with it).
            changePreference(to: product.id, change: change, with: bought, facts: facts)
        }
    }

    /// The first subscription of the group, or one after the last ended (a resubscribe: the
    /// same original transaction, a new run of periods).
    private mutating func subscribe(_ bought: Transaction, facts: PurchaseFacts, offerCode code: SubscriptionOffer?,
                                    promotionalOffer promo: SubscriptionOffer?, product: CatalogProduct, info: SubscriptionInfo,
                                    group: String, account: String) {
        var facts = facts
        // An offer code or a signed promotional offer redeemed with the purchase, else the
        // introductory offer if the account may have it.
        let intro = context.isEligibleForIntroOffer ? info.introductoryOffer : nil
        var commitmentEnd: Date?
        if let plan = info.billingPlan(bought.billingPlanType) {
            // A monthly plan takes no offer: its first month of a new commitment, at its price.
            commitmentEnd = SubscriptionLifecycle.end(of: info.period, from: now)
            bill(&facts, plan: plan, info: info, from: now, commitmentEnd: commitmentEnd ?? now, quantity: bought.purchasedQuantity)
        } else if let (type, offer) = code.map({ (TransactionOffer.OfferType.code, $0) }) ?? promo.map({ (.promotional, $0) })
            ?? intro.map({ (.introductory, $0) }) {
            facts.expirationDate = StoreTimes.clamped(offer.firstPeriodEnd(from: now))
            facts.isTrialPeriod = type == .introductory && offer.paymentMode == .freeTrial
            facts.offer = TransactionOffer(type, offer)
            facts.price = offer.price(in: storefront(of: facts))
        } else {
            facts.expirationDate = SubscriptionLifecycle.end(of: info.period, from: now)
            facts.isTrialPeriod = false
            facts.price = listPrice(of: bought, in: facts)
        }
        if status != nil { facts.originalPurchaseDate = context.latest?.originalPurchaseDate }
        let t = bought.completed(with: facts, originalTransactionID: status?.originalTransactionID ?? bought.originalID)
        let expires = t.expirationDate ?? now
        self.status = SubscriptionStatus(
            account: account, groupID: group, productID: t.productID, state: .subscribed,
            originalTransactionID: status?.originalTransactionID ?? t.id, latestTransactionID: t.id,
            expiresDate: expires, recentSubscriptionStartDate: now, commitmentExpiresDate: commitmentEnd)
        transactions.append(t)
        emit(.subscribed, transaction: t, details: StoreEventDetails(
            expiresDate: expires, price: t.price, currency: t.currency, storefront: t.storefront,
            subtype: .subscribed(transactionID: t.id, originalTransactionID: self.status?.originalTransactionID)))
    }

    /// A month of a monthly plan, from `start`, at the plan's monthly price.
    private func bill(_ facts: inout PurchaseFacts, plan: BillingPlan, info: SubscriptionInfo, from start: Date,
                      commitmentEnd: Date, quantity: Int) {
        let months = info.commitmentMonths
        let end = SubscriptionLifecycle.monthEnd(after: start, commitmentEnd: commitmentEnd, months: months)
        facts.expirationDate = end
        facts.isTrialPeriod = false
        facts.offer = nil
        let place = storefront(of: facts)
        facts.price = plan.price(in: place) * Decimal(quantity)
        facts.commitment = TransactionCommitment(
            billingPeriodNumber: SubscriptionLifecycle.monthNumber(endingAt: end, commitmentEnd: commitmentEnd, months: months),
            totalBillingPeriods: months, expiresDate: commitmentEnd, price: info.commitmentPrice(of: plan, in: place) * Decimal(quantity))
    }

    /// A period `t` paid for begins: the status is on its plan, subscribed, nothing failing.
    private mutating func beginPeriod(paidBy t: Transaction, endingOr fallback: Date) {
        status?.productID = t.productID
        status?.latestTransactionID = t.id
        status?.expiresDate = t.expirationDate ?? fallback
        status?.state = .subscribed
        status?.billingRetryStartDate = nil
        status?.gracePeriodExpiresDate = nil
        status?.expirationReason = nil
    }

    /// Where a purchase with `facts` was bought.
    private func storefront(of facts: PurchaseFacts) -> AppStoreStorefront {
        facts.storefront.flatMap(AppStoreStorefront.named) ?? context.settings.appStoreStorefront
    }

    /// What a purchase of `t` costs with no offer: its plan's price where it was bought, as
    /// the price changes of the moment have it.
    private func listPrice(of t: Transaction, in facts: PurchaseFacts) -> Decimal {
        (catalog.product(t.productID)?.price(in: storefront(of: facts), changes: context.priceChanges) ?? 0) * Decimal(t.purchasedQuantity)
    }

    /// A higher plan, or one of the same level and period: at once, for a new period, the old
    /// plan's latest transaction marked upgraded and its unused time refunded.
    /// `offer`: a subscriber's code for the higher plan, or a promotional offer the subscriber was
    /// given for it, whose terms the new period starts at.
    private mutating func upgrade(from current: SubscriptionStatus, plan: CatalogProduct, to bought: Transaction,
                                  facts: PurchaseFacts, period: SubscriptionPeriod, change: PlanChange,
                                  offer: (type: TransactionOffer.OfferType, offer: SubscriptionOffer)? = nil) {
        var facts = facts
        facts.expirationDate = SubscriptionLifecycle.end(of: period, from: now)
        facts.isTrialPeriod = false
        facts.price = listPrice(of: bought, in: facts)
        // The new plan starts a commitment of its own if it is bought monthly (a monthly plan
        // takes no offer); the old one's ends.
        var commitmentEnd: Date?
        if let info = catalog.product(bought.productID)?.subscription, let monthly = info.billingPlan(bought.billingPlanType) {
            commitmentEnd = SubscriptionLifecycle.end(of: info.period, from: now)
            bill(&facts, plan: monthly, info: info, from: now, commitmentEnd: commitmentEnd ?? now, quantity: bought.purchasedQuantity)
        } else if let (type, offer) = offer {
            facts.expirationDate = StoreTimes.clamped(offer.firstPeriodEnd(from: now))
            facts.offer = TransactionOffer(type, offer)
            facts.price = offer.price(in: storefront(of: facts))
        }
        let t = bought.completed(with: facts, originalTransactionID: current.originalTransactionID)
        var refund: Decimal = 0
        if var old = context.latest, old.id == current.latestTransactionID {
            old.markUpgraded()
            let oldPeriod = old.isBilledMonthly ? BillingPlan.monthlyBillingPeriod : plan.subscription?.period
            refund = Self.refund(of: old, endingAt: current.expiresDate, period: oldPeriod, at: now,
                                 in: storefront(of: old.purchaseFacts))
            transactions.append(old)
        }
        beginPeriod(paidBy: t, endingOr: now)
        status?.commitmentExpiresDate = commitmentEnd
        status?.autoRenewProductID = t.productID
        status?.willAutoRenew = true
        status?.priceIncreaseStatus = .noIncreasePending
        status?.offerCodeAtRenewal = nil
        status?.offerStartDate = facts.offer == nil ? nil : now
        transactions.append(t)
        emit(.upgraded, transaction: t, details: StoreEventDetails(
            fromProductID: plan.id, toProductID: t.productID, planChange: change, expiresDate: t.expirationDate,
            price: t.price, currency: t.currency, storefront: t.storefront, refundedAmount: refund))
        if facts.offer?.type == .code {
            emit(.offerRedeemed, transaction: t, details: StoreEventDetails(
                fromProductID: plan.id, toProductID: t.productID, planChange: change, expiresDate: t.expirationDate,
                price: t.price, currency: t.currency, storefront: t.storefront, subtype: change == .upgrade ? .upgrade : nil))
        }
    }

    /// An active subscriber's offer code for the plan one has, a lower one or another period:
    /// the next renewal is for the code's plan and starts at its terms, as the renewal info
    /// says. Nothing is charged now and no transaction made; the event keeps the answer.
    private mutating func redeemAtRenewal(_ code: SubscriptionOffer, of productID: String, change: PlanChange?,
                                          with bought: Transaction, facts: PurchaseFacts) {
        guard let current = status else { return }
        var facts = facts
        facts.price = 0
        facts.isTrialPeriod = false
        facts.expirationDate = nil
        facts.webOrderLineItemID = nil
        facts.offer = TransactionOffer(.code, code)
        let answer = bought.completed(with: facts, originalTransactionID: current.originalTransactionID)
        status?.willAutoRenew = true
        status?.autoRenewProductID = productID
        status?.offerCodeAtRenewal = code.name
        if current.autoRenewProductID != productID {
            let consent: PriceIncreaseStatus = needsConsent(productID) ? .pending : .noIncreasePending
            status?.priceIncreaseStatus = consent
        }
        let price = renewalTerms(at: current.expiresDate)?.price
        emit(.offerRedeemed, answering: answer, details: StoreEventDetails(
            fromProductID: current.productID, toProductID: productID, planChange: change, expiresDate: current.expiresDate,
            price: price, currency: storefront.currency, storefront: storefront.id,
            subtype: change == .downgrade ? .downgrade : nil))
    }

    /// The price of `old` times the part of its period (the one ending at `end`) not used by
    /// `date`, as its currency rounds it. A plan's period starts a `period` before its end (a
    /// recovery in grace is paid at the recovery for a period from the old end); an offer's
    /// at its purchase.
    static func refund(of old: Transaction, endingAt end: Date, period: SubscriptionPeriod?, at date: Date,
                       in storefront: AppStoreStorefront) -> Decimal {
        guard let price = old.price, price > 0, end > date else { return 0 }
        let paid = old.purchaseDate ?? old.queueState.transactionDate
        let start = old.offer == nil ? period.map { SubscriptionPeriod(value: -$0.value, unit: $0.unit).added(to: end) } ?? paid : paid
        let whole = (end.timeIntervalSince(start) * 1000).rounded(), unused = (end.timeIntervalSince(date) * 1000).rounded()
        guard whole > 0 else { return 0 }
        return storefront.amount(price * Decimal(min(unused, whole)) / Decimal(whole))
    }

    /// A lower plan, or one of the same level and another period (or the current plan back):
    /// the next renewal is for it, and its first transaction is that renewal's. The App Store
    /// makes no transaction now: the renewal info changes, and the payment is answered at no
    /// charge by its events, which keep the answer (naming the plan, and the current period's
    /// end when it is the current plan) and name no transaction.
    private mutating func changePreference(to productID: String, change: PlanChange?, with bought: Transaction,
                                           facts: PurchaseFacts) {
        guard let current = status else { return }
        var facts = facts
        facts.price = 0
        facts.isTrialPeriod = false
        facts.expirationDate = productID == current.productID ? current.expiresDate : nil
        facts.webOrderLineItemID = nil
        let answer = bought.completed(with: facts, originalTransactionID: current.originalTransactionID)
        status?.willAutoRenew = true
        if !current.willAutoRenew {
            emit(.autoRenewEnabled, answering: answer, details: StoreEventDetails(expiresDate: current.expiresDate))
        }
        guard current.autoRenewProductID != productID else { return }
        status?.autoRenewProductID = productID
        // A consent asked for is for the plan it was asked for: the plan renewed to now needs its own.
        let consent: PriceIncreaseStatus = needsConsent(productID) ? .pending : .noIncreasePending
        status?.priceIncreaseStatus = consent
        emit(.renewalPreferenceChanged, answering: answer, details: StoreEventDetails(
            fromProductID: current.autoRenewProductID, toProductID: productID, planChange: change,
            expiresDate: current.expiresDate, subtype: change == .downgrade ? .downgrade : nil))
    }

    /// An event of a change that made no transaction (`transactionID` nil): it keeps the
    /// payment's answer, for the app to hear, and names the plan the payment was for.
    private mutating func emit(_ kind: StoreEventKind, answering answer: Transaction, details: StoreEventDetails) {
        let count = events.count
        emit(kind, details: details)
        guard events.count > count else { return }
        events[count].productID = answer.productID
        events[count].transaction = answer
    }

    // MARK: Renewals

    /// The period ends at `date`: renewed for a period from `start`, failed into billing retry,
    /// or expired.
    mutating func renew(at date: Date, periodFrom start: Date) {
        guard let current = status else { return }
        let next = renewalProductID(of: current)
        if !current.renewsAtPeriodEnd { return expire(.autoRenewDisabled, at: date) }
        // A commitment's months are owed at the price agreed: consent is asked at its end.
        if current.priceIncreaseStatus == .pending, !current.isWithinCommitment {
            guard needsConsent(next) else { status?.priceIncreaseStatus = .noIncreasePending; return renew(at: date, periodFrom: start) }
            return expire(.didNotConsentToPriceIncrease, at: date)
        }
        guard price(of: next) != nil, catalog.product(next)?.subscription != nil else {
            return expire(.productUnavailable, at: date)
        }
        if context.settings.billingRetry {
            let period = current.commitmentExpiresDate != nil ? BillingPlan.monthlyBillingPeriod
                : catalog.product(next)?.subscription?.period ?? SubscriptionPeriod(value: 1, unit: .month)
            // A free period's failing first payment (a trial's conversion) gets the grace only
            // when every renewal does.
            let fromFreePeriod = context.latest.map { $0.isTrialPeriod == true || $0.offer?.paymentMode == .freeTrial } ?? false
            let graceDays = context.settings.graceRenewals.covers(fromFreePeriod: fromFreePeriod)
                ? context.settings.gracePeriod.days(for: period) : nil
            status?.state = graceDays == nil ? .inBillingRetryPeriod : .inGracePeriod
            status?.billingRetryStartDate = date
            status?.gracePeriodExpiresDate = graceDays.map { SubscriptionLifecycle.days($0, after: date) }
            emit(.renewalFailed, date: date, details: StoreEventDetails(
                gracePeriodExpiresDate: status?.gracePeriodExpiresDate, expiresDate: current.expiresDate))
            return
        }
        makeRenewal(at: date, periodFrom: start, kind: .renewed)
    }

    /// The renewal transaction, for the plan the status renews to, and the status paid again.
    private mutating func makeRenewal(at date: Date, periodFrom start: Date, kind: StoreEventKind) {
        guard let current = status, let product = catalog.product(renewalProductID(of: current)),
              let info = product.subscription else { return }
        let period = info.period
        let latest = context.latest
        var facts = PurchaseFacts(
            purchaseDate: date, originalPurchaseDate: latest?.originalPurchaseDate ?? current.recentSubscriptionStartDate,
            currency: storefront.currency, storefront: storefront.id,
            expiresDate: SubscriptionLifecycle.end(of: period, from: start), isTrialPeriod: false,
            webOrderLineItemID: context.newTransactionID)
        let terms = renewalTerms(at: date)
        facts.offer = terms?.offer
        facts.price = terms?.price
        if let offerPeriod = terms?.offerPeriod { facts.expirationDate = SubscriptionLifecycle.end(of: offerPeriod, from: start) }
        // A code redeemed while subscribed begins with this renewal.
        let codeBegins = current.offerCodeAtRenewal != nil && terms?.offer?.type == .code
        // A monthly plan's next month, in this commitment or (auto-renew on) a new one.
        let commitmentEnd = commitmentEnd(renewingFrom: start, current: current, info: info)
        let monthly = commitmentEnd != nil ? info.billingPlan(BillingPlan.monthly) : nil
        if let monthly, let commitmentEnd {
            bill(&facts, plan: monthly, info: info, from: start, commitmentEnd: commitmentEnd, quantity: 1)
        }
        let t = Transaction(id: context.newTransactionID,
                            payment: Payment(productID: product.id, applicationUsername: latest?.applicationUsername,
                                             billingPlanType: monthly?.type),
                            state: .purchased, date: date, account: current.account, reason: .renewal,
                            originalTransactionID: current.originalTransactionID, purchaseFacts: facts)
        beginPeriod(paidBy: t, endingOr: date)
        // A code waits while a commitment bills its months; else it begins (or is gone) now.
        if monthly == nil { status?.offerCodeAtRenewal = nil }
        if codeBegins { status?.offerStartDate = start }
        status?.commitmentExpiresDate = commitmentEnd
        if current.priceIncreaseStatus == .agreed { status?.priceIncreaseStatus = .noIncreasePending }
        transactions.append(t)
        let planChanged = current.productID != product.id
        let change = planChanged ? catalog.product(current.productID).flatMap { SubscriptionLifecycle.planChange(from: $0, to: product) } : nil
        emit(kind, transaction: t, date: date, details: StoreEventDetails(
            fromProductID: planChanged ? current.productID : nil, toProductID: planChanged ? product.id : nil,
            planChange: change, expiresDate: t.expirationDate, price: t.price, currency: t.currency, storefront: t.storefront))
    }

    /// The plan the period's end renews: within a commitment the plan committed to (a change
    /// of plan waits for the commitment's end), else the one auto-renew names.
    func renewalProductID(of current: SubscriptionStatus) -> String {
        current.isWithinCommitment ? current.productID : current.autoRenewProductID
    }

    /// The end of the commitment a renewal from `start` bills a month of: the current one while
    /// months are left in it, a new one when it ended and the plan renewed to sells a monthly
    /// plan; nil for a period billed up front (a commitment that ends gives way to the price at
    /// once only where the plan has no monthly plan).
    private func commitmentEnd(renewingFrom start: Date, current: SubscriptionStatus, info: SubscriptionInfo) -> Date? {
        guard let end = current.commitmentExpiresDate else { return nil }
        if end > start { return end }
        return info.billingPlan(BillingPlan.monthly).map { _ in SubscriptionLifecycle.end(of: info.period, from: start) }
    }

    /// What a renewal at `date` charges, for the plan the status renews to: a pay-as-you-go
    /// offer (introductory or a code) goes on at its price for its periods; else the plan's
    /// price, before an increase not agreed yet (a recovery while consent waits).
    func renewalTerms(at date: Date) -> RenewalTerms? {
        guard let current = status else { return nil }
        var terms = nextPeriodTerms(at: date)
        terms?.commitmentRenewal = commitmentRenewal(of: current)
        return terms
    }

    /// What follows `current`'s commitment at its end; nil billed up front.
    private func commitmentRenewal(of current: SubscriptionStatus) -> CommitmentRenewal? {
        guard current.commitmentExpiresDate != nil, let info = catalog.product(current.autoRenewProductID)?.subscription else { return nil }
        if let monthly = info.billingPlan(BillingPlan.monthly) {
            return CommitmentRenewal(productID: current.autoRenewProductID, billingPlanType: monthly.type, price: info.commitmentPrice(of: monthly, in: storefront))
        }
        return CommitmentRenewal(productID: current.autoRenewProductID, billingPlanType: BillingPlan.billedUpFront,
                                 price: price(of: current.autoRenewProductID))
    }

    private func nextPeriodTerms(at date: Date) -> RenewalTerms? {
        guard let current = status, let product = catalog.product(renewalProductID(of: current)) else { return nil }
        let latest = context.latest
        if let info = product.subscription, let end = commitmentEnd(renewingFrom: date, current: current, info: info),
           let monthly = info.billingPlan(BillingPlan.monthly) {
            return RenewalTerms(productID: product.id, price: monthly.price(in: storefront), currency: storefront.currency,
                                billingPlanType: monthly.type, commitmentExpiresDate: end)
        }
        if let name = current.offerCodeAtRenewal, let code = product.subscription?.offerCode(named: name) {
            // A code redeemed while subscribed: the renewal starts at its terms.
            let payAsYouGo = code.paymentMode == .payAsYouGo
            return RenewalTerms(productID: product.id, price: code.price(in: storefront), currency: storefront.currency,
                                offer: TransactionOffer(.code, code), offerPeriod: payAsYouGo ? code.period : code.totalPeriod,
                                offerPeriodsLeft: payAsYouGo ? code.periodCount : 1)
        }
        let offerStart = current.offerStartDate ?? current.recentSubscriptionStartDate
        if let used = latest?.offer, used.paymentMode == .payAsYouGo,
           latest?.productID == product.id, let offer = product.subscription?.offer(for: used),
           offer.paymentMode == .payAsYouGo, offer.end(from: offerStart) > date {
            // The offer's periods that start from this renewal before the offer ends.
            let end = offer.end(from: offerStart)
            let left = sequence(first: date) { offer.period.added(to: $0) }.prefix(offer.periodCount).prefix { $0 < end }.count
            return RenewalTerms(productID: product.id, price: offer.price(in: storefront), currency: storefront.currency,
                                offer: used, offerPeriod: offer.period, offerPeriodsLeft: left)
        }
        let price = current.priceIncreaseStatus == .pending ? priceBeforeIncrease(of: product.id) : price(of: product.id)
        return RenewalTerms(productID: product.id, price: price, currency: storefront.currency)
    }

    // MARK: Billing problems

    mutating func endGrace() {
        guard let current = status else { return }
        guard current.renewsAtPeriodEnd else { return expire(.autoRenewDisabled, at: current.gracePeriodExpiresDate ?? now) }
        status?.state = .inBillingRetryPeriod
        emit(.gracePeriodExpired, date: current.gracePeriodExpiresDate ?? now,
             details: StoreEventDetails(gracePeriodExpiresDate: current.gracePeriodExpiresDate))
    }

    /// The payment went through: a renewal now. In grace the billing cycle is unchanged (the
    /// period follows the one that failed); in billing retry it starts again today.
    mutating func recover() {
        guard let current = status else { return }
        guard price(of: current.autoRenewProductID) != nil, catalog.product(current.autoRenewProductID)?.subscription != nil else {
            return expire(.productUnavailable, at: now)
        }
        let start = current.state == .inGracePeriod ? current.expiresDate : now
        makeRenewal(at: now, periodFrom: start, kind: .recovered)
    }

    // MARK: The subscriber's and the store's choices

    /// Ended at `date` for `reason`. `endingPeriod`: the store ends the paid period now too.
    mutating func expire(_ reason: ExpirationReason, at date: Date, endingPeriod: Bool = false) {
        guard let current = status else { return }
        status?.state = .expired
        status?.expirationReason = reason
        status?.willAutoRenew = false
        status?.offerCodeAtRenewal = nil
        if endingPeriod { status?.expiresDate = min(current.expiresDate, date) }
        emit(.expired, date: date, details: StoreEventDetails(expirationReason: reason, expiresDate: status?.expiresDate))
    }

    /// Refunded: access ends at once and auto-renew goes off; the refund's own event tells of it.
    mutating func revoke() {
        guard let current = status else { return }
        status?.state = .revoked
        status?.willAutoRenew = false
        status?.expiresDate = min(current.expiresDate, now)
        status?.billingRetryStartDate = nil
        status?.gracePeriodExpiresDate = nil
    }

    mutating func setAutoRenew(_ on: Bool) {
        guard let current = status, current.willAutoRenew != on else { return }
        status?.willAutoRenew = on
        // Turned off within a commitment, access lasts to the commitment's end: its months are billed.
        let lasts = !on && current.isWithinCommitment ? current.commitmentExpiresDate ?? current.expiresDate : current.expiresDate
        emit(on ? .autoRenewEnabled : .autoRenewDisabled, details: StoreEventDetails(expiresDate: lasts))
        // Cancelled with no access and nothing paid: nothing is left to run to its end. The
        // cancellation is told first, as Apple tells AUTO_RENEW_DISABLED before EXPIRED.
        // A commitment's months are still owed: its billing retry goes on.
        if !on && current.state == .inBillingRetryPeriod && !current.isWithinCommitment { expire(.autoRenewDisabled, at: now) }
    }

    /// The store changed the price of the plan renewed to (`context.priceChanges` has it).
    /// A new price that needs no consent replaces one waiting for it; one no higher than what
    /// the subscriber pays (a cut) tells nothing.
    mutating func priceIncrease(consentNeeded: Bool) {
        guard let current = status else { return }
        let plan = current.autoRenewProductID
        let details = priceDetails(of: plan)
        if consentNeeded && needsConsent(plan) {
            status?.priceIncreaseStatus = .pending
            emit(.priceIncreasePending, productID: plan, details: details)
            return
        }
        if current.priceIncreaseStatus == .pending { status?.priceIncreaseStatus = .noIncreasePending }
        if let new = details.price, new > (priceBeforeIncrease(of: plan) ?? new) { emit(.priceIncreased, productID: plan, details: details) }
    }

    // MARK: Prices

    /// Whether renewing to `productID` waits for the subscriber's consent: the store's latest
    /// price for it in the storefront needs consent, and the subscriber does not pay it yet.
    func needsConsent(_ productID: String) -> Bool {
        guard let change = context.priceChanges.last(where: { $0.productID == productID && $0.storefront == storefront.id }),
              change.consentNeeded else { return false }
        // Agreed and renewed at it: paid already (a recovery at the old price still waits).
        if let latest = context.latest, latest.productID == productID, latest.offer == nil,
           let paid = latest.price, paid >= change.price { return false }
        return true
    }

    /// What the subscriber paid for `productID` before the store raised it: the latest
    /// full-price payment for it, else the catalog's price there.
    func priceBeforeIncrease(of productID: String) -> Decimal? {
        if let latest = context.latest, latest.productID == productID, latest.offer == nil, let paid = latest.price, paid > 0 {
            return paid
        }
        return catalog.product(productID)?.price(in: storefront.id).map(storefront.amount)
    }
}
