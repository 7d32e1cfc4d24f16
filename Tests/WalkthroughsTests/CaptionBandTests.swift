import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI
import Testing
@testable import Walkthroughs

/// The caption band speaks the storefront's language in its own words (the controls, a
/// failed step's lead-in, a key with no name); the caption, the step's text and the key names
/// a `key` step writes stay as the walkthrough has them.
@Suite struct CaptionBandTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    private func japaneseStorefront() throws -> HeadlessStorefront {
        try HeadlessStorefront(catalog: catalog, settings: [{ $0.storefront = "JPN"; $0.locale = "ja_JP" }])
    }

    /// The band's two rows of the whole frame, trailing spaces removed.
    private func band(_ stage: Stage, over storefront: HeadlessStorefront) -> [String] {
        stage.frame(of: storefront).lines.suffix(CaptionBand.height).map { line in
            var text = line
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    @Test func theControlsAreInTheStorefrontsLanguage() throws {
        let japanese = try japaneseStorefront()
        let english = try HeadlessStorefront(catalog: catalog)
        var stage = Stage()
        var control = PlaybackControl(speed: 2)
        stage.band.controls = control
        #expect(band(stage, over: japanese)[1].hasSuffix(" Spaceで一時停止 · →で1ステップ · qで停止 · 2×"))
        #expect(band(stage, over: english)[1].hasSuffix(" Space pause · → step · q stop · 2×"))
        _ = control.handle(.char(" "))
        stage.band.controls = control
        #expect(band(stage, over: japanese)[1].hasSuffix(" 一時停止 · 自由に操作できます · Spaceで再開 · →で1ステップ · qで停止"))
        _ = control.handle(.right)
        stage.band.controls = control
        #expect(band(stage, over: japanese)[1].hasSuffix(" → 1ステップ実行中 · Spaceで一時停止 · qで停止"))
        control.end()
        stage.band.controls = control
        #expect(band(stage, over: japanese)[1].hasSuffix(" 再生終了 · 自由に操作できます · qで終了"))
    }

    /// Double-width words keep their columns: the controls whole at the right, the step cut
    /// before them, down to the narrowest terminal a walkthrough is recorded in.
    @Test func aJapaneseBandFitsEveryWidth() throws {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("open \"5 Monkey Credits\"\n", file: "demo.walk")
        var stage = Stage()
        stage.start(try #require(walkthrough.steps.first), number: 12, of: 17)
        stage.press(.down)
        var control = PlaybackControl()
        _ = control.handle(.char(" "))
        stage.band.controls = control
        let paused = "一時停止 · 自由に操作できます · Spaceで再開 · →で1ステップ · qで停止"
        for width in [100, 80, 70] {
            let storefront = try HeadlessStorefront(catalog: catalog, width: width, height: 20,
                                                    settings: [{ $0.storefront = "JPN"; $0.locale = "ja_JP" }])
            let row = band(stage, over: storefront)[1]
            #expect(row.hasSuffix(" \(paused)"), "\(width): \(row)")
            #expect(row.hasPrefix(width == 70 ? "" : " 12/17"), "\(width): \(row)")
        }
    }

    @Test func theStepAndItsKeyNamesStayAsWritten() throws {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("press \"Buy\"\n", file: "demo.walk")
        var stage = Stage()
        stage.start(try #require(walkthrough.steps.first), number: 4, of: 17)
        stage.press(.tab)
        stage.press(.click(x: 3, y: 4))
        stage.press(.scrollDown(x: 1, y: 1))
        #expect(band(stage, over: try japaneseStorefront())[1] == " 4/17  press \"Buy\"  [Tab] [クリック 3,4] [ホイール下]")
        #expect(band(stage, over: try HeadlessStorefront(catalog: catalog))[1] == " 4/17  press \"Buy\"  [Tab] [click 3,4] [wheel down]")
    }

    /// Recorded: the locale set by a step turns the band Japanese from then on. What was
    /// expected and seen are the walkthrough report's words, as `test` prints them.
    @Test func aFailedStepOnAJapaneseStorefrontIsSaidInJapanese() throws {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("""
            set locale ja_JP
            caption "Five credits, please"
            expect credits 3
            """, file: "demo.walk")
        var runner = WalkthroughRunner(catalog: catalog)
        runner.height = 28
        let recorder = CastRecorder(title: "demo")
        let result = runner.run(walkthrough, presenter: recorder)
        #expect(!result.passed)
        let screen = try CastReplay(recorder.cast).screen()
        #expect(screen[28] == " Five credits, please", "the caption as written")
        #expect(screen[29] == " ✗ 3行目: 期待 3 credits、結果 0 credits", "\(screen[29])")
        #expect(recorder.transcript.contains("expected 3 credits, saw 0 credits"), "the transcript is the report's")
    }

    /// A terminal too small for the storefront and the band (70×20 is the storefront's own
    /// smallest) says what a walkthrough needs, and that it waits; after the end, that q quits.
    @Test func tooSmallToPlaySaysTheSizeItNeedsAndThatItWaits() throws {
        #expect((Stage.minimumWidth, Stage.minimumHeight) == (70, 22))
        #expect(Stage.fits(width: 70, height: 22))
        #expect(!Stage.fits(width: 70, height: 21))
        #expect(!Stage.fits(width: 69, height: 30))
        var stage = Stage()
        var control = PlaybackControl()
        stage.band.controls = control
        let english = stage.tooSmallFrame(width: 70, height: 20, strings: .english).text
        #expect(english.contains("terminal too small to play (needs 70×22)"), "\(english)")
        #expect(english.contains("now 70×20 — enlarge the window to continue"))
        #expect(english.contains("the walkthrough waits until then; q stops"))
        let japanese = stage.tooSmallFrame(width: 70, height: 20, strings: .japanese).text
        #expect(japanese.contains("再生するには端末が小さすぎます (70×22以上が必要)"), "\(japanese)")
        #expect(japanese.contains("それまでウォークスルーは待機します。qで停止"))
        control.end()
        stage.band.controls = control
        #expect(stage.tooSmallFrame(width: 60, height: 10, strings: .english).text.contains("q quits"))
    }
}
