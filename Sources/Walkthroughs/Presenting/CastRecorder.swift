import DataFiles
import Foundation
import StorefrontUI

/// Records a walkthrough as it runs, at a human pace on a timeline of its own (no real
/// time passes), into an asciicast v2 recording, the format asciinema plays: a header line,
/// then an output event whenever the screen changes and a marker at each step. Also keeps a
/// plain-text transcript: each step and the screen after it, and the `Recording` of every
/// frame that a page is written from. Same walkthrough, same bytes.
public final class CastRecorder: Presenter {
    public let title: String
    /// Every frame shown and every step run, as they came.
    public private(set) var recording: Recording
    private var stage = Stage()
    private var storefront: HeadlessStorefront?
    /// The timeline in whole milliseconds, so no rounding drifts between recordings.
    private var milliseconds = 0 { didSet { recording.milliseconds = milliseconds } }
    private var shown: Buffer?
    private var events: [String] = []
    private var size: (width: Int, height: Int) = (0, 0)
    private var transcriptLines: [String] = []

    public init(title: String) {
        self.title = title
        recording = Recording(title: title)
    }

    public var isStopped: Bool { false }

    /// The recording: asciicast v2, one JSON value per line.
    public var cast: String {
        // No timestamp: the recording's own would make every one differ.
        let header = "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), "
            + "\"duration\": \(Self.seconds(milliseconds)), "
            + "\"title\": \(Self.json(title)), \"env\": {\"TERM\": \"xterm-256color\"}}"
        let end = "[\(Self.seconds(milliseconds)), \"o\", \(Self.json(ANSIScreen.end))]"
        return ([header] + events + [end]).joined(separator: "\n") + "\n"
    }

    /// Each step as written, then the storefront's screen after it (an expectation: whether
    /// it held).
    public var transcript: String { transcriptLines.joined(separator: "\n") + "\n" }

    /// The recording's length in seconds.
    public var duration: Double { Double(milliseconds) / 1000 }

    public func opened(_ storefront: HeadlessStorefront) {
        self.storefront = storefront
        let frame = stage.frame(of: storefront)
        size = (frame.width, frame.height)
        recording.languageCode = storefront.state.strings.languageCode
        show()
    }

    public func starting(_ step: Step, number: Int, of total: Int) {
        stage.start(step, number: number, of: total)
        recording.steps.append(Recording.StepRecord(number: number, step: step, startMilliseconds: milliseconds))
        if case .caption(let text) = step.action {
            event("m", text)
        } else {
            event("m", step.source)
        }
        show()
    }

    public func finished(_ step: Step, failure: StepFailure?) {
        stage.finish(failure)
        show()
        if let last = recording.steps.indices.last {
            recording.steps[last].frame = recording.frames.indices.last
            recording.steps[last].failure = failure
            recording.steps[last].caption = stage.band.caption
        }
        if let storefront { recording.languageCode = storefront.state.strings.languageCode }
        var heading = "── \(step.line): \(step.source) "
        if case .expect = step.action { heading += failure == nil ? "✓ " : "✗ " }
        transcriptLines.append(heading + String(repeating: "─", count: max(3, 60 - DisplayWidth.of(heading))))
        if let failure { transcriptLines.append("expected \(failure.expected), saw \(failure.saw)") }
        switch step.action {
        case .expect, .caption, .pause: break
        default:
            if let storefront { transcriptLines.append(storefront.screen) }
        }
        transcriptLines.append("")
    }

    public func caption(_ text: String) {
        stage.band.caption = text
        show()
    }

    public func pressing(_ key: Key) {
        stage.press(key)
        show()
    }

    public func elapsed(_ seconds: Double) {
        milliseconds += Int((seconds * 1000).rounded())
        show()
    }

    /// An output event with the rows that changed, if any did.
    private func show() {
        guard let storefront else { return }
        let frame = stage.frame(of: storefront)
        guard frame != shown else { return }
        let start = shown == nil ? ANSIScreen.start : ""
        event("o", start + ANSIScreen.changes(from: shown, to: frame))
        shown = frame
        recording.frames.append(Recording.Frame(milliseconds: milliseconds, screen: frame))
    }

    private func event(_ code: String, _ data: String) {
        events.append("[\(Self.seconds(milliseconds)), \(Self.json(code)), \(Self.json(data))]")
    }

    /// `12.345`: seconds with their milliseconds, as asciicast writes times.
    static func seconds(_ milliseconds: Int) -> String {
        String(format: "%d.%03d", milliseconds / 1000, milliseconds % 1000)
    }

    /// A JSON string, as every JSON storefront writes escapes it (control characters as \u001b).
    static func json(_ text: String) -> String {
        // Encoding a string cannot fail.
        (try? JSONCoding.line(text)) ?? "\"\""
    }
}
