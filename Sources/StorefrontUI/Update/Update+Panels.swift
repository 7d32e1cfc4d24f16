import Foundation
import StoreKitSim

/// The rows of the restrictions panel, in order.
public enum SettingRow: Int, CaseIterable, Sendable {
    case canMakePayments, askToBuy, network, failWith, interrupted, finishTransactions, account, storefront, latency, hold

    public var title: String {
        switch self {
        case .canMakePayments: "In-App Purchases allowed"
        case .askToBuy: "Ask to Buy"
        case .network: "Network"
        case .failWith: "Fail purchases with"
        case .interrupted: "Interrupted purchases"
        case .finishTransactions: "Finish transactions"
        case .account: "Apple Account"
        case .storefront: "Storefront"
        case .latency: "Store latency"
        case .hold: "Wait for side button"
        }
    }

    /// The latency's steps in milliseconds, over the whole range the store accepts.
    public static let latencies = [0, 250, 500, 1000, 1500, 2000, 3000, 5000, 10_000, 15_000, 30_000, 60_000]

    /// The step after (or before) `milliseconds`. ← and → stop at 0 and 60 s, as a stepper
    /// does, so stepping down never lands on a minute's wait; Enter, which only steps up, goes
    /// round (`wrapping`) from 60 s to 0. A value between steps (the command line takes any)
    /// goes to its neighbouring step.
    public static func latency(after milliseconds: Int, step: Int, wrapping: Bool = false) -> Int {
        let (first, last) = (latencies[0], latencies[latencies.count - 1])
        if step > 0 { return latencies.first { $0 > milliseconds } ?? (wrapping ? first : max(milliseconds, last)) }
        return latencies.last { $0 < milliseconds } ?? min(milliseconds, first)
    }
    public static let accounts: [String?] = [Settings().account, "family.child@example.com", nil]
}

extension AppState {
    mutating func handleSettings(_ panel: SettingsPanel, _ key: Key) -> [Effect] {
        var panel = panel
        if let choosing = panel.choosingError {
            return chooseError(&panel, highlighted: choosing, key)
        }
        let rows = SettingRow.allCases
        switch key {
        case .escape, .char("s"), .char("q"):
            mode = .store
            return []
        case .up, .char("k"): panel.selection = max(0, panel.selection - 1)
        case .down, .char("j"): panel.selection = min(rows.count - 1, panel.selection + 1)
        case .home, .char("g"): panel.selection = 0
        case .end, .char("G"): panel.selection = rows.count - 1
        case .click(_, let y):
            let top = SettingsGeometry.firstRowY(Layout(width: width, height: height))
            guard rows.indices.contains(y - top) else { return [] }
            panel.selection = y - top
            mode = .settings(panel)
            // A click does what Enter does (on the failure row: open the list).
            return change(rows[panel.selection], step: 1, panel: &panel, choosing: true)
        case .enter, .char(" "):
            mode = .settings(panel)
            return change(rows[panel.selection], step: 1, panel: &panel, choosing: true)
        case .right, .char("l"):
            mode = .settings(panel)
            return change(rows[panel.selection], step: 1, panel: &panel)
        case .left, .char("h"):
            mode = .settings(panel)
            return change(rows[panel.selection], step: -1, panel: &panel)
        default: return []
        }
        mode = .settings(panel)
        return []
    }

