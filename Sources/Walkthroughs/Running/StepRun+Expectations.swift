import DataFiles
import Foundation
import AppStoreCore
import StorefrontUI

/// Checks what a step expects against the storefront as it is now: the screen as drawn, the
/// store's records, the app's UserDefaults.
extension StepRun {
    func check(_ expectation: Expectation, step: Step) -> StepFailure? {
        func failure(_ expected: String, saw: String, screen: String? = nil) -> StepFailure {
            StepFailure(line: step.line, step: step.source, expected: expected, saw: saw, screen: screen)
        }
        switch expectation {
        case .screen(let text, let present):
            let lines = storefront.screenLines
            let row = lines.firstIndex { Self.line($0, shows: text) }
            let screen = { lines.joined(separator: "\n") }
            if present, row == nil {
                return failure("\(StepReader.quoted(text)) on the screen", saw: "a screen without it", screen: screen())
            }
            if !present, let row {
                return failure("no \(StepReader.quoted(text)) on the screen", saw: "it on line \(row + 1)", screen: screen())
            }
        case .transactionState(let ref, let expected):
            switch transaction(ref) {
            case .failure(let missing): return failure("a transaction in state \(expected.rawValue)", saw: missing.text)
            case .success(let t) where t.queueState.state != expected:
                return failure("\(t.id) \(expected.rawValue)", saw: "\(t.id) \(t.queueState.state.rawValue)")
            case .success: break
            }
        case .transactionReason(let ref, let expected):
            switch transaction(ref) {
            case .failure(let missing): return failure("a transaction made for reason \(expected.rawValue)", saw: missing.text)
            case .success(let t) where t.reason != expected:
                let saw = t.reason.map { "reason \($0.rawValue)" } ?? "no reason (\(t.queueState.state.rawValue))"
                return failure("\(t.id) with reason \(expected.rawValue)", saw: "\(t.id) with \(saw)")
            case .success: break
            }
        case .transactionRevoked(let ref, let expected):
            switch transaction(ref) {
            case .failure(let missing): return failure("a transaction\(expected ? " revoked" : " not revoked")", saw: missing.text)
            case .success(let t) where t.isRevoked != expected:
                return failure("\(t.id) \(expected ? "revoked" : "not revoked")", saw: "\(t.id) \(t.isRevoked ? "revoked" : "not revoked")")
            case .success: break
            }
        case .refundRequest(let ref, let expected):
            let words = expected.map { "a refund request \($0.rawValue)" } ?? "no refund request"
            switch transaction(ref) {
            case .failure(let missing): return failure(words, saw: missing.text)
            case .success(let t):
                let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
                let saw = records.refundRequest(for: t.id)?.status
                if saw != expected {
                    return failure("\(t.id) with \(words)", saw: "\(t.id) with " + (saw.map { "a refund request \($0.rawValue)" } ?? "no refund request"))
                }
            }
        case .transactionOwnership(let ref, let expected):
            let words = { (o: OwnershipType) in o == .familyShared ? "family-shared" : "purchased" }
            switch transaction(ref) {
            case .failure(let missing): return failure("a transaction \(words(expected))", saw: missing.text)
            case .success(let t) where (t.ownershipType ?? .purchased) != expected:
                return failure("\(t.id) \(words(expected))", saw: "\(t.id) \(words(t.ownershipType ?? .purchased))")
            case .success: break
            }
        case .transactionError(let ref, let expected):
            switch transaction(ref) {
            case .failure(let missing): return failure("a transaction with \(Self.describe(expected))", saw: missing.text)
            case .success(let t) where !Self.matches(t.queueState.error, expected):
                return failure("\(t.id) with \(Self.describe(expected))",
                               saw: "\(t.id) with " + (t.queueState.error.map { "error \($0.code) \($0.name)" } ?? "no error"))
            case .success: break
            }
        case .noTransaction(let ref):
            if case .success(let t) = transaction(ref) {
                return failure("no transaction" + Self.describe(ref), saw: "\(t.id) \(t.queueState.state.rawValue) \(t.productID)")
            }
        case .defaults(let key, let expected):
            let value = runtime.app.defaults.values[key]
            if value != expected {
                return failure("\(key) = \(Self.describe(expected))", saw: "\(key) = \(Self.describe(value))")
            }
        case .credits(let expected):
            let credits = runtime.app.credits
            if credits != expected { return failure("\(expected) credits", saw: "\(credits) credits") }
        case .unconsumed(let productID, let expected):
            let units = runtime.app.unconsumed.filter { $0.productID == productID }.reduce(0) { $0.addingSaturating($1.remaining) }
            if units != expected { return failure("\(expected) of \(productID) unconsumed", saw: "\(units) unconsumed") }
        case .subscription(let productID, let field):
            if let (expected, saw) = checkSubscription(productID, field) { return failure(expected, saw: saw) }
        case .event(let kind, let productID, let present):
            if let (expected, saw) = checkEvent(kind, productID: productID, present: present, line: step.line) { return failure(expected, saw: saw) }
        case .offer(let productID, let offerID, let eligible):
            let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
            let may = records.isEligible(for: offerID, of: productID, account: records.settings.account, catalog: storefront.store.catalog)
            if may != eligible {
                return failure("\(offerID) of \(productID) \(eligible ? "eligible" : "ineligible")", saw: may ? "eligible" : "ineligible")
            }
        case .queue(let expected):
            let queue = (try? storefront.store.storage.load().queue) ?? runtime.queue.transactions
            if queue.count != expected {
                let held = queue.map { "\($0.id) \($0.queueState.state.rawValue) \($0.productID)" }.joined(separator: ", ")
                return failure(expected == 0 ? "an empty queue" : "\(expected) transactions in the queue",
                               saw: queue.isEmpty ? "an empty queue" : "\(queue.count) (\(held))")
            }
        }
        return nil
    }

