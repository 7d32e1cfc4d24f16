import AppStoreCore
import Foundation

extension PaymentQueue {
    /// A change made on the store's side (`StoreAdmin`) while the app is open on this queue:
    /// the store first does what is due, the app hearing of it, then `change`, which the app
    /// hears of at once as its queue reads the store again. Returns `change`'s value and what
    /// the app hears of both.
    public func hearing<T>(_ change: () throws -> T) throws -> (T, [PaymentQueueEvent]) {
        let due = try tick()
        let value = try change()
        return (value, due + (try refresh()))
    }
}
