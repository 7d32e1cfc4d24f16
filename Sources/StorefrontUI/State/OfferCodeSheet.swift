/// The App Store's offer code sheet: the code typed so far, and the focused button.
public struct OfferCodeSheet: Equatable, Sendable {
    /// The longest code the field takes: App Store Connect's custom codes are far shorter.
    public static let maximumLength = 64

    public var code = ""
    /// 0 = Cancel, 1 = Redeem.
    public var focus = 1

    public init(code: String = "") {
        self.code = code
    }
}
