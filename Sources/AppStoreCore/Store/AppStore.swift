import Foundation

/// The simulated App Store: its catalog, its records and its clock. Product requests and
/// the payment queue both talk to it.
public final class AppStore {
    public let catalog: Catalog
    public let storage: any RecordsStorage
    /// Real time; store time is worked out from it and the store's clock (`StoreClockState`).
    public let wallClock: any WallClock
    /// The app's subscription-offers keys, which check a payment's promotional offer; none:
    /// every signature is refused as invalid.
    public var promotionalOfferKeys: (any PromotionalOfferKeys)?

    public init(catalog: Catalog, storage: any RecordsStorage, wallClock: any WallClock = SystemClock()) {
        self.catalog = catalog
        self.storage = storage
        self.wallClock = wallClock
    }

    public func settings() throws -> Settings {
        try storage.settings()
    }

    /// Store time now, as every process sharing the store reads it.
    public func now() throws -> Date {
        let (settings, clock) = try storage.timeBase()
        return clock.time(at: wallClock.now, rate: settings.timeRate)
    }

    /// The store's latency as store time (the real seconds set, at the rate of the moment).
    public func storeLatency() throws -> TimeInterval {
        let (settings, clock) = try storage.timeBase()
        return settings.latency * clock.factor(settings.timeRate)
    }

    /// Real seconds until store time reaches `date`: how long to sleep for it.
    public func realInterval(until date: Date) throws -> TimeInterval {
        let (settings, clock) = try storage.timeBase()
        return clock.realInterval(until: date, from: wallClock.now, rate: settings.timeRate)
    }

    /// A clock anchored later than real time (`StoreClockState.anchorAhead`) would hold store
    /// time still, and every purchase, restore and products request would wait for real time
    /// to catch up: it is anchored again at now, store time running on from where it stood.
    /// Returns how many real seconds ahead the anchor was, or nil (writing nothing) when it was not.
    @discardableResult
    public func anchorClockAgainIfAhead() throws -> TimeInterval? {
        guard try storage.timeBase().1.anchorAhead(of: wallClock.now) != nil else { return nil }
        // Read again under the store's lock: another process may have done it meanwhile.
        return try storage.update { records in records.clock.anchorAgain(ifAheadOf: wallClock.now) }
    }

    /// Changes settings. A new time rate runs on from the store time of the moment. Another
    /// storefront while the signed-in account has a subscription that has not ended is refused
    /// (`StoreError.activeSubscriptionInStorefront`), as the App Store refuses it.
    public func updateSettings(_ change: (inout Settings) -> Void) throws {
        try storage.update { records in
            let rate = records.settings.timeRate
            let storefront = records.settings.storefront
            let now = records.time(at: wallClock.now)
            change(&records.settings)
            if records.settings.storefront != storefront {
                records.adoptPurchasesWithoutStatus(catalog: catalog)
                if records.hasActiveSubscription(at: now) { throw StoreError.activeSubscriptionInStorefront }
            }
            // Read under the store's lock: the anchor is the moment of the change.
            if records.settings.timeRate != rate { records.changeRate(from: rate, at: wallClock.now) }
        }
    }

    /// The product as the current storefront sells it (at the price the store charges now,
    /// `priceChanges`), or nil if it is not for sale there.
    public func product(_ id: String, settings: Settings, priceChanges: [PriceChange] = []) -> Product? {
        guard let entry = catalog.product(id) else { return nil }
        return Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale, priceChanges: priceChanges)
    }
}
