import SampleApp
import StorefrontUI
import Wording

/// The rows under the storefront that a played or recorded walkthrough keeps for itself:
/// the caption, then the step and the keys pressed for it (and, playing, the controls). Its
/// own words are drawn in the storefront's language; the caption and the step's text are
/// the walkthrough's, as written.
public struct CaptionBand: Equatable, Sendable {
    public static let height = 2

    public var caption: String?
    /// `4/17 press "Buy"`.
    public var step: String?
    public var keys: [Key] = []
    /// Right-aligned on the step row: what the keys do, or that the walkthrough is paused.
    public var controls: PlaybackControl?
    /// The last expectation that did not hold, shown until the next step.
    public var failure: StepFailure?

    public init() {}

    public func draw(into buffer: inout Buffer, atY y: Int, strings: Strings) {
        let width = buffer.width
        let captionStyle = Style(tint: .accent, bold: true, reverse: true)
        buffer.fill(x: 0, y: y, width: width, height: 1, style: captionStyle)
        if let caption {
            buffer.put(" " + DisplayWidth.truncate(caption, to: max(0, width - 2)), x: 0, y: y, style: captionStyle)
        }
        let row = y + 1
        buffer.fill(x: 0, y: row, width: width, height: 1, style: .plain)
        let status = controls.map { " \($0.status(in: strings)) " } ?? ""
        let room = max(0, width - DisplayWidth.of(status) - 1)
        var x = 1
        if let failure {
            let text = strings.walkthrough.failure(failure.line, failure.expected, failure.saw)
            x = buffer.put(DisplayWidth.truncate("✗ " + text, to: room - 1), x: x, y: row, style: .tint(.danger, bold: true))
        } else if let step {
            x = buffer.put(DisplayWidth.truncate(step, to: room - 1), x: x, y: row, style: .tint(.muted))
        }
        if !keys.isEmpty, failure == nil, x + 4 < room {
            x = buffer.put("  ", x: x, y: row, style: .plain)
            for key in keys.suffix(8).map({ KeyLabel.of($0, strings: strings) }) where x + DisplayWidth.of(key) + 3 <= room {
                x = buffer.put("[\(key)]", x: x, y: row, style: .tint(.accent, bold: true))
                x = buffer.put(" ", x: x, y: row, style: .plain)
            }
        }
        if !status.isEmpty {
            buffer.put(status, x: max(x, width - DisplayWidth.of(status)), y: row, style: .reverse)
        }
    }
}
