import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import StorefrontUI
import AppStoreSigning

/// The steps of one walkthrough carried out on its storefront.
final class StepRun {
    let storefront: HeadlessStorefront
    /// The events the next `expect event` reads.
    var events = EventWindow()
    /// How the last `refresh receipt` ended (nil: none yet): the error the store answered with, or none.
    var receiptRefresh: StoreError??

    init(storefront: HeadlessStorefront) {
        self.storefront = storefront
    }

    var state: AppState { storefront.state }
    var runtime: StorefrontRuntime { storefront.runtime }

    /// Does `step`; returns an expectation that did not hold, throws for a step that
    /// could not be done.
    func perform(_ step: Step) throws(StepFailure) -> StepFailure? {
        func failure(_ expected: String, saw: String? = nil) -> StepFailure {
            StepFailure(line: step.line, step: step.source, expected: expected, saw: saw ?? ModeDescription.of(state))
        }
        events.starting(step.action)
        switch step.action {
        case .open, .manage, .choose, .quantity, .press, .key, .restore, .deleteAppData:
            // q on the store screen quits: nothing takes keys until the storefront opens again.
            if runtime.shouldQuit { throw failure("the storefront open", saw: "it quit (q); relaunch opens it again") }
        default: break
        }
        switch step.action {
        case .set(let name, let value):
            guard let condition = StoreCondition.named(name) else {
                throw failure("a store condition", saw: name)
            }
            do {
                try storefront.store.updateSettings(try condition.parse(value, catalog: storefront.store.catalog))
            } catch let error as StoreCondition.InvalidValue {
                throw failure("a value \(name) takes", saw: error.message)
            } catch {
                throw failure("the store to take the setting", saw: ErrorText.of(error, in: .english))
            }
            storefront.settle()
        case .open(let target):
            try select(target, to: "open a row", failure: failure)
            storefront.send(.enter)
        case .manage(let productID):
            try select(.product(productID), to: "open Manage Subscriptions (m)", failure: failure)
            storefront.send(.char("m"))
        case .choose(let title):
            try choose(title, failure: showingScreen(failure))
        case .quantity(let n):
            try setQuantity(n, failure: failure)
        case .press(let label):
            try press(label, failure: showingScreen(failure))
        case .key(let key):
            storefront.send(key)
        case .restore:
            guard case .store = state.mode else { throw failure("the store screen, to restore purchases (r)") }
            storefront.send(.char("r"))
        case .refreshReceipt:
            try refreshReceipt(failure: failure)
        case .deleteAppData:
            guard case .store = state.mode else { throw failure("the store screen, to delete the app data (D)") }
            storefront.send(.char("D"))
            try press(state.strings.alerts.delete, failure: failure)
        case .editDefaults(let key, let value):
            do {
                try UserDefaultsFile(url: runtime.app.defaults.url, durability: runtime.app.defaults.durability).set(value, forKey: key)
            } catch {
                throw failure("UserDefaults.json to take the edit", saw: ErrorText.of(error, in: .english))
            }
            // The app notices at its next update.
            storefront.settle()
        case .relaunch:
            do {
                try storefront.relaunch()
            } catch {
                throw failure("the storefront to open again", saw: ErrorText.of(error, in: .english))
            }
        case .answer(let answer, let ref):
            try self.answer(answer, ref, failure: failure)
        case .consume(let productID, let quantity):
            do {
                try runtime.consume(.product(productID), quantity: quantity)
            } catch {
                throw failure("\(quantity) of \(productID) to consume", saw: ErrorText.of(error, in: .english))
            }
            storefront.settle()
        case .promotionalOffer(let productID, let offerID):
            guard case .store = state.mode else { throw failure("the store screen, for the app to present an offer") }
            runtime.presentPromotionalOffer(offerID, of: productID)
            storefront.settle()
        case .subscription(let step, let productID):
            try perform(step, onPlanOf: productID, failure: failure)
        case .operation(let operation):
            try perform(operation, failure: failure)
        case .history(let history):
            try perform(try operation(history, failure: failure), failure: failure)
        case .advance(let duration):
            runtime.advance(by: duration)
            storefront.settle()
        case .caption(let text):
            // For a presenter: a test has no one to show it to, and its time stands still.
            storefront.presenter?.caption(text)
            storefront.pass(Pacing.reading(text))
            return nil
        case .pause(let seconds):
            storefront.pass(seconds)
            return nil
        case .expect(let expectation):
            return check(expectation, step: step)
        }
        // A presenter's viewers see what the step did before the next one.
        storefront.pass(Pacing.afterStep)
        return nil
    }

