import Foundation
import AppStoreCore
import Wording

/// The selected transaction's signed form over the Transaction Manager: what its header says
/// (the algorithm, the chain's subjects), when it was signed and its size, the file it was
/// written to and the command that checks it, then the JWS itself as far as the box holds it.
enum SignedFormSheet {
    static func draw(_ state: AppState, transactionID: String, summary: SignedFormSummary?, signed: Bool, layout: Layout,
                     into canvas: inout some Canvas) {
        let words = state.strings.manager
        let width = min(layout.width - 4, 96)
        let textWidth = width - 4
        var lines: [(text: String, style: Style)] = []
        if let summary {
            let facts = words.signedFormFacts(summary.algorithm, state.times.dateTime(summary.signedDate), "\(summary.size)")
            lines += TextWrap.lines(facts, width: textWidth).map { ($0, .bold) }
            lines += TextWrap.lines(words.signedFormChain(summary.chain.joined(separator: " → ")), width: textWidth).map { ($0, .plain) }
            lines += TextWrap.lines(words.signedFormWritten(summary.path), width: textWidth).map { ($0, .plain) }
            let check = CommandLineHint.command("verify " + CommandLineHint.quoted(summary.path))
            lines += TextWrap.lines(words.signedFormCheck(check), width: textWidth).map { ($0, .dim) }
            lines.append(("", .plain))
            // The JWS has no spaces to wrap at: cut in runs of the box's width, as far as it holds.
            let room = max(1, layout.height - 4 - lines.count)
            let runs = stride(from: 0, to: summary.jws.count, by: textWidth).map { start -> String in
                let from = summary.jws.index(summary.jws.startIndex, offsetBy: start)
                return String(summary.jws[from..<(summary.jws.index(from, offsetBy: textWidth, limitedBy: summary.jws.endIndex) ?? summary.jws.endIndex)])
            }
            var shown = Array(runs.prefix(room))
            if runs.count > room, let last = shown.popLast() { shown.append(String(last.dropLast()) + "…") }
            lines += shown.map { ($0, .dim) }
        } else {
            lines = TextWrap.lines(signed ? words.readingSignedForm : words.noSignedForm, width: textWidth).map { ($0, .dim) }
        }
        let box = layout.dialog(width: width, height: lines.count + 2)
        canvas.box(box, title: words.signedFormTitle(transactionID), style: .tint(.accent), titleStyle: .tint(.accent, bold: true))
        canvas.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, style: .plain)
        for (i, line) in lines.prefix(box.height - 2).enumerated() {
            canvas.put(line.text, x: box.x + 2, y: box.y + 1 + i, width: box.width - 4, style: line.style)
        }
    }
}