    /// Whether `line` holds `text`, as Foundation's `contains` finds it; byte by byte when
    /// `text` is ASCII and the line's other characters are ASCII or the frame's own (borders,
    /// dashes, ellipses, currency signs: none combines with a neighbour or stands for an ASCII
    /// character), where the two agree and Foundation's search is the dearer.
    static func line(_ line: String, shows text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.allSatisfy({ $0 < 0x80 }), line.unicodeScalars.allSatisfy(isPlain) else {
            return line.contains(text)
        }
        let haystack = Array(line.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            needle.indices.allSatisfy { haystack[start + $0] == needle[$0] }
        }
    }

    /// ASCII, general punctuation (dashes to the ellipsis), currency signs, box drawing,
    /// blocks and geometric shapes.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0x2010...0x2027, 0x20A0...0x20C0, 0x2500...0x25FF: true
        default: false
        }
    }

    struct Missing: Error {
        var text: String
    }

    /// The transaction a step names, as the store holds it now.
    private func transaction(_ ref: TransactionRef) -> Result<Transaction, Missing> {
        // The latest alone when it is the one named.
        let last: Int? = if case .latest = ref { 1 } else { nil }
        let history = (try? storefront.store.storage.history(last: last, finishedOnly: false)) ?? []
        let found: Transaction? = switch ref {
        case .latest: history.last
        case .id(let id): history.first { $0.id == id }
        case .product(let id): history.last { $0.productID == id }
        }
        guard let found else {
            return .failure(Missing(text: history.isEmpty ? "no transactions yet" : "no transaction" + Self.describe(ref)))
        }
        return .success(found)
    }

    private static func matches(_ error: StoreError?, _ expected: ErrorMatch) -> Bool {
        switch expected {
        case .none: error == nil
        case .code(let code): error?.code == code
        case .name(let name): error?.name.lowercased() == name.lowercased()
        }
    }

    private static func describe(_ match: ErrorMatch) -> String {
        switch match {
        case .none: "no error"
        case .code(let code): "error \(code)"
        case .name(let name): "error \(name)"
        }
    }

    /// A UserDefaults value as JSON writes it; "no value" when there is none.
    static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "no value" }
        return (try? JSONCoding.line(value)) ?? "\(value)"
    }
}
