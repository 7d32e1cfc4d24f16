import Foundation
import SampleApp

extension AppState {
    /// The unconsumed purchases: Enter or c consumes the selected row, 1 uses one unit of its
    /// balance, oldest first (as spending a credit does).
    mutating func handleUnconsumed(_ panel: UnconsumedPanel, _ key: Key) -> [Effect] {
        var panel = panel
        let rows = unconsumedRows
        panel.selection = min(panel.selection, max(0, rows.count - 1))
        let selected = rows.indices.contains(panel.selection) ? rows[panel.selection] : nil
        switch key {
        case .escape, .char("u"), .char("q"):
            mode = .store
            return []
        case .up, .char("k"): panel.selection = max(0, panel.selection - 1)
        case .down, .char("j"): panel.selection = min(max(0, rows.count - 1), panel.selection + 1)
        case .home, .char("g"): panel.selection = 0
        case .end, .char("G"): panel.selection = max(0, rows.count - 1)
        case .click(_, let y):
            let g = UnconsumedGeometry(self, panel: panel, layout: Layout(width: width, height: height))
            guard let index = g.row(atY: y) else { return [] }
            panel.selection = index
        case .enter, .char(" "), .char("c"):
            mode = .unconsumed(panel)
            return selected.map { [$0.consumeAll] } ?? []
        case .char("1"):
            mode = .unconsumed(panel)
            return selected.map { [.consume(.product($0.balanceKey(appDescription)), quantity: 1)] } ?? []
        default:
            return []
        }
        mode = .unconsumed(panel)
        return []
    }
}
