import CursesTerminal
import Foundation
import StorefrontUI
import Walkthroughs

/// Shows a walkthrough on the terminal as it runs, at a human pace: each frame drawn, each
/// wait a real one (shortened or stretched by the speed) during which the viewer's keys are
/// read. Paused, the presenter's keys go to the storefront and its time runs as real time.
/// In a terminal too small for the storefront and the band, the walkthrough waits: no step
/// runs and its time stands still until the window is large enough again.
@MainActor
final class WalkthroughPlayer {
    private let terminal: Terminal
    private(set) var control: PlaybackControl
    private var stage = Stage()
    private var storefront: HeadlessStorefront?
    private var size: (width: Int, height: Int)

    init(terminal: Terminal, speed: Double) {
        self.terminal = terminal
        control = PlaybackControl(speed: speed)
        size = terminal.size
    }

    private var fits: Bool { Stage.fits(width: size.width, height: size.height) }

    private func draw() {
        guard let storefront else { return }
        stage.band.controls = control
        terminal.draw(fits ? stage.frame(of: storefront)
            : stage.tooSmallFrame(width: size.width, height: size.height, strings: storefront.state.strings))
    }

    /// Waits `seconds` of the walkthrough's time, reading keys meanwhile. Time spent waiting
    /// for room does not count.
    private func wait(_ seconds: Double) {
        var deadline = Self.uptime + seconds / control.speed
        while control.mode == .playing || control.mode == .stepping {
            let left = deadline - Self.uptime
            guard left > 0 else { return }
            if let key = terminal.readKey(timeoutMilliseconds: Int((left * 1000).rounded(.up))) { take(key) }
            let before = Self.uptime
            waitForRoom()
            deadline += Self.uptime - before
        }
        if control.mode == .paused { handOver() }
    }

    /// While the terminal is too small, nothing goes on: only the viewer's keys are read (a
    /// resize, q), until it is large enough or they stop.
    private func waitForRoom() {
        while !fits, control.mode != .stopped {
            draw()
            if let key = terminal.readKey(timeoutMilliseconds: nil) { take(key) }
        }
    }

    /// A key from the viewer: a resize or the presenter's key goes to the storefront.
    private func take(_ key: Key) {
        if case .resize(let width, let height) = key {
            size = (width, height)
            storefront?.runtime.send(.resize(width: width, height: max(0, height - CaptionBand.height)))
        } else if let key = control.handle(key) {
            storefront?.runtime.send(key)
        }
        draw()
    }

    /// While paused (or after the end): the presenter drives the storefront, whose time runs
    /// as real time so what they start finishes, until they hand it back or stop.
    private func handOver() {
        var last = Self.uptime
        while control.mode == .paused || control.mode == .ended {
            draw()
            let key = terminal.readKey(timeoutMilliseconds: storefront?.runtime.state.isBusy == true ? 80 : 250)
            let now = Self.uptime
            storefront?.tick(after: now - last)
            last = now
            if let key { take(key) }
        }
        draw()
    }

    /// Seconds on a clock that only goes forward, whatever is done to the time of day.
    private static var uptime: TimeInterval { ProcessInfo.processInfo.systemUptime }

    func end() {
        control.end()
        handOver()
    }
}

extension WalkthroughPlayer: @preconcurrency Presenter {
    var isStopped: Bool { control.mode == .stopped }

    func opened(_ storefront: HeadlessStorefront) {
        self.storefront = storefront
        draw()
        waitForRoom()
    }

    func starting(_ step: Step, number: Int, of total: Int) {
        waitForRoom()
        stage.start(step, number: number, of: total)
        control.stepStarting()
        draw()
        if control.mode == .paused { handOver() }
    }

    func finished(_ step: Step, failure: StepFailure?) {
        stage.finish(failure)
        draw()
    }

    func caption(_ text: String) {
        stage.band.caption = text
        draw()
    }

    func pressing(_ key: Key) {
        waitForRoom()
        stage.press(key)
        draw()
    }

    func elapsed(_ seconds: Double) {
        draw()
        waitForRoom()
        if seconds > 0 { wait(seconds) }
    }
}
