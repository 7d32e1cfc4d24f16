/// How a prorated refund is asked for where a refusal of one is read: the command line's
/// option, or a walkthrough's step.
public struct RefundAsk: Sendable {
    /// By the time left in a subscription's period.
    public let timeLeft: String
    /// By a percentage, as an example.
    public let percentage: String

    public static let commandLine = RefundAsk(timeLeft: "--prorated time-left", percentage: "--prorated 50")
    public static let walkthrough = RefundAsk(timeLeft: "prorated time-left", percentage: "prorated 50%")
}