    typealias Failure = (String, String?) -> StepFailure

    /// `failure` with the screen as the step found it, printed under the failure as a failed
    /// `expect screen` prints it: a step looking for something on the screen shows what was there.
    func showingScreen(_ failure: @escaping Failure) -> Failure {
        { [storefront] expected, saw in
            var shown = failure(expected, saw)
            shown.screen = storefront.screen
            return shown
        }
    }

    /// Selects the row with the arrow keys, as a person would. `purpose`: what for, as a
    /// failure says it ("open a row").
    private func select(_ target: RowTarget, to purpose: String, failure: Failure) throws(StepFailure) {
        guard case .store = state.mode else { throw failure("the store screen, to \(purpose)", nil) }
        guard let index = state.rows.firstIndex(where: { Self.row($0, is: target) }) else {
            throw failure("the row on the store screen", "no such row (\(rowNames))")
        }
        storefront.send(.home)
        while state.selection != index {
            let before = state.selection
            storefront.send(state.selection < index ? .down : .up)
            guard state.selection != before else { throw failure("the selection to reach the row", "it stopped at row \(before)") }
        }
    }

    private static func row(_ row: StoreRow, is target: RowTarget) -> Bool {
        switch (row, target) {
        case (.product(let id), .product(let wanted)), (.premiumOffer(let id), .product(let wanted)),
             (.invalid(let id), .product(let wanted)):
            return id == wanted
        case (.content(let item, _), .content(let wanted)): return item.id == wanted
        case (.credits, .credits): return true
        default: return false
        }
    }

    /// The rows there are, for a step that named one that is not.
    private var rowNames: String {
        state.rows.compactMap { row -> String? in
            switch row {
            case .section: nil
            case .content(let item, _): item.text(in: state.language).title
            case .premiumOffer(let id), .product(let id): state.title(of: id)
            case .promotionalOffer: state.strings.store.specialOffer
            case .credits: state.strings.store.yourCredits
            case .invalid(let id): id
            }
        }.joined(separator: ", ")
    }

    /// + and − on the sheet's stepper until it shows `n`.
    private func setQuantity(_ n: Int, failure: Failure) throws(StepFailure) {
        guard case .sheet(let sheet) = state.mode, sheet.stage == .confirm else {
            throw failure("the purchase sheet, to change the quantity", nil)
        }
        var quantity = sheet.quantity
        while quantity != n {
            storefront.send(.char(quantity < n ? "+" : "-"))
            guard case .sheet(let now) = state.mode, now.quantity != quantity else {
                throw failure("a quantity of \(n)", "the quantity stops at \(quantity)")
            }
            quantity = now.quantity
        }
    }

    /// Moves the focus to the button labelled `label` with Tab, then presses Enter.
    private func press(_ label: String, failure: Failure) throws(StepFailure) {
        guard let buttons = state.dialogButtons, !buttons.labels.isEmpty else {
            throw failure("a dialog with a button \"\(label)\"", nil)
        }
        guard let index = buttons.labels.firstIndex(of: label)
            ?? buttons.labels.firstIndex(where: { $0.lowercased() == label.lowercased() }) else {
            throw failure("a button \"\(label)\"", "\(ModeDescription.of(state)) with \(Self.listing(buttons.labels, near: label))")
        }
        var focus = buttons.focus
        for _ in buttons.labels.indices where focus != index {
            storefront.send(.tab)
            focus = state.dialogButtons?.focus ?? focus
        }
        guard focus == index || buttons.labels.count == 1 else {
            throw failure("the focus to reach \"\(label)\"", "it stayed on \"\(buttons.labels[focus])\"")
        }
        storefront.send(.enter)
    }

