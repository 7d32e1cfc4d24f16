import DataFiles
import Foundation

/// Settings as named fields, the way the store keeps them (one row each) and the way a change
/// is applied: only the fields a person changed, onto whatever the store holds now.
extension Settings {
    /// Each setting's stored name and its value in JSON: what `encode(to:)` writes, made
    /// without an encoder and a decoder (every settings write and panel edit asks for it).
    public var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            CodingKeys.canMakePayments.rawValue: .bool(canMakePayments),
            CodingKeys.askToBuy.rawValue: .bool(askToBuy),
            CodingKeys.network.rawValue: .bool(network),
        ]
        for api in StoreAPI.allCases { fields[api.settingName] = failures[api]?.storedValue ?? .null }
        fields[CodingKeys.interrupted.rawValue] = .bool(interrupted)
        fields[CodingKeys.finishTransactions.rawValue] = .bool(finishTransactions)
        fields[CodingKeys.account.rawValue] = account.map(JSONValue.string) ?? .null
        fields[CodingKeys.storefront.rawValue] = .string(storefront)
        fields[CodingKeys.locale.rawValue] = .string(locale)
        fields[CodingKeys.latencyMilliseconds.rawValue] = .int(latencyMilliseconds)
        fields[CodingKeys.hold.rawValue] = .bool(hold)
        fields[CodingKeys.dialogs.rawValue] = .bool(dialogs)
        fields[CodingKeys.timeRate.rawValue] = .string(timeRate.description)
        fields[CodingKeys.billingRetry.rawValue] = .bool(billingRetry)
        fields[CodingKeys.gracePeriod.rawValue] = .string(gracePeriod.rawValue)
        fields[CodingKeys.graceRenewals.rawValue] = .string(graceRenewals.rawValue)
        fields[CodingKeys.refundRequests.rawValue] = .string(refundRequests.rawValue)
        fields[CodingKeys.signingEnvironment.rawValue] = .string(signingEnvironment.rawValue)
        return fields
    }

    /// Settings from stored fields; a missing field keeps its default, a bad one is refused
    /// by the same checks as a hand-edited file.
    package init(fields: [String: JSONValue]) throws {
        if let read = Settings(reading: fields) {
            self = read
            return
        }
        self = try JSONDecoder().decode(Settings.self, from: try JSONEncoder().encode(fields))
    }

    /// The settings `init(from:)` decodes from `fields`, read without an encoder and a decoder
    /// (the store reads its settings with every change); nil wherever the decoder would refuse
    /// a field, for it to refuse as before.
    init?(reading fields: [String: JSONValue]) {
        var settings = Settings()
        func bool(_ key: CodingKeys, _ value: inout Bool) -> Bool {
            switch fields[key.rawValue] {
            case nil, .null?: return true
            case .bool(let v)?: value = v; return true
            default: return false
            }
        }
        func string(_ key: CodingKeys) -> String?? {
            switch fields[key.rawValue] {
            case nil, .null?: return .some(nil)
            case .string(let v)?: return .some(v)
            default: return nil
            }
        }
        guard bool(.canMakePayments, &settings.canMakePayments), bool(.askToBuy, &settings.askToBuy),
              bool(.network, &settings.network), bool(.interrupted, &settings.interrupted),
              bool(.finishTransactions, &settings.finishTransactions), bool(.hold, &settings.hold),
              bool(.dialogs, &settings.dialogs), bool(.billingRetry, &settings.billingRetry) else { return nil }
        for api in StoreAPI.allCases {
            guard let value = fields[api.settingName] else { continue }
            guard let failure = try? APIError.stored(value, for: api) else {
                if value == .null { continue }
                return nil
            }
            settings.failures[api] = failure
        }
        if fields[CodingKeys.account.rawValue] != nil {
            guard let account = string(.account) else { return nil }
            settings.account = account
        }
        guard let storefront = string(.storefront), let locale = string(.locale),
              let timeRate = string(.timeRate), let grace = string(.gracePeriod), let refunds = string(.refundRequests),
              let graceRenewals = string(.graceRenewals), let environment = string(.signingEnvironment)
        else { return nil }
        settings.storefront = storefront ?? settings.storefront
        settings.locale = locale ?? settings.locale
        guard LocaleMatch.isLocale(settings.locale) else { return nil }
        switch fields[CodingKeys.latencyMilliseconds.rawValue] {
        case nil, .null?: break
        case .int(let v)? where Self.latencyRange.contains(v): settings.latencyMilliseconds = v
        default: return nil
        }
        if let timeRate {
            guard let rate = TimeRate(timeRate) else { return nil }
            settings.timeRate = rate
        }
        if let grace {
            guard let period = BillingGracePeriod(rawValue: grace) else { return nil }
            settings.gracePeriod = period
        }
        if let graceRenewals {
            guard let renewals = BillingGraceRenewals(rawValue: graceRenewals) else { return nil }
            settings.graceRenewals = renewals
        }
        if let refunds {
            guard let policy = RefundRequestPolicy(rawValue: refunds) else { return nil }
            settings.refundRequests = policy
        }
        if let environment {
            guard let signing = SigningEnvironment(rawValue: environment) else { return nil }
            settings.signingEnvironment = signing
        }
        self = settings
    }

    /// `self` with the fields that differ between `base` and `edited` taken from `edited`: a
    /// panel that toggled one condition never reverts another that a second terminal set.
    public func applying(changesFrom base: Settings, to edited: Settings) -> Settings {
        let before = base.fields
        let after = edited.fields
        var merged = fields
        for (name, value) in after where before[name] != value { merged[name] = value }
        return (try? Settings(fields: merged)) ?? edited
    }
}
