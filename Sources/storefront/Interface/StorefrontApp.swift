import CursesTerminal
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import AppStoreSigning
import StorefrontUI

/// The terminal storefront: the runtime's state drawn by curses, keys fed back to it.
@MainActor
enum StorefrontApp {
    static func run(_ options: GlobalPaths) throws {
        let session = try Session(options)
        // One open storefront per data directory: it is the app there.
        let lock = try AppLock(directory: session.directory, holder: AppLock.interface)
        defer { withExtendedLifetime(lock) {} }
        let defaults = try session.userDefaults()
        let terminal = try openTerminal()
        defer { terminal.close() }
        let size = terminal.size
        let runtime = try StorefrontRuntime(store: session.store, appDescription: session.app, defaults: defaults, width: size.width,
                                            height: size.height, colors: terminal.colorsEnabled,
                                            ascii: terminal.ascii, verifier: session.queue.verifier)
        runtime.signedForms = SignedFormFiles(session: session)
        // The sample app's own server signs the promotional offers it presents.
        let offerKeys = session.offerKeys
        runtime.promotionalOfferSigner = { [store = session.store] productID, offerID in
            try offerKeys.sign(productID: productID, offerID: offerID, applicationUsername: nil, at: store.now())
        }
        let watcher = DirectoryWatcher(path: session.directory.url.path,
                                       filesWrittenInPlace: [session.directory.storeDatabaseURL.path + "-wal"])
        // Blocks on the keyboard (and the data directory) while nothing is in flight, so an
        // idle storefront uses no CPU.
        while !runtime.shouldQuit {
            terminal.draw(render(runtime.state))
            let timeout = runtime.tickInterval.map { Int($0 * 1000) }
            if let key = terminal.readKey(timeoutMilliseconds: timeout, wake: watcher?.fileDescriptor) {
                runtime.send(key)
            }
            watcher?.drain()
            runtime.tick()
        }
    }

    /// The terminal, or a usage error saying why there is none (not a terminal, TERM=dumb).
    static func openTerminal() throws -> Terminal {
        do {
            return try Terminal.open()
        } catch {
            throw CommandFailure.usage("\(error)")
        }
    }
}
