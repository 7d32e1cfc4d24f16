import AppStoreCore

/// The billing grace period's eligibility in a .storekit file (`_billingGracePeriodRenewalType`,
/// a key of storefront's own: Xcode's files have none), in App Store Connect's words:
/// `ALL_RENEWALS`, or `PAID_TO_PAID_ONLY` (`ONLY_PAID_TO_PAID` read too).
enum StoreKitGraceRenewals {
    static func renewals(_ value: String) -> BillingGraceRenewals? {
        switch value.uppercased() {
        case "ALL_RENEWALS": .all
        case "PAID_TO_PAID_ONLY", "ONLY_PAID_TO_PAID": .paidToPaid
        default: nil
        }
    }

    static func value(_ renewals: BillingGraceRenewals) -> String {
        switch renewals {
        case .all: "ALL_RENEWALS"
        case .paidToPaid: "PAID_TO_PAID_ONLY"
        }
    }
}
