import SampleApp
import StoreKitSim

extension QueueError {
    /// What went wrong and where to look, with commands for this data directory.
    public func text(_ strings: Strings) -> String {
        let words = strings.queueErrors
        let pending = CommandLineHint.command("pending")
        return switch self {
        case .noSuchTransaction(let id): words.noSuchTransaction(id, pending, CommandLineHint.command("state"))
        case .notDeferred(let id, let state): words.notDeferred(id, state, pending)
        case .lapsed(let id): words.lapsed(id)
        case .notInterrupted(let id): words.notInterrupted(id, pending)
        }
    }
}
