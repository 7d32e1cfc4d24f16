import SampleApp
import StorefrontUI
import Wording

/// What a presenter shows and keeps track of: the storefront drawn above the caption band,
/// and the band's caption, step and keys as the walkthrough goes.
public struct Stage {
    public var band = CaptionBand()

    public init() {}

    /// The smallest terminal a walkthrough is shown in: the storefront's smallest screen
    /// with the band under it.
    public static let minimumWidth = Layout.minimumWidth
    public static let minimumHeight = Layout.minimumHeight + CaptionBand.height

    public static func fits(width: Int, height: Int) -> Bool {
        width >= minimumWidth && height >= minimumHeight
    }

    /// A terminal too small for the storefront and the band: what size it needs, and that
    /// the walkthrough waits for it (after the end, that the storefront does).
    public func tooSmallFrame(width: Int, height: Int, strings: Strings) -> Buffer {
        var frame = Buffer(width: width, height: height)
        let words = strings.walkthrough
        let then = band.controls?.mode == .ended ? strings.screen.qQuits : words.waitsForRoom
        TooSmallView.draw(needs: words.tooSmall(Self.minimumWidth, Self.minimumHeight), then: then, strings: strings, into: &frame)
        return frame
    }

    /// The whole screen: the storefront at its size, the band under it; in ASCII stand-ins
    /// when the storefront draws that way.
    public func frame(of storefront: HeadlessStorefront) -> Buffer {
        let screen = render(storefront.state)
        var frame = Buffer(width: screen.width, height: screen.height + CaptionBand.height)
        frame.place(screen, atY: 0)
        band.draw(into: &frame, atY: screen.height, strings: storefront.state.strings)
        return storefront.state.ascii == nil ? frame : ASCIIStandIns.applied(to: frame)
    }

    /// A new step: its number and text, no keys yet; the caption stays until the next one.
    public mutating func start(_ step: Step, number: Int, of total: Int) {
        band.step = "\(number)/\(total)  \(step.source)"
        band.keys = []
        band.failure = nil
    }

    /// A key pressed for the step, shown after the ones before it.
    public mutating func press(_ key: Key) {
        band.keys.append(key)
    }

    public mutating func finish(_ failure: StepFailure?) {
        band.failure = failure
    }
}