    /// Toggles or steps one setting; the runtime saves it to store.sqlite at once. `choosing`:
    /// Enter on the failure row opens the list of errors; ← → step through it in place.
    private mutating func change(_ row: SettingRow, step: Int, panel: inout SettingsPanel,
                                 choosing: Bool = false) -> [Effect] {
        var s = snapshot.settings
        func cycle<T: Equatable>(_ values: [T], _ current: T) -> T {
            let i = values.firstIndex(of: current) ?? 0
            return values[(i + step + values.count) % values.count]
        }
        switch row {
        case .canMakePayments: s.canMakePayments.toggle()
        case .askToBuy: s.askToBuy.toggle()
        case .network: s.network.toggle()
        case .interrupted: s.interrupted.toggle()
        case .finishTransactions: s.finishTransactions.toggle()
        case .failWith:
            guard choosing else {
                s.failWith = cycle(FailureChoices.all, s.failWith)
                break
            }
            // The error is picked from StoreKit's list (or off), starting at the current one.
            panel.choosingError = FailureChoices.all.firstIndex(of: s.failWith) ?? 0
            mode = .settings(panel)
            return []
        case .account: s.account = cycle(SettingRow.accounts, s.account)
        case .storefront: s.storefront = cycle(catalog.storefronts.map(\.id), s.storefront)
        case .latency: s.latencyMilliseconds = SettingRow.latency(after: s.latencyMilliseconds, step: step, wrapping: choosing)
        case .hold: s.hold.toggle()
        }
        return [.saveSettings(s)]
    }

    private mutating func chooseError(_ panel: inout SettingsPanel, highlighted: Int, _ key: Key) -> [Effect] {
        let codes = FailureChoices.all
        let page = max(1, FailureChoices.visibleRows(Layout(width: width, height: height)) - 1)
        func move(to index: Int) { panel.choosingError = min(codes.count - 1, max(0, index)) }
        func choose(_ index: Int) -> [Effect] {
            panel.choosingError = nil
            mode = .settings(panel)
            var s = snapshot.settings
            s.failWith = codes[index]
            return [.saveSettings(s)]
        }
        switch key {
        case .escape, .char("q"), .left, .char("h"):
            panel.choosingError = nil
        case .up, .char("k"): move(to: highlighted - 1)
        case .down, .char("j"): move(to: highlighted + 1)
        case .pageUp: move(to: highlighted - page)
        case .pageDown: move(to: highlighted + page)
        case .home, .char("g"): move(to: 0)
        case .end, .char("G"): move(to: codes.count - 1)
        case .click(let x, let y):
            let layout = Layout(width: width, height: height)
            guard let index = FailureChoices.index(atX: x, y: y, highlighted: highlighted, layout: layout) else { return [] }
            return choose(index)
        case .enter, .char(" "):
            return choose(highlighted)
        default: return []
        }
        mode = .settings(panel)
        return []
    }

    mutating func handleLog(_ scroll: Int, _ key: Key) -> [Effect] {
        let page = LogScreen.pageHeight(height)
        let maxScroll = logMaxScroll
        let scroll = min(scroll, maxScroll)
        switch key {
        case .escape, .char("l"), .char("q"): mode = .store
        case .up, .char("k"): mode = .log(scroll: max(0, scroll - 1))
        case .down, .char("j"): mode = .log(scroll: min(maxScroll, scroll + 1))
        case .pageUp: mode = .log(scroll: max(0, scroll - page))
        case .pageDown: mode = .log(scroll: min(maxScroll, scroll + page))
        case .home, .char("g"): mode = .log(scroll: 0)
        case .end, .char("G"): mode = .log(scroll: maxScroll)
        default: break
        }
        return []
    }

    /// The full log's last scroll position: its last row at the bottom of the screen.
    var logMaxScroll: Int { LogScreen.maxScroll(snapshot.history, width: width, height: height, signedIn: snapshot.settings.account) }

    /// Makes a change that moves the full log's rows: a log showing its newest rows keeps
    /// showing them, one scrolled back stays where it was (as far as the rows allow).
    mutating func keepingLogEnd(_ change: (inout AppState) -> Void) {
        guard case .log(let scroll) = mode else { return change(&self) }
        let wasAtEnd = scroll >= logMaxScroll
        change(&self)
        guard case .log = mode else { return }
        mode = .log(scroll: wasAtEnd ? logMaxScroll : min(scroll, logMaxScroll))
    }
}
