import CatalogFiles
import Foundation
import AppStoreCore
import StorefrontUI
import Testing
@testable import Walkthroughs

/// A walkthrough recorded at a human pace: a valid asciicast v2 file that draws what the
/// storefront showed, a marker per step, the same bytes every time, and a text transcript.
@Suite struct RecordingTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func record(_ text: String, width: Int = 100, height: Int = 28) throws -> (WalkthroughResult, CastRecorder) {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        var runner = WalkthroughRunner(catalog: catalog)
        runner.width = width
        runner.height = height
        let recorder = CastRecorder(title: "storefront: \"demo\"")
        return (runner.run(walkthrough, presenter: recorder), recorder)
    }

    static let purchase = """
        caption "Buying credits"
        open "5 Monkey Credits"
        quantity 2
        press "Buy"
        expect screen "You're all set."
        press "OK"
        expect credits 10
        """

    @Test func theRecordingIsAsciicastV2ThatDrawsWhatTheStorefrontShowed() throws {
        let (result, recorder) = try record(Self.purchase)
        #expect(result.passed, "\(result.failures)")
        let cast = try CastReplay(recorder.cast)
        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.header["width"] as? Int == 100)
        #expect(cast.header["height"] as? Int == 30, "the storefront's 28 rows and the band's 2")
        #expect(cast.header["title"] as? String == "storefront: \"demo\"")
        #expect(cast.header["timestamp"] == nil, "a timestamp would differ from one recording to the next")
        #expect(cast.header["duration"] as? Double == recorder.duration)
        #expect(cast.events.allSatisfy { ["o", "m"].contains($0.code) })
        #expect(cast.events.last?.data == "\u{1B}[0m\u{1B}[?25h", "the cursor shown again at the end")
        let times = cast.events.map(\.time)
        #expect(times == times.sorted(), "event times never go back")
        #expect(times.first == 0)
        // A human pace: the purchase's 1.5 s latency and a beat after each key take time.
        #expect(recorder.duration > 5 && recorder.duration < 60)
        #expect(abs((times.last ?? 0) - recorder.duration) < 0.001)

        let screen = try cast.screen()
        #expect(screen.contains { $0.contains("Your credits: 10") }, "\(screen.joined(separator: "\n"))")
        #expect(screen[28] == " Buying credits", "the caption band's first row")
        #expect(screen[29].contains("7/7  expect credits 10"))
    }

    @Test func aWideCharactersNeighbourIsPlacedByColumn() throws {
        var buffer = Buffer(width: 6, height: 1)
        buffer.put("日本a", x: 0, y: 0, style: .plain)
        #expect(ANSIScreen.row(0, of: buffer) == "\u{1B}[0m日\u{1B}[3G本\u{1B}[5Ga \u{1B}[0m")
    }

    @Test func eachStepHasAMarkerNamedByItsCaptionOrItsText() throws {
        let (_, recorder) = try record(Self.purchase)
        let cast = try CastReplay(recorder.cast)
        #expect(cast.markers == ["Buying credits", "open \"5 Monkey Credits\"", "quantity 2", "press \"Buy\"",
                                 "expect screen \"You're all set.\"", "press \"OK\"", "expect credits 10"])
    }

    @Test func timePassesInFramesSoTheSpinnerAndTheKeysAreSeen() throws {
        let (_, recorder) = try record(Self.purchase)
        let cast = try CastReplay(recorder.cast)
        let buy = try #require(cast.events.first { $0.code == "m" && $0.data == "press \"Buy\"" }?.time)
        let ok = try #require(cast.events.first { $0.code == "m" && $0.data == "press \"OK\"" }?.time)
        // While the store takes its 1.5 s, the sheet says so, frame after frame.
        let purchasing = try cast.screen(until: buy + 0.8)
        #expect(purchasing.contains { $0.contains("Purchasing…") }, "\(purchasing.joined(separator: "\n"))")
        #expect(ok - buy >= 1.5)
        #expect(purchasing[29].contains("[Tab]") || purchasing[29].contains("[Enter]"), "the keys pressed for the step: \(purchasing[29])")
        let stepper = try cast.screen(until: buy - 0.01)
        #expect(stepper[29].contains("quantity 2  [+]"), "\(stepper[29])")
    }

    @Test func recordingTwiceGivesTheSameBytes() throws {
        let text = Self.purchase + "\nadvance 1d\npause 3s\nrelaunch\nexpect credits 10"
        let (_, first) = try record(text)
        let (_, second) = try record(text)
        #expect(first.cast == second.cast)
        #expect(first.transcript == second.transcript)
    }

    @Test func aBannerGoesWhenItsTimeIsUp() throws {
        let (_, recorder) = try record("""
            set ask-to-buy on
            open "10 Monkey Credits"
            press "Ask"
            press "Ask"
            press "OK"
            approve
            expect screen "Ask to Buy approved"
            pause 10s
            expect screen not "Ask to Buy approved"
            """)
        let transcript = recorder.transcript
        #expect(transcript.contains("── 7: expect screen \"Ask to Buy approved\" ✓"), "\(transcript)")
        #expect(transcript.contains("── 9: expect screen not \"Ask to Buy approved\" ✓"), "\(transcript)")
    }

    @Test func theTranscriptHasEachStepAndTheScreenAfterIt() throws {
        let (result, recorder) = try record("""
            open "5 Monkey Credits"
            expect credits 3
            """)
        #expect(!result.passed)
        let lines = recorder.transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("── 1: open \"5 Monkey Credits\" ──"))
        #expect(lines[1].contains("Quotes & Credits"), "the screen follows the step")
        #expect(lines.contains { $0.contains("[ Cancel ]  [ Buy ]") })
        let failed = try #require(lines.firstIndex { $0.hasPrefix("── 2: expect credits 3 ✗ ") })
        #expect(lines[failed + 1] == "expected 3 credits, saw 0 credits")
        #expect(lines.count == failed + 4, "an expectation has no screen of its own")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// docs/walkthroughs.md's recording example is what recording prints and writes.
    @Test func theDocumentedRecordingIsTheRealOne() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/walkthroughs.md"), encoding: .utf8)
        let file = "assets/walkthroughs/ask-to-buy-approved.walk"
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let (_, recorder) = try record(text, height: 28)
        let header = try #require(recorder.cast.split(separator: "\n").first).replacingOccurrences(of: "\"storefront: \\\"demo\\\"\"", with: "\"storefront: ask-to-buy-approved\"")
        #expect(page.contains("\n$ head -1 ask.cast\n\(header)\n"), "the documented recording's header: \(header)")
        let steps = try WalkthroughParser(catalog: catalog).parse(text, file: file).steps.count
        let summary = "Recorded \(file): \(steps) steps, \(String(format: "%.1f", recorder.duration)) s → ask.cast and ask.txt"
        #expect(page.contains(summary), "\(summary)")
    }

    static let shippedFolder = root.appendingPathComponent("assets/walkthroughs")
    static let shipped = ((try? FileManager.default.contentsOfDirectory(atPath: shippedFolder.path)) ?? [])
        .filter { $0.hasSuffix(".walk") }.sorted()

    @Test func thereAreShippedWalkthroughs() {
        #expect(!Self.shipped.isEmpty, "no .walk files in \(Self.shippedFolder.path)")
    }

    /// One test case a file, so they record side by side.
    @Test(arguments: shipped)
    func everyShippedWalkthroughRecordsAsItTests(file: String) throws {
        let text = try String(contentsOf: Self.shippedFolder.appendingPathComponent(file), encoding: .utf8)
        let (result, recorder) = try record(text)
        #expect(result.passed, "\(file): \(result.failures.map { $0.summary(file: file) })")
        _ = try CastReplay(recorder.cast).screen()
    }
}
