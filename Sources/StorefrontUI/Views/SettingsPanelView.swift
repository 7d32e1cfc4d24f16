import Foundation
import SampleApp
import AppStoreCore
import Wording

enum SettingsGeometry {
    static func box(_ layout: Layout) -> Rect {
        let height = StoreCondition.panelRows.count + (roomy(layout) ? 5 : 2)
        guard height > layout.height - 2 else { return layout.dialog(width: 72, height: height) }
        // The smallest window: every row still shows, over the header's lines if it must.
        return layout.screen.centered(width: min(72, layout.width - 4), height: min(height, layout.height))
    }
    static func firstRowY(_ layout: Layout) -> Int { box(layout).y + (roomy(layout) ? 2 : 1) }
    /// The hint's line: under the rows, or in a short window on the bottom border.
    static func hintY(_ layout: Layout) -> Int { box(layout).maxY - (roomy(layout) ? 2 : 1) }

    /// Whether a blank line fits above and below the rows; in a short window every row is
    /// shown without them, and the hint takes the bottom border.
    private static func roomy(_ layout: Layout) -> Bool { StoreCondition.panelRows.count + 5 <= layout.height - 2 }
}

/// Every store condition as a live toggle, saved in store.sqlite.
enum SettingsPanelView {
    static func draw(_ state: AppState, panel: SettingsPanel, layout: Layout, into canvas: inout some Canvas) {
        let box = SettingsGeometry.box(layout)
        let words = state.strings.conditions
        canvas.box(box, title: words.panelTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        let s = state.snapshot.settings
        for (i, condition) in StoreCondition.panelRows.enumerated() {
            let y = SettingsGeometry.firstRowY(layout) + i
            let selected = i == panel.selection
            let (value, tint) = condition.panelValue(s, strings: state.strings)
            let style = selected ? Style(bold: true, reverse: true) : .plain
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: selected ? style : .plain)
            canvas.put(condition.title(state.strings), x: box.x + 3, y: y, width: 26, style: style)
            canvas.put(value, x: box.x + 30, y: y, width: box.width - 32, style: selected ? style : Style(tint: tint, bold: true))
        }
        canvas.put(words.panelHint, x: box.x + 2, y: SettingsGeometry.hintY(layout), width: box.width - 4, style: .dim)
        if let api = panel.api { drawAPIList(api, settings: s, strings: state.strings, layout: layout, into: &canvas) }
        if let choosing = panel.choosingError {
            let api = StoreAPI.allCases[panel.api ?? 0]
            drawErrorChooser(choosing, list: FailureChoices(api), strings: state.strings, layout: layout, into: &canvas)
        }
    }

    /// Every StoreKit API and the error it fails with; those storefront does not have yet marked.
    static func drawAPIList(_ selection: Int, settings: Settings, strings: Strings, layout: Layout, into canvas: inout some Canvas) {
        let box = APIListGeometry.box(layout)
        let words = strings.conditions
        canvas.box(box, title: words.apiListTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        for (i, api) in StoreAPI.allCases.enumerated() {
            let y = APIListGeometry.firstRowY(layout) + i
            guard y < box.maxY - 3 else { break }
            let selected = i == selection
            let style = selected ? Style(bold: true, reverse: true) : .plain
            let condition = StoreCondition.failing(api)
            let (value, tint) = condition.panelValue(settings, strings: strings)
            let title = condition.title(strings) + (api.isSimulated ? "" : " " + words.notYetMark)
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: style)
            canvas.put(title, x: box.x + 3, y: y, width: 28, style: style)
            canvas.put(value, x: box.x + 32, y: y, width: box.width - 34, style: selected ? style : Style(tint: tint, bold: true))
        }
        if StoreAPI.allCases.contains(where: { !$0.isSimulated }) {
            canvas.put(words.notYetNote, x: box.x + 2, y: box.maxY - 3, width: box.width - 4, style: .dim)
        }
        canvas.put(words.apiListHint, x: box.x + 2, y: box.maxY - 2, width: box.width - 4, style: .dim)
    }

