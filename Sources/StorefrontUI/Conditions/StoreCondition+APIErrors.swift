import SampleApp
import AppStoreCore
import Wording

/// The StoreKit APIs' errors (Xcode's StoreKit errors per API): one condition per API, each
/// failing its API alone until turned off, and the panel's row that lists them.
extension StoreCondition {
    /// The condition that fails `api`: `fail-with` for purchases (the name it always had),
    /// `fail-load-products`, `fail-app-store-sync`, … for the others.
    public static func failing(_ api: StoreAPI) -> StoreCondition {
        failures.first { $0.name == failingName(api) } ?? failures[0]
    }

    /// The conditions of every API, purchases' first, then in Xcode's order.
    static let failures: [StoreCondition] = ([StoreAPI.purchase] + StoreAPI.allCases.filter { $0 != .purchase }).map(failingCondition)

    public static let failWith = failing(.purchase)

    /// The name of the condition that fails `api`.
    public static func failingName(_ api: StoreAPI) -> String {
        api == .purchase ? "fail-with" : "fail-\(api.argument)"
    }

    private static func failingCondition(_ api: StoreAPI) -> StoreCondition {
        let name = failingName(api)
        let choices: [APIError?] = [nil] + api.choices
        return StoreCondition(
            name, values: api == .purchase ? "CODE|NAME|off" : "ERROR|off", note: failureNote(api),
            field: \Settings.failures[api],
            parse: { text, _ throws(InvalidValue) in
                if ["off", "none"].contains(text.lowercased()) { return nil }
                guard let error = APIError(text, for: api) else {
                    let names = api == .purchase ? SKErrorCode.allCases.map { "\($0.rawValue) \($0.name)" } + ["purchaseLimitExceeded"]
                        : api.choices.map(\.name)
                    throw InvalidValue(message: "\(name) takes off or \(api == .purchase ? "a StoreKit error code" : "one of its errors"): \(names.joined(separator: ", "))")
                }
                return error
            },
            describe: { $0?.description ?? "off" },
            title: apiTitle(api),
            show: { error, strings in error.map { ($0.description, tint(api)) } ?? (strings.conditions.off, .success) },
            // Enter picks the error from the API's list (or off), starting at the current one.
            change: { error, key, _ in
                key == .enter ? .chooseError(highlighting: choices.firstIndex(of: error) ?? 0) : .set(cycle(choices, from: error, key.step))
            },
            badge: { error, strings in error.map { badge(api, $0, strings: strings) } })
    }

    /// Red while the API fails; amber for an API storefront does not have yet, which fails nothing.
    private static func tint(_ api: StoreAPI) -> Tint { api.isSimulated ? .danger : .warning }

    private static func badge(_ api: StoreAPI, _ error: APIError, strings: Strings) -> HeaderView.Badge {
        let words = strings.conditions
        guard api != .purchase else {
            let code = if case .skError(let code) = error { "\(code.rawValue)" } else { error.name }
            return .init(text: words.failingBadge(error.name), tint: .danger, short: words.failingBadge(code))
        }
        let title = words[dynamicMember: apiTitle(api)]
        return .init(text: words.apiFailingBadge(title, error.name), tint: tint(api), short: words.apiFailingShortBadge(title))
    }

    /// `set --help`'s line: purchases' on fail-with, the others' once, on the first of them.
    private static func failureNote(_ api: StoreAPI) -> String? {
        switch api {
        case .purchase:
            let codes = SKErrorCode.allCases.map(\.rawValue)
            return "fail-with takes a StoreKit error code (\(codes.min() ?? 0)-\(codes.max() ?? 0)) or its name, e.g. 4 or paymentNotAllowed,"
                + " or purchaseLimitExceeded (the seed SDK's monthly purchase limit)."
        case .loadProducts:
            let later = StoreAPI.allCases.filter { !$0.isSimulated }.map(\.argument).joined(separator: ", ")
            return "fail-API (or set fail API ERROR): the API alone fails with ERROR until off: StoreKitError's "
                + StoreKitErrorCode.allCases.map(\.rawValue).joined(separator: ", ")
                + "; verification and app-transaction take VerificationError's, refund-request RefundRequestError's too."
                + (later.isEmpty ? "" : " \(later) are kept and take effect once storefront has those APIs.")
        default: return nil
        }
    }

    /// The API's title in the panel's list (and its badge).
    static func apiTitle(_ api: StoreAPI) -> KeyPath<ConditionStrings, Phrase> & Sendable {
        switch api {
        case .loadProducts: \.loadProductsAPI
        case .purchase: \.purchaseAPI
        case .verification: \.verificationAPI
        case .appStoreSync: \.appStoreSyncAPI
        case .subscriptionStatus: \.subscriptionStatusAPI
        case .appTransaction: \.appTransactionAPI
        case .manageSubscriptions: \.manageSubscriptionsAPI
        case .refundRequest: \.refundRequestAPI
        case .offerCodeRedemption: \.offerCodeRedemptionAPI
        }
    }

    /// The panel's row in place of the APIs' conditions: it shows which fail, and opens the
    /// list of APIs. Not a condition `set` takes (`set fail API ERROR` names one of the APIs').
    static let apiErrors = StoreCondition(
        "fail", values: "API ERROR|API off", field: \.failures,
        parse: { _, _ throws(InvalidValue) in throw InvalidValue(message: "fail takes an API and its error, e.g. fail load-products networkError") },
        describe: { failures in
            StoreAPI.allCases.compactMap { api in failures[api].map { "\(api.argument) \($0.description)" } }.joined(separator: ", ")
        },
        title: \.apiErrors,
        show: { failures, strings in
            let failing = StoreAPI.allCases.filter { failures[$0] != nil }
            guard let first = failing.first, let error = failures[first] else { return (strings.conditions.off, .success) }
            if failing.count > 1 { return (strings.conditions.apisFailing(failing.count), .danger) }
            return ("\(strings.conditions[dynamicMember: apiTitle(first)]): \(error.name)", tint(first))
        },
        change: { _, _, _ in .openAPIErrors })

    /// The panel's rows: every condition but the APIs' errors, which one row opens.
    public static let panelRows: [StoreCondition] = all.flatMap { condition -> [StoreCondition] in
        if condition.name == failWith.name { return [apiErrors] }
        return failures.contains { $0.name == condition.name } ? [] : [condition]
    }
}
