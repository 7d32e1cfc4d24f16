import Foundation

/// The durable write points, where a kill -9 leaves the data files in a different state: just
/// before and just after each commit of store.sqlite, and each rename of a file into place.
/// Writers only report them, to a handler set once at start (the executable's crash-test
/// hook, Sources/storefront/Support/CrashHook.swift); without one, a write point does nothing.
public enum CrashPoint {
    /// Hears each write point; `what` says where, built only when called.
    public typealias Handler = @Sendable (_ what: () -> String) -> Void

    /// Set before the first write; read at every write point, from any thread.
    public static var handler: Handler? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }

    package static func reached(_ what: @autoclosure () -> String) {
        handler?(what)
    }

    private static let slot = Locked<Handler?>(nil)

    private final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
    }
}