    static func drawErrorChooser(_ highlighted: Int, list: FailureChoices, strings: Strings, layout: Layout, into canvas: inout some Canvas) {
        let codes = list.all
        let box = list.box(layout)
        let words = strings.conditions
        let purchases = list.api == .purchase
        let title = purchases ? words.chooserTitle : words.apiChooserTitle(words[dynamicMember: StoreCondition.apiTitle(list.api)])
        canvas.box(box, title: title, style: .tint(.danger), titleStyle: .tint(.danger, bold: true))
        let visible = list.visibleRows(layout)
        let first = list.firstVisible(highlighted: highlighted, layout: layout)
        for (i, error) in codes.dropFirst(first).prefix(visible).enumerated() {
            let selected = first + i == highlighted
            // Purchases' list numbers StoreKit's codes, as fail-with takes them.
            let label: String = switch error {
            case .skError(let code)?: "\(DisplayWidth.padLeft(String(code.rawValue), to: 2)) \(code.name)"
            case let error?: purchases ? "   \(error.name)" : error.name
            case nil: purchases ? " – \(words.chooserOff)" : words.apiChooserOff
            }
            let text = DisplayWidth.pad(label, to: box.width - 4)
            canvas.put(text, x: box.x + 2, y: box.y + 1 + i, style: selected ? Style(bold: true, reverse: true) : .plain)
        }
        // Marks on the right edge when the list continues above or below, as in the store list.
        if first > 0 { canvas.put("↑", x: box.maxX - 2, y: box.y + 1, style: .dim) }
        if first + visible < codes.count { canvas.put("↓", x: box.maxX - 2, y: box.y + visible, style: .dim) }
        canvas.put(words.chooserHint, x: box.x + 2, y: box.maxY - 2, width: box.width - 4, style: .dim)
    }
}

/// Where the list of StoreKit APIs sits on screen (for drawing and for clicks): a row per
/// API, then the note on those storefront does not have yet, and the hint.
enum APIListGeometry {
    static func box(_ layout: Layout) -> Rect { layout.dialog(width: 66, height: StoreAPI.allCases.count + 4) }
    static func firstRowY(_ layout: Layout) -> Int { box(layout).y + 1 }

    /// The API under a click, if the click is on one.
    static func index(atX x: Int, y: Int, layout: Layout) -> Int? {
        let box = box(layout)
        let row = y - firstRowY(layout)
        guard x > box.x, x < box.maxX - 1, StoreAPI.allCases.indices.contains(row), y < box.maxY - 3 else { return nil }
        return row
    }
}

/// What an API's error chooser offers: off, then each error it can fail with (for purchases
/// every StoreKit error code); and where the list sits on screen (for drawing and for clicks).
struct FailureChoices {
    let api: StoreAPI
    let all: [APIError?]

    init(_ api: StoreAPI) {
        self.api = api
        all = [nil] + api.choices
    }

    func box(_ layout: Layout) -> Rect {
        layout.dialog(width: 50, height: min(all.count + 4, layout.height - 2))
    }

    /// The list's rows: the box less its borders and the hint line.
    func visibleRows(_ layout: Layout) -> Int {
        box(layout).height - 3
    }

    /// The list scrolls to keep the highlighted choice near the middle.
    func firstVisible(highlighted: Int, layout: Layout) -> Int {
        let visible = visibleRows(layout)
        return max(0, min(highlighted - visible / 2, all.count - visible))
    }

    /// The choice under a click, if the click is on one.
    func index(atX x: Int, y: Int, highlighted: Int, layout: Layout) -> Int? {
        let box = box(layout)
        let row = y - (box.y + 1)
        guard x > box.x, x < box.maxX - 1, (0..<visibleRows(layout)).contains(row) else { return nil }
        let index = firstVisible(highlighted: highlighted, layout: layout) + row
        return all.indices.contains(index) ? index : nil
    }
}
