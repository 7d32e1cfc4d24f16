import Foundation
import SampleApp
import AppStoreCore
import Wording

/// The table of store conditions. A new condition is a stored field in `Settings` and an
/// entry here, placed in `all`.
extension StoreCondition {
    /// Every condition, in the order of `set --help`, `state`, the panel's rows and the
    /// header's badges (most important first).
    /// The condition `set` and walkthroughs call `name`.
    public static func named(_ name: String) -> StoreCondition? {
        all.first { $0.name == name }
    }

    public static let all: [StoreCondition] = [canMakePayments, askToBuy, network] + failures + [
        interrupted, finishTransactions, account, storefront, locale, latency, hold, dialogs, timeRate, signingEnvironment,
        billingRetry, gracePeriod, graceRenewals, refundRequests,
    ]

    static let canMakePayments = onOff(
        "can-make-payments", \.canMakePayments, title: \.canMakePayments, good: true, badge: \.restrictedBadge, tint: .danger)

    static let askToBuy = onOff("ask-to-buy", \.askToBuy, title: \.askToBuy, good: false, badge: \.askToBuyBadge, tint: .warning)

    static let network = onOff("network", \.network, title: \.network, good: true, badge: \.offlineBadge, tint: .danger)

    static let interrupted = onOff(
        "interrupted", \.interrupted, title: \.interrupted, good: false, badge: \.interruptingBadge, tint: .warning)

    static let finishTransactions = onOff(
        "finish-transactions", \.finishTransactions, title: \.finishTransactions, good: true, badge: \.notFinishingBadge,
        tint: .warning)

    static let account = StoreCondition(
        "account", values: "NAME|none", field: \.account,
        parse: { text, _ throws(InvalidValue) in
            let name = text.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { throw InvalidValue(message: "account takes a name, or none to sign out") }
            // An Apple Account is an email address: a control character in it is a mistake, or
            // a way to send commands to whichever terminal shows the account.
            if name.unicodeScalars.contains(where: TerminalText.isEscaped) {
                throw InvalidValue(message: "account takes a name without control characters, not \"\(name)\"")
            }
            return ["none", "off"].contains(name.lowercased()) ? nil : name
        },
        describe: { $0 ?? "none (signed out)" },
        title: \.account,
        show: { account, strings in (account ?? strings.conditions.signedOut, account == nil ? .warning : nil) },
        change: { account, key, choices in
            .set(cycle(accountChoices(used: choices.accounts, current: account), from: account, key.step))
        },
        badge: { account, strings in account == nil ? .init(text: strings.conditions.signedOutBadge, tint: .warning) : nil })

    /// Whom the Sign In prompt offers: the accounts used on this store, the last used first,
    /// then the sandbox account a new store signs in with.
    static func signInAccounts(used: [String]) -> [String] {
        var seen = Set<String>()
        return (used + [Settings.defaultAccount]).filter { seen.insert($0).inserted }
    }

    /// The accounts the panel cycles through: those the Sign In prompt offers, a child's (for
    /// another account's purchases), the one signed in now if none of them, then signed out.
    static func accountChoices(used: [String], current: String?) -> [String?] {
        var seen = Set<String>()
        let accounts = (signInAccounts(used: used) + ["family.child@example.com"] + [current].compactMap { $0 })
            .filter { seen.insert($0).inserted }
        return accounts + [nil]
    }

    static let storefront = StoreCondition(
        "storefront", values: "STOREFRONT", field: \.storefront,
        parse: { text, catalog throws(InvalidValue) in
            let ids = catalog.storefronts.map(\.id)
            guard let storefront = AppStoreStorefront.named(text) else {
                throw InvalidValue(message: "storefront takes an App Store storefront's three-letter code, such as \(ids.joined(separator: ", "))")
            }
            guard catalog.sellsAnything(in: storefront.id) else {
                throw InvalidValue(message: "storefront takes one of \(ids.joined(separator: ", ")): the catalog has no prices in \(storefront.id) (\(storefront.name))")
            }
            return storefront.id
        },
        describe: { $0 },
        title: \.storefront,
        show: { id, _ in (id, nil) },
        change: { id, key, choices in .set(cycle(choices.catalog.storefronts.map(\.id), from: id, key.step)) })

    static let locale = StoreCondition(
        "locale", values: "LOCALE", field: \.locale,
        parse: { text, _ throws(InvalidValue) in
            guard LocaleMatch.isLocale(text) else {
                throw InvalidValue(message: "locale takes a locale identifier such as en_US or ja_JP, not \"\(text)\"")
            }
            return LocaleMatch.normalized(text)
        },
        describe: { $0 },
        title: \.locale,
        show: { locale, _ in (locale, nil) },
        change: { locale, key, choices in .set(cycle(localeChoices(choices.catalog), from: locale, key.step)) })

    /// The locales the panel cycles through: English and Japanese, then the catalog's own.
    static func localeChoices(_ catalog: Catalog) -> [String] {
        var seen = Set<String>()
        return (["en_US", "ja_JP"] + catalog.locales.map(LocaleMatch.normalized)).filter { seen.insert($0).inserted }
    }

    static let latency = StoreCondition(
        "latency", values: "MILLISECONDS", field: \.latencyMilliseconds,
        parse: { text, _ throws(InvalidValue) in
            guard let ms = Int(text), Settings.latencyRange.contains(ms) else {
                throw InvalidValue(message: "latency takes milliseconds from 0 to \(Settings.latencyRange.upperBound), not \"\(text)\"")
            }
            return ms
        },
        describe: { "\($0) ms" },
        title: \.latency,
        show: { ms, strings in (latencyText(ms, strings: strings), nil) },
        change: { ms, key, _ in .set(latency(after: ms, step: key.step, wrapping: key == .enter)) })

