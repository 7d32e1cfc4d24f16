import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStorePersistence
import AppStoreSigning
import StoreKitSim
import StorefrontUI

/// Everything a command works with: the catalog, the data directory and the store over it.
/// Commands that run the sample app also hold the app lock, so only one app runs per
/// data directory (the open storefront or one command).
struct Session {
    let catalog: Catalog
    /// The app the commands run: its identifiers, credits and content.
    let app: AppDescription
    let directory: DataDirectory
    let database: StoreDatabase
    let store: AppStore
    let queue: PaymentQueue
    /// The App Store's signing for the data directory, made on first use: the signed forms
    /// `--json` prints (Session+SignedForms), the receipts, and the app's verifier.
    let signing: StoreSigning
    /// The key promotional offers are checked and signed with.
    let offerKeys: DataDirectoryOfferKeys

    /// `checksStorefront`: false for `set`, which is how a storefront the catalog lacks is fixed.
    init(_ options: GlobalOptions, checksStorefront: Bool = true) throws {
        try self.init(options.paths, checksStorefront: checksStorefront)
    }

    init(_ options: GlobalPaths, checksStorefront: Bool = true) throws {
        let files = try CatalogAndApp(options)
        catalog = files.catalog
        app = files.app
        directory = DataDirectory.resolve(option: options.dataDir)
        let isNew = !FileManager.default.fileExists(atPath: directory.storeDatabaseURL.path)
        database = try StoreDatabase(directory: directory, productIDs: catalog.products.map(\.id))
        store = AppStore(catalog: catalog, storage: database, wallClock: try Self.wallClock())
        // The App Store knows the app's subscription-offers key, as App Store Connect does.
        offerKeys = files.offerKeys(in: directory)
        store.promotionalOfferKeys = offerKeys
        signing = StoreSigning(directory: directory, store: store, bundleID: app.bundleID, appVersion: app.appVersion,
                               deviceIdentifier: { [database] in try database.deviceIdentifier() })
        // The app delivers what verifies against the data directory's own chain.
        queue = PaymentQueue(store: store, verifier: TransactionVerifier(checkingBatch: { [signing] in try signing.check($0) }))
        // A store far behind says on stderr how far it has got.
        let reporter = CatchUpReporter()
        queue.onCatchUp = { reporter.report($0) }
        // A new store starts in the conditions the catalog asks for (a .storekit file's settings).
        if isNew, !catalog.settings.isEmpty { try store.updateSettings { $0 = catalog.settings.applied(to: $0) } }
        // A store that cannot be used stops every command before anything is written.
        let settings = try database.settings()
        if checksStorefront, !catalog.sellsAnything(in: settings.storefront) {
            throw Self.unknownStorefront(settings.storefront, catalog: catalog, options: options,
                                         storeURL: directory.storeDatabaseURL)
        }
        if let ahead = try store.anchorClockAgainIfAhead() { Self.noteClockAnchoredAgain(ahead: ahead, store: store) }
    }

    /// Says that the store's clock was anchored later than real time and what was done, once,
    /// by the process that anchored it again.
    private static func noteClockAnchoredAgain(ahead: TimeInterval, store: AppStore) {
        let storeTime = (try? store.now()).map { TimeDisplay().dateTime($0) } ?? "where it stood"
        printError("Note: the store's clock was anchored \(ClockJSON.duration(max(1, Int(ahead.rounded(.up))))) ahead of this machine's "
                   + "clock (the data directory was used under a later \(startTimeVariable), or the clock was set back), "
                   + "which would have held store time still until real time caught up. It now runs on from \(storeTime).")
    }

    /// The environment variable that fixes real time, for runs that print the same bytes twice.
    static let startTimeVariable = "STOREFRONT_START_TIME"

    /// Real time, or with `STOREFRONT_START_TIME` (ISO 8601) a clock standing still at that
    /// time: store time then moves only when advanced or waited on, so the same commands give
    /// the same output, dates and transaction ids.
    static func wallClock(environment: [String: String] = ProcessEnvironment.variables) throws -> any WallClock {
        guard let text = environment[startTimeVariable] else { return SystemClock() }
        guard let start = JSONCoding.parse(text), StoreTimes.range.contains(start) else {
            throw CommandFailure.usage("\(startTimeVariable) takes a time in ISO 8601 in \(StoreTimes.described) such as 2030-01-01T09:00:00Z, not \"\(text)\"")
        }
        return ManualClock(now: start, fixed: true)
    }

    /// A storefront setting (a hand edit, or one saved with another catalog) that this catalog
    /// cannot price: every price shown would be another country's.
    private static func unknownStorefront(_ id: String, catalog: Catalog, options: GlobalPaths,
                                          storeURL: URL) -> DataFileError {
        let ids = catalog.storefronts.map(\.id)
        let source = options.catalog.map { "the catalog \($0)" } ?? "the built-in catalog"
        return DataFileError(
            path: storeURL.path, location: "settings, name storefront",
            problem: "\"\(id)\" is not a storefront of \(source) (\(ids.joined(separator: ", ")))",
            remedy: .chooseStorefront(suggested: ids[0], missing: id))
    }

    /// UserDefaults.json, read as every reader of it reads it: the app's own keys checked
    /// (`UserDefaultsRules`), so `state` refuses what `launch` and `buy` refuse.
    func userDefaults() throws -> UserDefaultsFile {
        try UserDefaultsFile(url: directory.userDefaultsURL, rules: UserDefaultsRules(catalog: catalog, appDescription: app))
    }

