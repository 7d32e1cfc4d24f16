import Foundation
import SampleApp
import AppStoreCore
import Wording

/// The transactions the store has recorded, newest last, scrolled by screen rows: the newest
/// page of them, however long the history.
enum LogScreen {
    /// The rows between the column titles and the footer.
    static func pageHeight(_ height: Int) -> Int { max(1, height - 3) }

    static func maxScroll(_ history: [Transaction], width: Int, height: Int, signedIn: String?, strings: Strings) -> Int {
        let table = LogTable(history, width: width, times: TimeDisplay(), signedIn: signedIn, strings: strings)
        return max(0, table.rows.count - pageHeight(height))
    }

    static func draw(_ state: AppState, scroll: Int, layout: Layout, into canvas: inout some Canvas) {
        let history = state.logPage.transactions
        let words = state.strings.log
        let total = max(state.logPage.count, history.count)
        var title = " \(words.logTitle(total))"
        if total > history.count { title += " · \(words.newestShown(history.count))" }
        // The zone once, here: the dates and times below are local.
        title += " · \(words.zone(state.times.offset(at: state.now)))"
        canvas.fill(x: 0, y: 0, width: layout.width, height: 1, style: .reverse)
        canvas.put(title, x: 0, y: 0, width: layout.width, style: Style(bold: true, reverse: true))
        let table = LogTable(history, width: layout.width, times: state.times, signedIn: state.snapshot.settings.account,
                             strings: state.strings)
        canvas.put(table.header, x: 1, y: 1, width: layout.width - 2, style: .bold)
        let page = pageHeight(layout.height)
        // Another terminal may have shortened the history since the last key.
        let scroll = min(scroll, max(0, table.rows.count - page))
        let chosen = table.chosen(state.logSelection.transactionID, scroll: scroll, page: page)
        let selectedRow = chosen.flatMap { table.rows(of: $0)?.lowerBound }
        for (i, row) in table.rows.dropFirst(scroll).prefix(page).enumerated() {
            let isSelected = scroll + i == selectedRow
            if isSelected { canvas.put("›", x: 0, y: 2 + i, style: .tint(.accent, bold: true)) }
            canvas.put(row.text, x: 1, y: 2 + i, width: layout.width - 2, style: isSelected ? Style(tint: row.style.tint, bold: true, reverse: true) : row.style)
        }
        if scroll > 0 { canvas.put("↑", x: layout.width - 1, y: 2, style: .dim) }
        if scroll + page < table.rows.count { canvas.put("↓", x: layout.width - 1, y: 1 + page, style: .dim) }
        if history.isEmpty { canvas.put(words.noTransactions, x: 1, y: 2, width: layout.width - 2, style: .dim) }
        guard let id = state.logSelection.signedFormID else {
            // The legend only where the keys leave room for it: the keys come first.
            let legend = "  " + words.unfinishedLegend
            let keys = words.logKeys + (DisplayWidth.of(words.logKeys + legend) <= layout.width - 2 ? legend : "")
            canvas.put(keys, x: 1, y: layout.height - 1, width: layout.width - 2, style: .dim)
            return
        }
        let manager = state.strings.manager
        canvas.put(manager.signedFormKeys, x: 1, y: layout.height - 1, width: layout.width - 2, style: .dim)
        SignedFormSheet.draw(state, transactionID: id, summary: state.logSelection.signedForm,
                             signed: history.last { $0.id == id }?.hasSignedForm == true, layout: layout, into: &canvas)
    }
}

/// The full log laid out for one width: a row per transaction, then its error message
/// wrapped beneath it. Drawing and scrolling count the same rows.
struct LogTable {
    struct Row: Equatable {
        var text: String
        var style: Style
    }

    private(set) var header = ""
    private(set) var rows: [Row] = []
    /// Each transaction's first row, in the order of the history.
    private(set) var entries: [(id: String, row: Int)] = []

