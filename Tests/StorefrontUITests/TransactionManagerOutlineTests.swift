import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Wording
import Testing
@testable import StorefrontUI

/// The Transaction Manager nests a subscription's renewals under its original purchase, as
/// Xcode's does: one row for the group, with how many it holds and where the newest period
/// stands, → unfolds it and ← folds it, and the selection, the actions, the filters and the
/// facts keep working on its rows.
@Suite struct TransactionManagerOutlineTests {
    static let pro = "com.storefront.pro.monthly"

    private func panel(_ ui: UITestHarness) throws -> TransactionManagerPanel {
        guard case .transactions(let panel) = ui.state.mode else { throw HarnessError("not in the Transaction Manager: \(ui.screen)") }
        return panel
    }

    private func lines(_ ui: UITestHarness) -> [String] { ui.screen.components(separatedBy: "\n") }

    /// 5 Monkey Credits, then Pro Monthly and its renewals over 40 days: the original purchase
    /// and its renewals, newest first.
    private func renewed(_ ui: UITestHarness) throws -> (original: Transaction, renewals: [Transaction]) {
        try ui.buy("5 Monkey Credits")
        try ui.buy("Pro Monthly")
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("40d")))
        ui.runtime.tick()
        let pro = ui.transactions.filter { $0.productID == Self.pro }
        let original = try #require(pro.first)
        let renewals = Array(pro.dropFirst().reversed())
        try #require(renewals.count >= 2 && renewals.allSatisfy { $0.originalID == original.id })
        return (original, renewals)
    }

    @Test(arguments: [(100, 30, false), (100, 30, true), (70, 20, false), (70, 20, true)])
    func renewalsFoldUnderTheirOriginalPurchase(width: Int, height: Int, japanese: Bool) throws {
        let ui = try UITestHarness(width: width, height: height) { if japanese { UITestHarness.useJapanese(&$0) } }
        let (original, renewals) = try renewed(ui)
        let words = ui.state.strings.manager
        let title = ui.state.title(of: Self.pro)
        ui.press(.char("t"))
        // Folded: one row for the subscription, its original purchase with the count, on top
        // (where its newest period is), then the credits.
        let count = words.renewalCount(renewals.count)
        let group = try #require(lines(ui).first { $0.contains(original.id) }, "\(ui.screen)")
        #expect(group.contains("▸ ") && group.contains(count) && group.contains(String(title.prefix(3))), "\(ui.screen)")
        #expect(lines(ui)[2].contains(original.id), "the group first: its newest period is the newest\n\(ui.screen)")
        #expect(!renewals.contains { r in ui.screen.contains(r.id) }, "folded\n\(ui.screen)")
        #expect(try panel(ui).outline.count == 2 && panel(ui).rows.count == renewals.count + 2)
        #expect(ui.screen.contains(words.count(renewals.count + 2, false)), "the title counts every transaction\n\(ui.screen)")
        // Its facts: the original's, with how many renewals and when the last was made.
        let last = ui.state.times.day(renewals[0].queueState.transactionDate)
        #expect(ui.screen.contains(words.renewals(renewals.count, last)), "\(ui.screen)")

        // → unfolds: the renewals, newest first, indented under it.
        ui.press(.right)
        let rows = lines(ui)
        let at = try #require(rows.firstIndex { $0.contains(original.id) })
        #expect(rows[at].contains("▾ "), "\(ui.screen)")
        for (i, renewal) in renewals.enumerated() {
            #expect(rows[at + 1 + i].contains(renewal.id), "\(ui.screen)")
            let product = try #require(rows[at + 1 + i].range(of: renewal.id).map { rows[at + 1 + i][$0.upperBound...] })
            #expect(product.hasPrefix("    "), "indented: \(product)")
        }
        // ↓ selects a renewal: its facts; ← folds from it and selects the original again.
        ui.press(.down)
        #expect(try panel(ui).selected?.id == renewals[0].id)
        #expect(ui.screen.contains(words.purchased(ui.state.times.dateTime(try #require(renewals[0].purchaseDate)))), "\(ui.screen)")
        ui.press(.left)
        #expect(try panel(ui).selected?.id == original.id && panel(ui).outline.count == 2, "\(ui.screen)")
        #expect(!renewals.contains { r in ui.screen.contains(r.id) }, "\(ui.screen)")
    }

    /// A click on a group's ▸ unfolds it, on its ▾ folds it; elsewhere on the row it selects.
    @Test func aClickOnTheMarkerFoldsAndUnfolds() throws {
        let ui = try UITestHarness()
        let (original, renewals) = try renewed(ui)
        ui.press(.char("t"), .down)
        let y = try #require(lines(ui).firstIndex { $0.contains(original.id) })
        let x = try #require(lines(ui)[y].range(of: "▸").map { lines(ui)[y].distance(from: lines(ui)[y].startIndex, to: $0.lowerBound) })
        ui.press(.click(x: x, y: y))
        #expect(try panel(ui).outline.count == renewals.count + 2 && panel(ui).selected?.id == original.id, "\(ui.screen)")
        #expect(lines(ui)[y].contains("▾"), "\(ui.screen)")
        ui.press(.click(x: x, y: y))
        #expect(try panel(ui).outline.count == 2 && panel(ui).overlay == nil, "folded, no actions opened\n\(ui.screen)")
    }

    /// The group's row says where the subscription stands now, not where its first period did.
    @Test func aGroupsStatusIsItsNewestPeriods() throws {
        let ui = try UITestHarness()
        let (original, _) = try renewed(ui)
        ui.press(.char("t"))
        let words = ui.state.strings.manager
        let group = try #require(lines(ui).first { $0.contains(original.id) }, "\(ui.screen)")
        #expect(group.contains(ui.state.strings.log.state(.purchased)) && !group.contains(words.expired), "\(group)")
    }

    /// A renewal arriving keeps the selection on the group, which counts one more.
    @Test func aNewRenewalJoinsItsGroupAndTheSelectionStays() throws {
        let ui = try UITestHarness()
        let (original, renewals) = try renewed(ui)
        ui.press(.char("t"))
        #expect(try panel(ui).selected?.id == original.id)
        try PaymentQueue(store: ui.store).advance(by: try #require(StoreDuration("31d")))
        ui.runtime.tick()
        let more = ui.transactions.filter { $0.productID == Self.pro }.count - 1
        try #require(more > renewals.count)
        #expect(try panel(ui).selected?.id == original.id && panel(ui).outline.count == 2)
        #expect(ui.screen.contains(ui.state.strings.manager.renewalCount(more)), "\(ui.screen)")
    }

    /// The product filter keeps the group; the actions act on its original purchase, and
    /// deleting that takes the whole subscription, group and all.
    @Test func filteredThenDeletedTheGroupGoesWithItsOriginal() throws {
        let ui = try UITestHarness()
        let (original, renewals) = try renewed(ui)
        ui.press(.char("t"))
        for _ in ui.state.catalog.products {
            if try panel(ui).productID == Self.pro { break }
            ui.press(.char("p"))
        }
        #expect(try panel(ui).productID == Self.pro && panel(ui).outline.count == 1, "\(ui.screen)")
        ui.press(.right)
        #expect(try panel(ui).outline.count == renewals.count + 1, "\(ui.screen)")
        ui.press(.enter)
        #expect(ui.screen.contains(ui.state.strings.manager.actionsTitle(original.id)), "the original's actions\n\(ui.screen)")
        let actions = ui.state.actions(for: original)
        let delete = try #require(actions.firstIndex(of: .operation(.deleteTransaction(transactionID: original.id))))
        for _ in 0..<delete { ui.press(.down) }
        ui.press(.enter)
        ui.wait()
        #expect(!ui.transactions.contains { $0.productID == Self.pro }, "the subscription went with it")
        #expect(try panel(ui).rows.isEmpty && panel(ui).outline.isEmpty, "\(ui.screen)")
        #expect(!ui.screen.contains("▸") && !ui.screen.contains("▾"), "\(ui.screen)")
    }

    /// Where the original is not loaded, renewals stand alone; a transaction that does not
    /// expire is never grouped.
    @Test func onlyASubscriptionsPeriodsGoUnderTheirLoadedOriginal() throws {
        let ui = try UITestHarness()
        let (original, renewals) = try renewed(ui)
        let credits = try #require(ui.transactions.first { $0.productID == "com.storefront.credits.5" })
        let newestFirst = renewals + [original, credits]
        let grouped = OutlineRow.outline(newestFirst, unfolded: [original.id])
        #expect(grouped.map(\.transaction.id) == [original.id] + renewals.map(\.id) + [credits.id])
        #expect(grouped.map(\.isRenewal) == [false] + renewals.map { _ in true } + [false])
        let alone = OutlineRow.outline(renewals, unfolded: [])
        #expect(alone.map(\.transaction.id) == renewals.map(\.id) && alone.allSatisfy { $0.renewals.isEmpty })
        let copy = credits.remade(id: "2000000000")
        #expect(OutlineRow.outline([copy, credits], unfolded: []).count == 2)
    }
}
