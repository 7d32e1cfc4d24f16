import DataFiles
import Foundation
import SampleApp
import StoreKitSim
import StorefrontUI

/// The storefront with no terminal, on a fresh data directory of its own (store.sqlite and
/// UserDefaults.json, as the binary keeps them), with real time standing still: store time
/// moves only when a step advances it or when the app waits for the store, which then
/// answers at once. Same steps, same screens, same transaction ids.
public final class HeadlessStorefront {
    public let directory: DataDirectory
    public let store: AppStore
    public private(set) var runtime: StorefrontRuntime
    private let size: (width: Int, height: Int)
    private let times: TimeDisplay

    /// Where store time starts, the same for every run: 2030-01-01 09:00 UTC.
    public static let start = Date(timeIntervalSince1970: 1_893_488_400)

    /// `settings`: the store's conditions from the start, as a device has them before the
    /// app opens (a matrix's combination).
    public init(catalog: Catalog, width: Int = 100, height: Int = 30, settings: [StoreCondition.Change] = []) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-walkthrough-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        directory = DataDirectory(url: url)
        size = (width, height)
        times = TimeDisplay(timeZone: TimeZone(identifier: "UTC")!)
        do {
            let database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
            store = AppStore(catalog: catalog, storage: database, wallClock: ManualClock(now: Self.start, fixed: true))
            if !settings.isEmpty { try store.updateSettings { current in settings.forEach { $0(&current) } } }
            runtime = try Self.launch(store, directory: directory, size: size, times: times)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        settle()
    }

    deinit { try? FileManager.default.removeItem(at: directory.url) }

    private static func launch(_ store: AppStore, directory: DataDirectory, size: (width: Int, height: Int),
                               times: TimeDisplay) throws -> StorefrontRuntime {
        let defaults = try UserDefaultsFile(url: directory.userDefaultsURL)
        return try StorefrontRuntime(store: store, defaults: defaults, width: size.width, height: size.height, times: times)
    }

    public var state: AppState { runtime.state }
    public var screen: String { render(runtime.state).text }

    /// Quits and opens the storefront again on the same files.
    public func relaunch() throws {
        runtime = try Self.launch(store, directory: directory, size: size, times: times)
        settle()
    }

    public func send(_ key: Key) {
        runtime.send(key)
        settle()
    }

    /// Lets the store give every answer the app is waiting for (a purchase, a restore, the
    /// products): with real time standing still, each tick moves store time to the next.
    public func settle() {
        for _ in 0..<Self.ticksToSettle {
            runtime.tick()
            if !runtime.state.isBusy, !runtime.state.snapshot.isLoadingProducts { return }
        }
    }

    /// More than any flow needs (each answer takes one); a store that never answers stops here.
    static let ticksToSettle = 100
}
