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
        for (i, row) in table.rows.dropFirst(scroll).prefix(page).enumerated() {
            canvas.put(row.text, x: 1, y: 2 + i, width: layout.width - 2, style: row.style)
        }
        if scroll > 0 { canvas.put("↑", x: layout.width - 1, y: 2, style: .dim) }
        if scroll + page < table.rows.count { canvas.put("↓", x: layout.width - 1, y: 1 + page, style: .dim) }
        if history.isEmpty { canvas.put(words.noTransactions, x: 1, y: 2, width: layout.width - 2, style: .dim) }
        canvas.put(words.logKeys, x: 1, y: layout.height - 1, width: layout.width - 2, style: .dim)
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

    private enum DateColumn {
        case full, time

        var width: Int { self == .full ? 19 : 8 }

        func text(_ date: Date, times: TimeDisplay) -> String {
            self == .full ? "\(times.day(date)) \(times.time(date))" : times.time(date)
        }
    }
}
