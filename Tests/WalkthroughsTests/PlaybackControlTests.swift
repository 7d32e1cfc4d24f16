import StorefrontUI
import Testing
import Walkthroughs

/// A played walkthrough's controls: Space pauses and hands the storefront to the presenter,
/// → lets one step through, q stops; at the end the presenter keeps the storefront.
@Suite struct PlaybackControlTests {
    @Test func spacePausesAndTheStorefrontTakesThePresentersKeys() {
        var control = PlaybackControl()
        #expect(control.handle(.down) == nil, "playing, a stray key does nothing")
        #expect(control.handle(.char(" ")) == nil)
        #expect(control.mode == .paused)
        #expect(control.handle(.down) == .down, "paused, the presenter drives")
        #expect(control.handle(.enter) == .enter)
        #expect(control.handle(.char(" ")) == nil)
        #expect(control.mode == .playing)
    }

    @Test func rightLetsOneStepRunThenPauses() {
        var control = PlaybackControl()
        _ = control.handle(.char(" "))
        _ = control.handle(.right)
        #expect(control.mode == .stepping)
        #expect(control.handle(.down) == nil, "the step runs on its own")
        control.stepStarting()
        #expect(control.mode == .paused)
        control.stepStarting()
        #expect(control.mode == .paused)
        _ = control.handle(.right)
        #expect(control.mode == .stepping, "→ while playing too")
    }

    @Test func qStopsFromAnyMode() {
        for setup: [Key] in [[], [.char(" ")], [.right]] {
            var control = PlaybackControl()
            setup.forEach { _ = control.handle($0) }
            #expect(control.handle(.char("q")) == nil)
            #expect(control.mode == .stopped)
            _ = control.handle(.char(" "))
            _ = control.handle(.right)
            control.end()
            #expect(control.mode == .stopped, "stopped stays stopped")
        }
    }

    @Test func afterTheEndThePresenterHasEveryKeyButQ() {
        var control = PlaybackControl()
        control.end()
        #expect(control.mode == .ended)
        #expect(control.handle(.char(" ")) == .char(" "))
        #expect(control.handle(.right) == .right)
        #expect(control.handle(.char("Q")) == nil)
        #expect(control.mode == .stopped)
    }

    @Test func theStatusSaysWhatTheKeysDo() {
        #expect(PlaybackControl().status(in: .english) == "Space pause · → step · q stop")
        #expect(PlaybackControl(speed: 2).status(in: .english) == "Space pause · → step · q stop · 2×")
        #expect(PlaybackControl(speed: 0.5).status(in: .english) == "Space pause · → step · q stop · 0.5×")
        var control = PlaybackControl()
        _ = control.handle(.char(" "))
        #expect(control.status(in: .english).hasPrefix("PAUSED"))
        control.end()
        #expect(control.status(in: .english).hasPrefix("END"))
    }
}
