import DataFiles
import Foundation
import AppStoreCore

/// The app's auto-renewable subscriptions follow the store's statuses, as a StoreKit 2 app reads
/// `Product.SubscriptionInfo.status`: access while subscribed or in grace (until the grace
/// ends), none in billing retry, expired or revoked. The app keeps, per plan, the end of its
/// access (`"<product id>": date`, the key it always had) and where it stands beside it
/// (`"<product id>.state"`: "subscribed", "inGracePeriod", "inBillingRetryPeriod", "revoked",
/// or "expired (REASON)"), so UserDefaults.json says when and why access ended. A plan comes
/// into UserDefaults.json by its delivery (a purchase, a renewal, a restore); from then on its
/// status says how long access lasts.
extension SampleApp {
    /// The key beside a subscription's expiry that says where it stands.
    public static func stateKey(_ productID: String) -> String { "\(productID).state" }

    /// Where the app last recorded that `productID` stands (see `stateKey`), if it is the plan
    /// of a status the app has seen.
    public func subscriptionState(_ productID: String) -> String? {
        defaults.string(forKey: Self.stateKey(productID))
    }

    /// Writes what the store's statuses say into UserDefaults.json, if that changes anything:
    /// nothing is written, and nothing read from disk, while the app already agrees.
    func syncSubscriptions() throws {
        guard let statuses = loadStatuses() else { return }
        let now = queue.now
        guard !subscriptionChanges(statuses, over: defaults.values, now: now).isEmpty else { return }
        // Build on what the file holds now, hand edits included, and only on values the app can read.
        try defaults.reloadIfChanged()
        try checkOwnValues()
        let changes = subscriptionChanges(statuses, over: defaults.values, now: now)
        if !changes.isEmpty { try defaults.set(changes) }
    }

    /// After the queue's events: the statuses synced, unless syncing these very statuses
    /// failed already (a broken file), so that a problem that lasts is told once.
    func syncSubscriptionsAfterEvents() {
        guard handlesTransactions, let statuses = loadStatuses() else { return }
        guard statuses != statusesThatFailedToSync else { return }
        do {
            try syncSubscriptions()
            statusesThatFailedToSync = nil
        } catch {
            statusesThatFailedToSync = statuses
            record(.problem(AppProblem(error)))
        }
    }

    /// The store's statuses, or nil when asking for them failed (Subscription Status made to
    /// fail): the app keeps what it knew, and says so once.
    private func loadStatuses() -> [SubscriptionStatus]? {
        do {
            let statuses = try queue.loadSubscriptionStatuses()
            statusFailure = nil
            return statuses
        } catch {
            if statusFailure != error {
                statusFailure = error
                record(.subscriptionStatusFailed(error))
            }
            return nil
        }
    }

    /// The values that make `values` say what `statuses` say, at `now` (nil removes a key).
    func subscriptionChanges(_ statuses: [SubscriptionStatus], over values: [String: JSONValue],
                             now: Date) -> [String: JSONValue?] {
        var changes: [String: JSONValue?] = [:]
        func set(_ key: String, _ value: JSONValue?) {
            if values[key] != value { changes[key] = value }
        }
        for status in SubscriptionStatus.deciding(statuses) {
            // Only plans the app holds (delivered or restored): with its data deleted, the app
            // knows nothing of a subscription until a restore brings it back.
            let id = status.productID
            guard catalog.product(id)?.type == .autoRenewable, values[id] != nil else { continue }
            // Without access, the moment it ended: never later than now.
            let end = status.accessEndDate ?? min(status.gracePeriodExpiresDate ?? status.expiresDate, now)
            if values[id]?.stringValue.flatMap(JSONCoding.parse) != end { set(id, .string(JSONCoding.format(end))) }
            set(Self.stateKey(id), .string(Self.stateText(status)))
            // One plan of a group at a time: any other plan of it the app still gives ends now,
            // and says nothing of a state that is no longer its own.
            for (key, value) in endingOtherPlans(inGroup: status.groupID, than: id, at: now, over: values) { set(key, value) }
            for other in otherPlans(inGroup: status.groupID, than: id) { set(Self.stateKey(other.id), nil) }
        }
        return changes
    }

    /// The plans of `group` other than `productID`.
    func otherPlans(inGroup group: String, than productID: String) -> [CatalogProduct] {
        catalog.products.filter { $0.id != productID && $0.subscriptionGroupID == group }
    }

    /// One plan of a group at a time, as the App Store gives it: the values that end at `date`
    /// the access `values` still give to the group's plans other than `productID`. The one
    /// rule an upgrade's delivery and the statuses the app reads share.
    func endingOtherPlans(inGroup group: String, than productID: String, at date: Date,
                          over values: [String: JSONValue]) -> [String: JSONValue] {
        var changes: [String: JSONValue] = [:]
        for other in otherPlans(inGroup: group, than: productID) {
            guard let until = values[other.id]?.stringValue.flatMap(JSONCoding.parse), until > date else { continue }
            changes[other.id] = .string(JSONCoding.format(date))
        }
        return changes
    }

    /// "subscribed", "inGracePeriod", "inBillingRetryPeriod", "revoked", "expired (autoRenewDisabled)".
    static func stateText(_ status: SubscriptionStatus) -> String {
        guard status.state == .expired, let reason = status.expirationReason else { return status.state.rawValue }
        return "\(status.state.rawValue) (\(reason.rawValue))"
    }
}
