import Foundation
import SampleApp
import AppStoreCore

/// The rows of the store conditions panel: the conditions, in the table's order, the APIs'
/// errors in one row.
public typealias SettingRow = StoreCondition

extension SettingRow {
    /// Its row in the panel, counted from the top.
    public var rawValue: Int { Self.panelRows.firstIndex { $0.name == name } ?? 0 }
}

extension AppState {
    mutating func handleSettings(_ panel: SettingsPanel, _ key: Key) -> [Effect] {
        var panel = panel
        if let choosing = panel.choosingError {
            return chooseError(&panel, highlighted: choosing, key)
        }
        if let api = panel.api {
            return handleAPIList(&panel, selected: api, key)
        }
        let rows = StoreCondition.panelRows
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
            return change(rows[panel.selection], .enter, panel: &panel)
        case .enter, .char(" "):
            mode = .settings(panel)
            return change(rows[panel.selection], .enter, panel: &panel)
        case .right, .char("l"):
            mode = .settings(panel)
            return change(rows[panel.selection], .right, panel: &panel)
        case .left, .char("h"):
            mode = .settings(panel)
            return change(rows[panel.selection], .left, panel: &panel)
        default: return []
        }
        mode = .settings(panel)
        return []
    }

    /// Toggles or steps one setting as its condition says; the runtime saves it to
    /// store.sqlite at once. Enter on the StoreKit errors row opens the list of APIs instead,
    /// and on an API the list of its errors.
    private mutating func change(_ condition: StoreCondition, _ key: PanelKey, panel: inout SettingsPanel) -> [Effect] {
        switch condition.change(snapshot.settings, key, choices: PanelChoices(catalog: catalog, accounts: snapshot.accounts)) {
        case .set(let settings):
            return [.saveSettings(settings, changedFrom: snapshot.settings)]
        case .chooseError(let highlighted):
            panel.choosingError = highlighted
        case .openAPIErrors:
            // On the first API that fails, else on purchases.
            let apis = StoreAPI.allCases
            panel.api = apis.firstIndex { snapshot.settings.failures[$0] != nil } ?? apis.firstIndex(of: .purchase)
        }
        mode = .settings(panel)
        return []
    }

    /// The list of StoreKit APIs: each row steps or chooses its API's error as the row of a
    /// condition does.
    private mutating func handleAPIList(_ panel: inout SettingsPanel, selected: Int, _ key: Key) -> [Effect] {
        let apis = StoreAPI.allCases
        func row() -> StoreCondition { .failing(apis[panel.api ?? 0]) }
        switch key {
        case .escape, .char("q"):
            panel.api = nil
        case .up, .char("k"): panel.api = max(0, selected - 1)
        case .down, .char("j"): panel.api = min(apis.count - 1, selected + 1)
        case .home, .char("g"): panel.api = 0
        case .end, .char("G"): panel.api = apis.count - 1
        case .click(let x, let y):
            guard let index = APIListGeometry.index(atX: x, y: y, layout: Layout(width: width, height: height)) else { return [] }
            panel.api = index
            return change(row(), .enter, panel: &panel)
        case .enter, .char(" "): return change(row(), .enter, panel: &panel)
        case .right, .char("l"): return change(row(), .right, panel: &panel)
        case .left, .char("h"): return change(row(), .left, panel: &panel)
        default: return []
        }
        mode = .settings(panel)
        return []
    }

    private mutating func chooseError(_ panel: inout SettingsPanel, highlighted: Int, _ key: Key) -> [Effect] {
        let api = StoreAPI.allCases[panel.api ?? 0]
        let list = FailureChoices(api)
        let codes = list.all
        let page = max(1, list.visibleRows(Layout(width: width, height: height)) - 1)
        func move(to index: Int) { panel.choosingError = min(codes.count - 1, max(0, index)) }
        func choose(_ index: Int) -> [Effect] {
            panel.choosingError = nil
            mode = .settings(panel)
            var s = snapshot.settings
            s.failures[api] = codes[index]
            return [.saveSettings(s, changedFrom: snapshot.settings)]
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
            guard let index = list.index(atX: x, y: y, highlighted: highlighted, layout: layout) else { return [] }
            return choose(index)
        case .enter, .char(" "):
            return choose(highlighted)
        default: return []
        }
        mode = .settings(panel)
        return []
    }

    mutating func handleLog(_ scroll: Int, _ key: Key) -> [Effect] {
        if logSelection.signedFormID != nil {
            // Any key of its own closes the signed form, as in the Transaction Manager.
            guard [.escape, .enter, .char("q"), .char("s"), .char(" ")].contains(key) else { return [] }
            logSelection.signedFormID = nil
            logSelection.signedForm = nil
            return []
        }
        let page = LogScreen.pageHeight(height)
        let maxScroll = logMaxScroll
        let scroll = min(scroll, maxScroll)
        let history = logPage.transactions
        let chosenID = logTable.chosen(logSelection.transactionID, scroll: scroll, page: page)
        let chosen = history.last { $0.id == chosenID }
        switch key {
        case .escape, .char("l"), .char("q"):
            mode = .store
            logSelection = LogSelection()
        case .left, .right:
            guard let chosen, let index = history.lastIndex(of: chosen) else { break }
            let next = history[max(0, min(history.count - 1, index + (key == .left ? -1 : 1)))]
            logSelection.transactionID = next.id
            mode = .log(scroll: logScroll(showing: next.id, from: scroll))
        case .char("s"):
            guard let t = chosen else { break }
            logSelection.signedFormID = t.id
            // Only what the App Store completed has a signed form to read.
            return t.hasSignedForm ? [.showSignedForm(t)] : []
        case .click(_, let y):
            guard (2..<2 + page).contains(y), let id = logTable.transactionID(atRow: scroll + y - 2) else { break }
            logSelection.transactionID = id
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
    var logMaxScroll: Int {
        LogScreen.maxScroll(logPage.transactions, width: width, height: height, signedIn: snapshot.settings.account, strings: strings)
    }

    /// The full log's rows at this width.
    private var logTable: LogTable {
        LogTable(logPage.transactions, width: width, times: TimeDisplay(), signedIn: snapshot.settings.account, strings: strings)
    }

    /// The scroll nearest `scroll` that shows the whole entry of transaction `id`.
    private func logScroll(showing id: String, from scroll: Int) -> Int {
        guard let rows = logTable.rows(of: id) else { return scroll }
        let page = LogScreen.pageHeight(height)
        var scroll = scroll
        if rows.upperBound > scroll + page { scroll = rows.upperBound - page }
        if rows.lowerBound < scroll { scroll = rows.lowerBound }
        return max(0, min(scroll, logMaxScroll))
    }

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
