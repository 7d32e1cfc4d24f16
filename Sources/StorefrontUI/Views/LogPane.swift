import Foundation
import SampleApp
import AppStoreCore

/// The latest transaction updates, as they arrive. Until this session fills the pane, the
/// latest transactions from before the launch stand above them, dimmed.
enum LogPane {
    private struct Line {
        var stamp: String
        var text: String
        var style: Style
    }

    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let rect = layout.log
        let session = state.log.suffix(rect.height)
        let earlier = state.earlier.suffix(rect.height - session.count)
        let words = state.strings.log
        // The zone once, here: the lines show local times alone.
        let title = "\(words.transactions) · \(words.zone(state.times.offset(at: state.now)))"
        let label = earlier.isEmpty ? title : "\(title) · \(words.dimmedEarlier)"
        canvas.rule(y: layout.logRule, x: 0, width: layout.width, label: label)
        if session.isEmpty, earlier.isEmpty {
            canvas.put(words.nothingYet, x: 1, y: rect.y, width: rect.width - 2, style: .dim)
        }
        let lines = earlier.map {
            Line(stamp: state.times.stamp(of: $0.queueState.transactionDate, now: state.now),
                 text: AppEvent.updated($0, redelivered: false).text(app: state.appDescription, times: state.times, strings: state.strings,
                                                                     errors: { ErrorText.of($0, in: state.strings) }),
                 style: .dim)
        } + session.map {
            Line(stamp: state.times.stamp(of: $0.date, now: state.now), text: $0.text, style: Style(tint: $0.tint))
        }
        let stampWidth = lines.map { DisplayWidth.of($0.stamp) }.max() ?? 0
        for (i, line) in lines.enumerated() {
            let x = canvas.put(DisplayWidth.pad(line.stamp, to: stampWidth) + "  ", x: 1, y: rect.y + i, style: .dim)
            canvas.put(line.text, x: x, y: rect.y + i, width: rect.width - x - 1, style: line.style)
        }
    }
}
