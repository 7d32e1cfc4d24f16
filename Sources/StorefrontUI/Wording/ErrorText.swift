import DataFiles
import StoreKitSim

/// How an error reads where it is shown: the storefront's alerts and log and the command line
/// word the engine's typed errors alike.
public enum ErrorText {
    public static func of(_ error: any Error) -> String {
        switch error {
        case let error as DataFileError: error.text
        case let error as QueueError: error.text
        default: "\(error)"
        }
    }
}
