import DataFiles
import SampleApp
import AppStoreCore
import Wording

/// How an error reads where it is shown: the storefront's alerts and log (in the screen's
/// language) and the command line (in English) word the engine's typed errors alike.
public enum ErrorText {
    public static func of(_ error: any Error, in strings: Strings) -> String {
        switch error {
        case let error as DataFileError: error.text(strings)
        case let error as StoreAdminError: error.text(strings)
        case let error as ConsumeRefusal: error.text(strings)
        case let error as FamilyError: error.text(strings)
        default: "\(error)"
        }
    }
}
