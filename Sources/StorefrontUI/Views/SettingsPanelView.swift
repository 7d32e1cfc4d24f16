import Foundation
import SampleApp
import StoreKitSim

enum SettingsGeometry {
    static func box(_ layout: Layout) -> Rect { layout.dialog(width: 72, height: StoreCondition.all.count + (roomy(layout) ? 5 : 3)) }
    static func firstRowY(_ layout: Layout) -> Int { box(layout).y + (roomy(layout) ? 2 : 1) }

    /// Whether a blank line fits above and below the rows; in a short window every row is
    /// shown without them.
    private static func roomy(_ layout: Layout) -> Bool { StoreCondition.all.count + 5 <= layout.height - 2 }
}

/// Every store condition as a live toggle, saved in store.sqlite.
enum SettingsPanelView {
    static func draw(_ state: AppState, panel: SettingsPanel, layout: Layout, into canvas: inout some Canvas) {
        let box = SettingsGeometry.box(layout)
        let words = state.strings.conditions
        canvas.box(box, title: words.panelTitle, style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        let s = state.snapshot.settings
        for (i, condition) in StoreCondition.all.enumerated() {
            let y = SettingsGeometry.firstRowY(layout) + i
            let selected = i == panel.selection
            let (value, tint) = condition.panelValue(s, strings: state.strings)
            let style = selected ? Style(bold: true, reverse: true) : .plain
            canvas.fill(x: box.x + 1, y: y, width: box.width - 2, height: 1, style: selected ? style : .plain)
            canvas.put(condition.title(state.strings), x: box.x + 3, y: y, width: 26, style: style)
            canvas.put(value, x: box.x + 30, y: y, width: box.width - 32, style: selected ? style : Style(tint: tint, bold: true))
        }
        canvas.put(words.panelHint, x: box.x + 2, y: box.maxY - 2, width: box.width - 4, style: .dim)
        if let choosing = panel.choosingError { drawErrorChooser(choosing, strings: state.strings, layout: layout, into: &canvas) }
    }

    static func drawErrorChooser(_ highlighted: Int, strings: Strings, layout: Layout, into canvas: inout some Canvas) {
        let codes = FailureChoices.all
        let box = FailureChoices.box(layout)
        let words = strings.conditions
        canvas.box(box, title: words.chooserTitle, style: .tint(.danger), titleStyle: .tint(.danger, bold: true))
        let visible = FailureChoices.visibleRows(layout)
        let first = FailureChoices.firstVisible(highlighted: highlighted, layout: layout)
        for (i, code) in codes.dropFirst(first).prefix(visible).enumerated() {
            let selected = first + i == highlighted
            let label = code.map { "\(DisplayWidth.padLeft(String($0.rawValue), to: 2)) \($0.name)" } ?? " – \(words.chooserOff)"
            let text = DisplayWidth.pad(label, to: box.width - 4)
            canvas.put(text, x: box.x + 2, y: box.y + 1 + i, style: selected ? Style(bold: true, reverse: true) : .plain)
        }
        // Marks on the right edge when the list continues above or below, as in the store list.
        if first > 0 { canvas.put("↑", x: box.maxX - 2, y: box.y + 1, style: .dim) }
        if first + visible < codes.count { canvas.put("↓", x: box.maxX - 2, y: box.y + visible, style: .dim) }
        canvas.put(words.chooserHint, x: box.x + 2, y: box.maxY - 2, width: box.width - 4, style: .dim)
    }
}

/// What the failure-injection chooser offers: off, then every StoreKit error code; and where
/// the list sits on screen (for drawing and for clicks).
enum FailureChoices {
    static let all: [SKErrorCode?] = [nil] + SKErrorCode.allCases

    static func box(_ layout: Layout) -> Rect {
        layout.dialog(width: 50, height: min(all.count + 4, layout.height - 2))
    }

    /// The list's rows: the box less its borders and the hint line.
    static func visibleRows(_ layout: Layout) -> Int {
        box(layout).height - 3
    }

    /// The list scrolls to keep the highlighted choice near the middle.
    static func firstVisible(highlighted: Int, layout: Layout) -> Int {
        let visible = visibleRows(layout)
        return max(0, min(highlighted - visible / 2, all.count - visible))
    }

    /// The choice under a click, if the click is on one.
    static func index(atX x: Int, y: Int, highlighted: Int, layout: Layout) -> Int? {
        let box = box(layout)
        let row = y - (box.y + 1)
        guard x > box.x, x < box.maxX - 1, (0..<visibleRows(layout)).contains(row) else { return nil }
        let index = firstVisible(highlighted: highlighted, layout: layout) + row
        return all.indices.contains(index) ? index : nil
    }
}
