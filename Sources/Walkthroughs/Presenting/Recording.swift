import StorefrontUI

/// A walkthrough as it was recorded: every screen it showed, each at its time on the
/// walkthrough's own timeline, and each step with the screen it left. The asciicast, the
/// transcript and the page are written from the same frames.
public struct Recording: Sendable {
    /// A screen, the caption band included, from `milliseconds` until the next frame.
    public struct Frame: Sendable {
        public var milliseconds: Int
        public var screen: Buffer
    }

    /// A step that ran: when it started and the frame it left.
    public struct StepRecord: Sendable {
        /// Counted from 1, as the band counts.
        public var number: Int
        public var step: Step
        public var startMilliseconds: Int
        /// The frame shown once it finished; nil while it runs.
        public var frame: Int?
        public var failure: StepFailure?
        /// The band's caption once it finished.
        public var caption: String?
    }

    public var title: String
    public var frames: [Frame] = []
    public var steps: [StepRecord] = []
    /// The recording's length.
    public var milliseconds = 0
    /// The storefront's language as the walkthrough left it: "en", "ja".
    public var languageCode = "en"

    public init(title: String) {
        self.title = title
    }
}