    static let dialogs = onOff(
        "dialogs", \.dialogs,
        note: "dialogs off (Xcode's Disable Dialogs): choosing a product buys it at once, with no purchase sheet, Ask Permission or outcome alert; the log tells how it went.",
        title: \.dialogs, good: true, badge: \.noDialogsBadge, tint: .warning)

    static let hold = onOff(
        "hold", \.hold,
        note: "hold on: a purchase or restore waits for the side button (Enter, or a line on stdin) before the latency starts (with dialogs on: with dialogs off nothing asks for it).",
        title: \.hold, good: false, badge: \.holdBadge, tint: .warning)

    static let timeRate = StoreCondition(
        "time-rate", values: "realtime|STORE-per-REAL",
        note: "time-rate: \(TimeRate.syntax) (a month in 30 seconds, as Xcode's fastest monthly renewal rate)."
            + " Store time runs on from where it is; the latency stays in real seconds.",
        field: \.timeRate,
        parse: { text, _ throws(InvalidValue) in
            guard let rate = TimeRate(text) else {
                throw InvalidValue(message: "time-rate takes \(TimeRate.syntax); at most a year per second, not \"\(text)\"")
            }
            return rate
        },
        describe: { $0 == .realtime ? "realtime" : "\($0) (\(factorText($0.factor))× real time)" },
        title: \.timeRate,
        show: { rate, strings in (rate == .realtime ? strings.conditions.realTime : "\(rate)", rate == .realtime ? nil : .accent) },
        change: { rate, key, _ in .set(cycle(timeRates, from: rate, key.step)) })

    /// The rates the panel steps through, slowest first: Xcode's choices and a few between.
    static let timeRates: [TimeRate] = ["realtime", "1h-per-s", "1mo-per-5min", "1mo-per-30s", "1w-per-s"].compactMap(TimeRate.init)

    /// 86400, 2.5: no trailing zeros.
    public static func factorText(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
    }

    static let billingRetry = onOff(
        "billing-retry", \.billingRetry,
        note: "billing-retry on (Xcode's Billing Retry on Renewal): each renewal's payment fails, and the subscription goes into billing retry (or its grace period) until the subscriber fixes the payment method; turning it off fixes none already failing.",
        title: \.billingRetry, good: false, badge: \.billingRetryBadge, tint: .warning)

    static let gracePeriod = choice(
        "grace-period", \.gracePeriod,
        note: "grace-period: how long a subscriber keeps access after a renewal's payment fails, as App Store Connect offers it (3, 16 or 28 days), or xcode: Xcode's Billing Grace Period, 6 days for a weekly plan and 16 for the others.",
        title: \.gracePeriod,
        show: { grace, strings in (graceText(grace, strings: strings), grace == .off ? nil : .accent) },
        badge: { grace, strings in
            graceBadgeDays(grace).map { .init(text: strings.conditions.graceBadge($0), tint: .accent) }
        })

    static let graceRenewals = choice(
        "grace-renewals", \.graceRenewals,
        note: "grace-renewals: which failed renewals get the grace period, as App Store Connect's and Xcode's billing grace period eligibility offers it: all (All Renewals), or paid-to-paid (Only Paid to Paid Renewals: a free trial's or free offer's first payment that fails gets none).",
        title: \.graceRenewals,
        show: { renewals, strings in
            renewals == .all ? (strings.conditions.graceAllRenewals, nil) : (strings.conditions.gracePaidToPaid, .accent)
        })

    static let refundRequests = choice(
        "refund-requests", \.refundRequests,
        note: "refund-requests: how the App Store answers a refund the app's refund request sheet asks for: approve (at once, in full, as Xcode does), prorated (at once, 50% of the price; a consumable in full, a subscription's period by the time left in it), decline (nothing is revoked, the app hears nothing more), or manual (it waits for approve-refund or decline-refund, or the Transaction Manager).",
        title: \.refundRequests,
        show: { policy, strings in (RefundRequestStrings.shared.policy(policy, in: strings), policy == .approve ? nil : .accent) })

    static let signingEnvironment = choice(
        "signing-environment", \.signingEnvironment,
        note: "signing-environment: the environment the App Store's signed transactions, renewal infos and app transaction name: xcode (as StoreKit Testing in Xcode signs them), or sandbox (as a sandbox account's purchases are, for a backend that verifies the whole chain).",
        title: \.signingEnvironment,
        show: { environment, strings in
            environment == .xcode ? (strings.conditions.xcodeEnvironment, nil) : (strings.conditions.sandboxEnvironment, .accent)
        })

    /// "16 days", "Xcode's (6 or 16 days)", "off".
    static func graceText(_ grace: BillingGracePeriod, strings: Strings) -> String {
        if grace == .xcode { return strings.conditions.graceXcode }
        return graceDays(grace).map { strings.conditions.graceDays($0.monthly) } ?? strings.conditions.off
    }

    /// The grace's days as the badge writes them: "16", or "6/16" for Xcode's; nil when off.
    static func graceBadgeDays(_ grace: BillingGracePeriod) -> String? {
        graceDays(grace).map { $0.weekly == $0.monthly ? "\($0.monthly)" : "\($0.weekly)/\($0.monthly)" }
    }

    /// The days a weekly and a monthly plan get, as the store counts them.
    private static func graceDays(_ grace: BillingGracePeriod) -> (weekly: Int, monthly: Int)? {
        guard let weekly = grace.days(for: SubscriptionPeriod(value: 1, unit: .week)),
              let monthly = grace.days(for: SubscriptionPeriod(value: 1, unit: .month)) else { return nil }
        return (weekly, monthly)
    }
}
