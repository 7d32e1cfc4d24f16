import DataFiles
import Foundation
import StoreKitSim

/// The app's own keys in UserDefaults.json must hold what the app writes there
/// (`UserDefaultsRules`): refused before anything is bought or delivered.
extension SampleApp {
    var rules: UserDefaultsRules { UserDefaultsRules(catalog: catalog, appDescription: appDescription) }

    func checkOwnValues() throws {
        try rules.check(defaults.values, path: defaults.url.path)
    }
}
