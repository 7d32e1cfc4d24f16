import Dispatch
import Foundation
import StorefrontUI

/// Independent runs side by side, one thread per core: a matrix's combinations, each on a
/// storefront and data directory of its own, share nothing.
enum SideBySide {
    /// `transform` applied to every item, on as many threads as the machine has cores; the
    /// results in the items' order, whichever finished first, so the output is the same as
    /// one after the other. Each thread uses the caller's command-line hints (a task-local
    /// value, which a thread of its own does not inherit).
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        guard items.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return items.map(transform) }
        let hint = CommandLineHint.current
        let results = Results<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(CommandLineHint.$current.withValue(hint) { transform(items[index]) }, at: index)
        }
        return results.all
    }

    /// Each run's result, set once from whichever thread ran it.
    private final class Results<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Value?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ value: Value, at index: Int) { lock.withLock { values[index] = value } }

        var all: [Value] { lock.withLock { values.map { $0! } } }
    }
}
