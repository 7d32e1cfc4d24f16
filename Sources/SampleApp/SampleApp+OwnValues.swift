import DataFiles
import Foundation
import AppStoreCore

/// The app's own keys in UserDefaults.json must hold what the app writes there
/// (`UserDefaultsRules`): refused before anything is bought or delivered.
extension SampleApp {
    var rules: UserDefaultsRules { UserDefaultsRules(catalog: catalog, appDescription: appDescription) }

    func checkOwnValues() throws {
        // Values found sound stay sound until they change; a long unconsumed list is parsed
        // again only where it changed.
        if checkedGeneration == defaults.generation { return }
        try rules.check(defaults.values, path: defaults.url.path) { unconsumedParses.parse($0) }
        checkedGeneration = defaults.generation
    }
}
