import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI

/// The Transaction Manager's `s`: the selected transaction's signed form, read through an
/// effect (`Effect.showSignedForm`) and shown with its header's facts, the file it was written
/// to, the command that checks it and the JWS as far as the box holds it; none for a
/// transaction the App Store has not completed. In English and Japanese.
@Suite struct SignedFormSheetTests {
    /// A signed form as the storefront's wiring gives it, with a JWS longer than any box.
    final class FixedSource: SignedFormSource {
        var asked: [String] = []
        func signedForm(of t: Transaction) throws -> SignedFormSummary {
            asked.append(t.id)
            return Self.summary(t.id)
        }

        static func summary(_ id: String) -> SignedFormSummary {
            let jws = "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlC" + String(repeating: "QUJDREVGR0hJSktMTU5PUA", count: 120) + ".eyJ0cmFuc2FjdGlvbklkIjoi.c2lnbmF0dXJl"
            return SignedFormSummary(transactionID: id, algorithm: "ES256",
                                     chain: ["Leaf (data directory 0123456789abcdef)", "Intermediate", "Root"],
                                     signedDate: Date(timeIntervalSince1970: 1_800_000_000), size: jws.utf8.count,
                                     path: "/data/transaction-\(id).jws", jws: jws)
        }
    }

    private func panel(_ ui: UITestHarness) throws -> TransactionManagerPanel {
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager: \(ui.screen)") }
        return panel
    }

    @Test(arguments: [false, true])
    func sShowsTheSelectedTransactionsSignedFormAndAnyOfItsKeysCloseIt(japanese: Bool) throws {
        let ui = try UITestHarness { if japanese { UITestHarness.useJapanese(&$0) } }
        let source = FixedSource()
        ui.runtime.signedForms = source
        try ui.buy("Premium content")
        let id = try #require(ui.transactions.last?.id)
        ui.press(.char("t"), .char("s"))
        let words = ui.state.strings.manager
        #expect(source.asked == [id], "read through the runtime's source, once")
        #expect(try panel(ui).overlay == .signedForm(transactionID: id, summary: FixedSource.summary(id)))
        let screen = ui.screen
        let summary = FixedSource.summary(id)
        #expect(screen.contains(words.signedFormTitle(id)), "\(screen)")
        #expect(screen.contains(words.signedFormFacts("ES256", ui.state.times.dateTime(summary.signedDate), "\(summary.size)")), "\(screen)")
        #expect(screen.contains(words.signedFormChain("Leaf (data directory 0123456789abcdef) → Intermediate → Root")), "\(screen)")
        #expect(screen.contains(words.signedFormWritten(summary.path)), "\(screen)")
        #expect(screen.contains("storefront verify /data/transaction-\(id).jws"), "\(screen)")
        #expect(screen.contains("eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlC"), "the JWS begins in the box: \(screen)")
        #expect(screen.contains("…"), "cut where the box ends: \(screen)")
        #expect(screen.contains(words.signedFormKeys), "\(screen)")
        ui.press(.escape)
        #expect(try panel(ui).overlay == nil)
        ui.press(.char("s"), .enter)
        #expect(try panel(ui).overlay == nil)
        #expect(source.asked == [id, id])
    }

    @Test(arguments: [false, true])
    func aTransactionTheAppStoreHasNotCompletedHasNone(japanese: Bool) throws {
        let ui = try UITestHarness {
            $0.askToBuy = true
            if japanese { UITestHarness.useJapanese(&$0) }
        }
        let source = FixedSource()
        ui.runtime.signedForms = source
        try ui.buy("Premium content")
        ui.press(.char("t"), .char("s"))
        #expect(source.asked.isEmpty, "nothing to read")
        #expect(ui.screen.contains(ui.state.strings.manager.noSignedForm.prefix(20)), "\(ui.screen)")
    }

    /// The update alone: `s` opens the sheet and asks for the form; the answer fills it only
    /// while the sheet waits for that transaction.
    @Test func theFormArrivesAsAnActionForTheSheetThatAskedForIt() throws {
        let ui = try UITestHarness()
        try ui.buy("Premium content")
        ui.press(.char("t"))
        var state = ui.state
        let t = try #require(try panel(ui).selected)
        let effects = update(&state, .key(.char("s")))
        #expect(effects == [.showSignedForm(t)])
        guard case .transactions(let waiting) = state.mode else { Issue.record("no panel"); return }
        #expect(waiting.overlay == .signedForm(transactionID: t.id, summary: nil))
        _ = update(&state, .signedFormShown(FixedSource.summary("another")))
        guard case .transactions(let still) = state.mode else { Issue.record("no panel"); return }
        #expect(still.overlay == .signedForm(transactionID: t.id, summary: nil), "another transaction's form is not shown")
        _ = update(&state, .signedFormShown(FixedSource.summary(t.id)))
        guard case .transactions(let shown) = state.mode else { Issue.record("no panel"); return }
        #expect(shown.overlay == .signedForm(transactionID: t.id, summary: FixedSource.summary(t.id)))
    }
}