    /// Starts the sample app for `command`: takes the app lock in its name, then the app
    /// launches and receives what the queue redelivers. What it sees is printed as it happens,
    /// unless `quiet` (--json).
    func launchApp(for command: any ParsableCommand.Type, quiet: Bool) throws -> RunningApp {
        let lock = try AppLock(directory: directory, command: command)
        let defaults = try userDefaults()
        let app = SampleApp(catalog: catalog, appDescription: self.app, defaults: defaults, queue: queue)
        let running = RunningApp(app: app, lock: lock, session: self, log: EventLog(app: self.app, quiet: quiet))
        running.take(try app.launch())
        return running
    }

    /// What the app's launch redelivered, as the store holds those transactions now, and the
    /// app's data after delivering them: reported even when the command then fails (without
    /// their signed forms when the chain cannot be read: the failure is what is reported).
    func launchReport(_ app: SampleApp) -> Report.Launch {
        let redelivered = app.events.compactMap { event -> Transaction? in
            if case .updated(let t, true, _) = event { return t }
            return nil
        }
        let now = redelivered.map(latest)
        return Report.Launch(redelivered: (try? payloads(now)) ?? now.map(TransactionPayload.init), userDefaults: app.defaults.values)
    }

    /// A transaction as the store holds it now. The app's events keep it as it was when
    /// delivered, before the app finished it; output reports where it ended up.
    func latest(_ transaction: Transaction) -> Transaction {
        current(transaction.id) ?? transaction
    }

    /// The transaction `id` as the store holds it now.
    func current(_ id: String) -> Transaction? {
        queue.records.transactions.first { $0.id == id } ?? (try? database.transaction(id)) ?? nil
    }

    /// Lets store time reach `due` (or part of the way: the caller checks and calls again):
    /// sleeps for it, or with real time standing still (a fixed start) moves store time
    /// there. Returns what the app hears of what happened meanwhile.
    func pass(until due: Date) throws -> [PaymentQueueEvent] {
        if store.wallClock.isFixed { return try queue.advance(to: due).events }
        let changed = try queue.refresh()
        Thread.sleep(forTimeInterval: min(max(queue.realInterval(until: due), 0.005), 0.25))
        return changed + (try queue.tick())
    }
}

/// Held while the sample app runs on a data directory.
final class AppLock {
    /// The holder the open storefront writes into the lock file.
    static let interface = "the open storefront"
    /// How long a command waits for another one to be done with the app before giving up.
    static let patience: TimeInterval = 5

    private let handle: InterfaceLock

    /// Taken for a command that runs the app: the lock names it ("storefront buy").
    convenience init(directory: DataDirectory, command: any ParsableCommand.Type) throws {
        try self.init(directory: directory, holder: "storefront \(command._commandName)")
    }

    /// `holder`: who is taking it, `AppLock.interface` or a command such as "storefront buy".
    /// Another command holding it is waited for (it ends by itself), saying so on stderr; the
    /// open storefront is not (it ends when someone quits it).
    init(directory: DataDirectory, holder: String, patience: TimeInterval = AppLock.patience) throws {
        let me = "\(holder) (process \(getpid()))"
        let deadline = Date() + patience
        var announced = false
        while true {
            if let handle = try InterfaceLock(directory: directory, holder: me) {
                self.handle = handle
                return
            }
            let other = InterfaceLock.holder(of: directory)
            if other.hasPrefix(Self.interface) || Date() >= deadline {
                throw CommandFailure.busy(Self.refusal(holder: other, directory: directory, patience: patience))
            }
            if !announced {
                printError("Waiting for \(other.isEmpty ? "another storefront process" : other) to finish with \(directory.url.path)…")
                announced = true
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private static func refusal(holder other: String, directory: DataDirectory, patience: TimeInterval) -> String {
        let meanwhile = "Store-side commands (set, approve, decline, resolve, state, pending, products, subscriptions and the commands that change them, events) work meanwhile."
        if other.hasPrefix(Self.interface) {
            // "the open storefront (process 24045)": the process, without the words around it.
            let process = other.dropFirst(Self.interface.count).trimmingCharacters(in: CharacterSet(charactersIn: " ()"))
            let which = process.isEmpty ? "" : " as \(process)"
            return "storefront is open on \(directory.url.path) in another terminal\(which), and it is the app there. Use it, or quit it (q) first. \(meanwhile)"
        }
        let who = other.isEmpty ? "Another storefront process" : other
        return "\(who) is still running on \(directory.url.path) after \(Int(patience)) seconds, and it is the app there. Try again when it has finished. \(meanwhile)"
    }
}

/// A failure a command reports in words, with its exit code.
enum CommandFailure: Error {
    /// The command line is not how the command is used: exit 64, with the command's usage.
    case usage(String)
    /// The command names what does not exist (a product not in the catalog): exit 64, the
    /// message alone, since it says where to list what there is.
    case notFound(String)
    /// A well-formed command the store would not carry out as asked: exit 4 with its name.
    case refused(name: String, message: String)
    case failed(String)
    /// A file the user named to write could not be written: exit 73, the message naming it.
    case cannotWrite(String)
    /// The app side of the data directory is in use by another process.
    case busy(String)
}
