import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStorePersistence
import AppStoreSigning
import StoreKitSim
import StorefrontUI

/// The storefront with no terminal, on a fresh data directory of its own (store.sqlite and
/// UserDefaults.json, as the binary keeps them, but never synced to disk: the directory is
/// thrown away), from the same start every run: same steps, same screens, same transaction ids.
///
/// With no presenter (a test), real time stands still: store time moves only when a step
/// advances it or when the app waits for the store, which then answers at once. With one
/// (playing, recording), real time passes as the presenter lets it, in frames: a purchase
/// spins for its latency, a banner goes when it is due, a pause is a pause.
public final class HeadlessStorefront {
    public let directory: DataDirectory
    public let store: AppStore
    public let clock: ManualClock
    /// The App Store's signing for this directory: what the app's verifier checks against.
    public let signing: StoreSigning
    public private(set) var runtime: StorefrontRuntime
    /// Weak: the presenter keeps the storefront it shows (after the walkthrough too).
    public private(set) weak var presenter: Presenter?
    private let times: TimeDisplay
    /// Why the screens are drawn in ASCII, if they are: as a terminal without UTF-8 draws them.
    private let ascii: ASCIIReason?

    /// Where store time starts, the same for every run: 2030-01-01 09:00 UTC.
    public static let start = Date(timeIntervalSince1970: 1_893_488_400)

    /// `settings`: the store's conditions from the start, as a device has them before the
    /// app opens (a matrix's combination). `ascii`: the storefront draws with ASCII stand-ins,
    /// as it does in a terminal without UTF-8 (its own words in English).
    public init(catalog: Catalog, app: AppDescription = .builtIn, width: Int = 100, height: Int = 30, settings: [StoreCondition.Change] = [],
                ascii: ASCIIReason? = nil, presenter: Presenter? = nil) throws {
        let url = try ScratchDirectory.make()
        directory = DataDirectory(url: url, durability: .scratch)
        times = TimeDisplay(timeZone: TimeZone(identifier: "UTC")!)
        self.presenter = presenter
        self.ascii = ascii
        clock = ManualClock(now: Self.start, fixed: presenter == nil)
        do {
            let database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
            store = AppStore(catalog: catalog, storage: database, wallClock: clock)
            // The App Store knows the app's subscription-offers key, as App Store Connect does.
            store.promotionalOfferKeys = DataDirectoryOfferKeys(directory: directory, bundleID: app.bundleID)
            // A fresh store: the catalog's own conditions first (a .storekit file's settings), then the run's.
            if !settings.isEmpty || !catalog.settings.isEmpty {
                try store.updateSettings { current in
                    current = catalog.settings.applied(to: current)
                    settings.forEach { $0(&current) }
                }
            }
            // The app checks what it reads against this directory's own chain, as the binary's does.
            signing = StoreSigning(directory: directory, store: store, bundleID: app.bundleID, appVersion: app.appVersion)
            runtime = try Self.launch(store, app: app, directory: directory, size: (width, height), times: times, ascii: ascii,
                                      signing: signing)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        presenter?.opened(self)
        settle()
    }

    deinit { try? FileManager.default.removeItem(at: directory.url) }

    private static func launch(_ store: AppStore, app: AppDescription, directory: DataDirectory, size: (width: Int, height: Int),
                               times: TimeDisplay, ascii: ASCIIReason?, signing: StoreSigning) throws -> StorefrontRuntime {
        let defaults = try UserDefaultsFile(url: directory.userDefaultsURL, durability: directory.durability,
                                            rules: UserDefaultsRules(catalog: store.catalog, appDescription: app))
        let runtime = try StorefrontRuntime(store: store, appDescription: app, defaults: defaults, width: size.width, height: size.height,
                                            ascii: ascii, times: times, verifier: TransactionVerifier(checkingBatch: { try signing.check($0) }))
        // The sample app's own server signs the promotional offers it presents.
        let offerKeys = DataDirectoryOfferKeys(directory: directory, bundleID: app.bundleID)
        runtime.promotionalOfferSigner = { productID, offerID in
            try offerKeys.sign(productID: productID, offerID: offerID, applicationUsername: nil, at: store.now())
        }
        return runtime
    }

    public var state: AppState { runtime.state }
    public var screen: String { screenLines.joined(separator: "\n") }
    /// The screen's rows, trailing spaces removed.
    public var screenLines: [String] { render(runtime.state).lines }

    /// Quits and opens the storefront again on the same files, at the size it had.
    public func relaunch() throws {
        let size = (runtime.state.width, runtime.state.height)
        runtime = try Self.launch(store, app: runtime.app.appDescription, directory: directory, size: size, times: times, ascii: ascii,
                                  signing: signing)
        presenter?.elapsed(0)
        settle()
    }

    /// A key pressed as a person presses it: shown, then what it starts is let finish.
    public func send(_ key: Key) {
        presenter?.pressing(key)
        runtime.send(key)
        guard presenter != nil else { return settle() }
        presenter?.elapsed(0)
        settle()
        pass(Pacing.after(key))
    }

    /// Lets the store give every answer the app is waiting for (a purchase, a restore, the
    /// products). Standing still, each tick moves store time to the next; presented, real
    /// time passes frame by frame until it comes (at most `Pacing.longestWait`, a latency's
    /// longest). A purchase held for the side button (`hold`) is not waited for: it waits for
    /// a `key` step, as it waits for a person.
    public func settle() {
        guard presenter != nil else {
            for _ in 0..<Self.ticksToSettle {
                runtime.tick()
                if !isWaiting { return }
            }
            return
        }
        // A frame first, as a tick first above: a change made from outside (a setting) is
        // seen at the storefront's next tick, and may set it waiting.
        var waited = 0.0
        repeat {
            pass(Pacing.frame)
            waited += Pacing.frame
        } while isWaiting && waited < Pacing.longestWait && presenter?.isStopped != true
    }

    /// Real time passes for the storefront, a frame at a time, each ticked and shown. Only
    /// with a presenter: a test's time stands still.
    public func pass(_ seconds: Double) {
        guard let presenter, !clock.isFixed else { return }
        var left = seconds
        while left > 0.000_001, !presenter.isStopped {
            let slice = min(left, Pacing.frame)
            tick(after: slice)
            presenter.elapsed(slice)
            left -= slice
        }
    }

    /// `seconds` of real time went by: the storefront does what fell due meanwhile. For a
    /// presenter's frames, and for a viewer who has taken over (their time is real time).
    public func tick(after seconds: Double) {
        guard !clock.isFixed else { return }
        clock.advance(by: max(0, seconds))
        runtime.tick()
    }

    private var isWaiting: Bool { runtime.state.isBusy || runtime.state.snapshot.isLoadingProducts }

    /// More than any flow needs (each answer takes one); a store that never answers stops here.
    static let ticksToSettle = 100
}
