import SampleApp
import AppStoreCore
import StorefrontUI

/// Prints the app's events as they happen, one line each (silent with --json).
struct EventLog {
    let app: AppDescription
    let quiet: Bool

    func print(_ event: AppEvent) {
        guard !quiet else { return }
        printLine(event.text(app: app, errors: { ErrorText.of($0, in: .english) }))
    }
}
