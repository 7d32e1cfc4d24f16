import DataFiles
import Foundation
import AppStoreCore

// Reads an Xcode StoreKit configuration file (.storekit), unchanged, of file versions 2 to 5.
//
// Apple does not document the format; this is what Xcode writes, learnt from public projects'
// files of each version and from StoreKitTest's SKTestSession header. Per version, what the
// files hold beyond the one before:
//
// 1.x (Xcode 12): `products`, `subscriptionGroups` with `subscriptions` (`recurringSubscriptionPeriod`,
//     `groupNumber`, `subscriptionGroupID`, `introductoryOffer`, `adHocOffers` for promotional
//     offers), `settings` (`_timeRate`, `_storeKitError`, `_failTransactionsEnabled`), `version`;
//     1.1 `identifier`, `nonRenewingSubscriptions`; 1.2 `codeOffers` (offer codes, with
//     `eligibility` and `isStackable`). Not read: Xcode 13 and later upgrade it when they open it.
// 2.0 (Xcode 13, 14): `numberOfPeriods` on every offer; `settings` with `_askToBuyEnabled`,
//     `_billingIssuesEnabled` (interrupted purchases), `_failTransactionsEnabled` and
//     `_storeKitError` (the SKError code they fail with), `_locale`, `_storefront`, `_timeRate`;
//     `subscriptionOffersKeyPair` (`id`, `privateKey`: the key promotional offers are signed
//     with, also in later versions; read apart, `StoreKitOffersKeyPair`). Sync with App Store Connect adds `_applicationInternalID`,
//     `_developerTeamID`, `_lastSynchronizedDate`.
// 3.0 (Xcode 15): `_storeKitErrors`, one entry per StoreKit API ("Load Products", "Purchase", …)
//     with `enabled` and `current` (`{ "index", "type" }`: a case of StoreKitError for "generic",
//     of Product.PurchaseError for "purchase"), replacing `_storeKitError`;
//     `_compatibilityTimeRate` (the rate as older Xcode versions numbered it), `_timeRate` as
//     SKTestSession.TimeRate's raw values (0 real time, 10–15 monthly renewal every hour to
//     every 30 seconds, 1000–1005 one renewal every 15 minutes to every 2 seconds).
// 4.0 (Xcode 16): `winbackOffers` on every subscription; `appPolicies` (EULA, privacy
//     policies); `settings` `_renewalBillingIssuesEnabled` (renewals' payments fail: billing
//     retry), `_billingGracePeriodEnabled` (Xcode's one grace period: 6 days for a weekly plan,
//     16 for the others), `_disableDialogs`, `_shouldSetupSyncOnLoad`.
// 5.0 (Xcode 26): billing plans: `billingPlans` on every subscription (`billingPlanType`
//     "BILLED_UPFRONT" or "MONTHLY", `displayPrice` per billing period,
//     `commitmentDisplayPrice`, `isEnabled`), `billingPlanType` on offers, and
//     `introductoryOffers` (one per plan) beside `introductoryOffer`; `subscriptionBundleGroups`.
//
// No public file we found has a win-back offer in it, only empty `winbackOffers`: an entry is
// read with the keys the other offers have (`offerID`, `referenceName`, `paymentMode`,
// `subscriptionPeriod`, `numberOfPeriods`, `displayPrice`); its eligibility rules are not read.
enum StoreKitFileReader {
    /// Whether a file's top level is a StoreKit configuration file's: it has a `version`
    /// object with a `major` number (storefront's own catalogs have no `version`).
    static func isStoreKitFile(_ top: [String: JSONValue]) -> Bool {
        guard case .object(let version)? = top["version"] else { return false }
        return version["major"] != nil
    }

    /// The file, or a refusal naming `path`, the JSON path and what is wrong.
    static func read(_ data: Data, path: String) throws(DataFileError) -> StoreKitConfiguration {
        let remedy = DataFileError.Remedy.fixCatalog
        try JSONNesting.check(data, path: path, remedy: remedy)
        let version: StoreKitVersion
        do {
            version = try JSONDecoder().decode(VersionProbe.self, from: data).version
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
        if let problem = problem(with: version) {
            throw DataFileError(path: path, location: "$.version.major", problem: problem, remedy: remedy)
        }
        do {
            return try JSONDecoder().decode(StoreKitConfiguration.self, from: data)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
    }

    private struct VersionProbe: Decodable {
        var version: StoreKitVersion
    }

    /// What is wrong with a version storefront does not read, or nil.
    private static func problem(with version: StoreKitVersion) -> String? {
        let supported = StoreKitVersion.supported
        let range = "versions \(supported.lowerBound) to \(supported.upperBound)"
        if version.major < supported.lowerBound {
            return "version \(version.description) of the StoreKit configuration format is older than storefront reads (\(range)): open the file in Xcode 13 or later, which upgrades it, and save it"
        }
        if version.major > supported.upperBound {
            return "version \(version.description) of the StoreKit configuration format is newer than storefront reads (\(range))"
        }
        return nil
    }
}
