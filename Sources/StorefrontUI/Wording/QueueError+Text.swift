import StoreKitSim

extension QueueError {
    /// What went wrong and where to look, with commands for this data directory.
    public var text: String {
        switch self {
        case .noSuchTransaction(let id):
            "no transaction \(id): `\(CommandLineHint.command("pending"))` lists the requests waiting, `\(CommandLineHint.command("state"))` every transaction"
        case .notDeferred(let id, let state):
            "transaction \(id) is not waiting for approval (its state is \(state)): `\(CommandLineHint.command("pending"))` lists those that are"
        case .lapsed(let id):
            "transaction \(id) was an Ask to Buy request nobody answered within 24 hours, so the store dropped it: buy again to ask again"
        case .notInterrupted(let id):
            "transaction \(id) is not an interrupted purchase waiting to be resolved: `\(CommandLineHint.command("pending"))` lists those that are"
        }
    }
}