    /// The product id keeps its whole width first, since it tells transactions apart; the
    /// date shrinks to the time, then goes. A failure's code, name and message are on the
    /// line under its row. Another account's transactions (not `signedIn`'s) name it.
    /// Each column is as wide as its widest cell, its title included, in display columns.
    init(_ history: [Transaction], width: Int, times: TimeDisplay, signedIn: String?, strings: Strings) {
        let words = strings.log
        let room = width - 2
        func widest(_ title: String, _ cells: [String], atLeast least: Int = 0) -> Int {
            ([least, DisplayWidth.of(title)] + cells.map { DisplayWidth.of($0) }).max() ?? least
        }
        let states = history.map { t in
            words.state(t.queueState.state) + (t.queueState.finished || t.queueState.state == .purchasing || t.queueState.state == .deferred ? "" : "*")
        }
        let idWidth = widest(words.idColumn, history.map(\.id))
        let stateWidth = widest(words.stateColumn, states, atLeast: 10)
        let quantityWidth = widest(words.quantityColumn, history.map { String($0.purchasedQuantity) }, atLeast: 3)
        let productWidth = widest(words.productColumn, history.map(\.productID))
        let required = idWidth + 2 + stateWidth + 2 + quantityWidth + 2
        let dates = [DateColumn.full, .time].first { required + $0.width + 2 + productWidth <= room }
        let used = required + (dates.map { $0.width + 2 } ?? 0)
        let product = min(productWidth, max(7, room - used))

        func line(_ id: String, _ date: String, _ state: String, _ quantity: String, _ productID: String) -> String {
            var cells = [DisplayWidth.pad(id, to: idWidth)]
            if let dates { cells.append(DisplayWidth.pad(date, to: dates.width)) }
            cells += [DisplayWidth.pad(state, to: stateWidth), DisplayWidth.padLeft(quantity, to: quantityWidth),
                      DisplayWidth.pad(DisplayWidth.truncateStart(productID, to: product), to: product)]
            return TextWrap.trimTrailing(cells.joined(separator: "  "))
        }

        let dateTitle = dates.map { $0 == .full ? words.dateColumn : words.timeColumn } ?? ""
        header = line(words.idColumn, dateTitle, words.stateColumn, words.quantityColumn, words.productColumn)
        // The whole message, indented past the id and wrapped: the alert that showed it is long gone.
        let indent = String(repeating: " ", count: idWidth + 2)
        let messageWidth = max(10, room - indent.count - 2)
        for (t, state) in zip(history, states) {
            entries.append((t.id, rows.count))
            let date = dates?.text(t.queueState.transactionDate, times: times) ?? ""
            rows.append(Row(text: line(t.id, date, state, String(t.purchasedQuantity), t.productID) + t.remarks(signedIn: signedIn, strings: strings),
                            style: Style(tint: t.queueState.state.tint)))
            guard let error = t.queueState.error else { continue }
            let message = "\(error.code) \(error.name): \(strings.errors.description(error))"
            for (i, part) in TextWrap.lines(message, width: messageWidth).enumerated() {
                rows.append(Row(text: indent + (i == 0 ? "↳ " : "  ") + part, style: .dim))
            }
        }
    }

    /// The rows of transaction `id`'s entry: its row and its message's.
    func rows(of id: String) -> Range<Int>? {
        guard let index = entries.lastIndex(where: { $0.id == id }) else { return nil }
        return entries[index].row..<(entries.indices.contains(index + 1) ? entries[index + 1].row : rows.count)
    }

    /// The entry ←→ move from and s shows: `id`'s while its first row is in view, else the
    /// last entry whose first row is (scrolled away, the choice follows what is read).
    func chosen(_ id: String?, scroll: Int, page: Int) -> String? {
        let inView = entries.filter { (scroll..<scroll + page).contains($0.row) }
        if let id, inView.contains(where: { $0.id == id }) { return id }
        return inView.last?.id ?? entries.last?.id
    }

    /// The transaction whose entry holds row `row`.
    func transactionID(atRow row: Int) -> String? {
        guard rows.indices.contains(row) else { return nil }
        return entries.last { $0.row <= row }?.id
    }

    private enum DateColumn {
        case full, time

        var width: Int { self == .full ? 19 : 8 }

        func text(_ date: Date, times: TimeDisplay) -> String {
            self == .full ? "\(times.day(date)) \(times.time(date))" : times.time(date)
        }
    }
}
