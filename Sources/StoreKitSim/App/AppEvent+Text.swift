import Foundation

/// One line per app event, shared by the command line and the storefront's log.
extension AppEvent {
    public func text(catalog: Catalog) -> String {
        switch self {
        case .updated(let t, let redelivered):
            var line = "\(t.id) \(t.state.rawValue)  \(t.productID)"
            if t.quantity > 1 { line += " ×\(t.quantity)" }
            if let error = t.error { line += "  \(error.logLabel): \(error.message)" }
            if let note = t.note(atLaunch: redelivered) { line += "  (\(note))" }
            return line
        case .delivered(let t, let delivery):
            return "\(t.id) delivered  \(delivery.text(catalog: catalog))"
        case .finished(let t):
            return "\(t.id) finished"
        case .alreadyDelivered(let t):
            return "\(t.id) already delivered before the app stopped: not delivered again"
        case .restoreFinished:
            return "restore finished"
        case .restoreFailed(let error):
            return "restore failed  \(error.logLabel): \(error.message)"
        case .spent(let remaining):
            return "spent 1 credit  (balance \(remaining))"
        case .problem(let message):
            return "problem: \(message)"
        }
    }
}

extension Delivery {
    public func text(catalog: Catalog) -> String {
        switch self {
        case .unlocked(let id):
            let count = catalog.content.premium.unlockedBy == id ? catalog.content.premium.items.count : 0
            return count > 0 ? "\(id) = true (\(count) premium items unlocked)" : "\(id) = true"
        case .credits(let added, let balance):
            return "+\(added) credits (balance \(balance))"
        case .subscription(let id, let expires):
            return "\(id) active until \(JSONCoding.format(expires))"
        }
    }
}
