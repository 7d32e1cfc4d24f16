import Foundation

/// The simulated App Store: its catalog, its records and its clock. Product requests and
/// the payment queue both talk to it.
public final class AppStore {
    public let catalog: Catalog
    public let storage: any RecordsStorage
    public let clock: any StoreClock

    public init(catalog: Catalog, storage: any RecordsStorage, clock: any StoreClock = SystemClock()) {
        self.catalog = catalog
        self.storage = storage
        self.clock = clock
    }

    public func settings() throws -> Settings {
        try storage.settings()
    }

    public func updateSettings(_ change: (inout Settings) -> Void) throws {
        try storage.update { change(&$0.settings) }
    }

    /// The storefront of the current settings (the catalog's first if the setting is unknown).
    public func storefront(for settings: Settings) -> Storefront {
        catalog.storefront(settings.storefront) ?? catalog.storefronts[0]
    }

    /// The product as the current storefront sells it, or nil if it is not for sale there.
    public func product(_ id: String, settings: Settings) -> Product? {
        guard let entry = catalog.product(id) else { return nil }
        return Product(entry, storefront: storefront(for: settings))
    }
}