    /// Moves Manage Subscriptions' selection to the row titled `title` with the arrow keys, as a
    /// person would, then presses Enter.
    private func choose(_ title: String, failure: Failure) throws(StepFailure) {
        guard let rows = state.manageSubscriptionsRows else {
            throw failure("Manage Subscriptions, to choose \(StepReader.quoted(title))", nil)
        }
        // A plan by another of its names (its id, its title in another language): its row reads
        // its title in the screen's language.
        let plan = named(title, in: storefront.store.catalog.productNames().filter { storefront.store.catalog.product($0.1)?.subscriptionGroupID != nil })
        let shown = named(title, in: rows.titles.map { ($0, $0) }) ?? plan.map { state.title(of: $0) } ?? title
        guard let index = rows.titles.firstIndex(of: shown) else {
            let saw = rows.titles.isEmpty ? "Manage Subscriptions with no plans" : "Manage Subscriptions with \(Self.listing(rows.titles, near: title))"
            throw failure("a row \(StepReader.quoted(title))", saw)
        }
        var selection = rows.selection
        while selection != index {
            storefront.send(selection < index ? .down : .up)
            guard let now = state.manageSubscriptionsRows?.selection, now != selection else {
                throw failure("the selection to reach \(StepReader.quoted(title))", "it stopped at \(StepReader.quoted(rows.titles[selection]))")
            }
            selection = now
        }
        storefront.send(.enter)
    }

    /// Titles that are there, quoted, and the one nearest to what the step named when it is
    /// close enough to be a misspelling of it.
    static func listing(_ titles: [String], near wanted: String) -> String {
        let listed = titles.map(StepReader.quoted).joined(separator: ", ")
        guard let nearest = Nearest.close(to: wanted, in: titles) else { return listed }
        return "\(listed) (the nearest: \(StepReader.quoted(nearest)))"
    }

    /// SKReceiptRefreshRequest from the app: the store's answer kept for `expect receipt`; a
    /// receipt file that cannot be written over fails the step, as it fails the command.
    private func refreshReceipt(failure: Failure) throws(StepFailure) {
        let app = runtime.app.appDescription
        let receipts = AccountReceipts(store: storefront.store, directory: storefront.directory,
                                       app: ReceiptApp(bundleID: app.bundleID, appVersion: app.appVersion, sharedSecret: app.sharedSecret),
                                       identity: { [signing = storefront.signing] in try signing.identity() })
        do {
            _ = try runtime.queue.refreshReceipt { try receipts.refreshed(for: $0) }
            receiptRefresh = .some(nil)
        } catch let error as StoreError {
            receiptRefresh = .some(error)
        } catch {
            throw failure("the receipt to be written", ErrorText.of(error, in: .english))
        }
        storefront.settle()
    }

    /// A parent's answer or the user resolving an interruption, from outside the app: made
    /// on the store by another queue, as `storefront approve` from another terminal.
    private func answer(_ answer: RequestAnswer, _ ref: TransactionRef, failure: Failure) throws(StepFailure) {
        let records = (try? storefront.store.storage.load()) ?? runtime.queue.records
        let waiting = answer == .resolve ? records.interruptions : records.pendingApprovals
        let what = answer == .resolve ? "an interrupted purchase waiting to be resolved" : "an Ask to Buy request waiting"
        let transaction: Transaction?
        switch ref {
        case .latest: transaction = waiting.last
        case .id(let id): transaction = waiting.first { $0.id == id }
        case .product(let id): transaction = waiting.last { $0.productID == id }
        }
        guard let transaction else {
            let ids = waiting.map(\.id).joined(separator: ", ")
            throw failure(what + Self.describe(ref), waiting.isEmpty ? "none waiting" : "only \(ids) waiting")
        }
        let outside = PaymentQueue(store: storefront.store)
        do {
            switch answer {
            case .approve: try outside.approve(transactionID: transaction.id)
            case .decline: try outside.decline(transactionID: transaction.id)
            case .resolve: _ = try outside.resolve(transactionID: transaction.id)
            }
        } catch {
            throw failure("the store to \(answer.rawValue) \(transaction.id)", ErrorText.of(error, in: .english))
        }
        storefront.settle()
    }

    static func describe(_ ref: TransactionRef) -> String {
        switch ref {
        case .latest: ""
        case .id(let id): " with id \(id)"
        case .product(let id): " for \(id)"
        }
    }
}
