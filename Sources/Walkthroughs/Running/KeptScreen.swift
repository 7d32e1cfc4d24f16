import StorefrontUI

/// A screen a run left, kept for a page to draw (`test --html`), with the storefront's
/// language then, which the page's own words follow.
public struct KeptScreen: Equatable, Sendable {
    public var screen: Buffer
    /// "en", "ja".
    public var languageCode: String

    public init(screen: Buffer, languageCode: String) {
        self.screen = screen
        self.languageCode = languageCode
    }
}

extension KeptScreen {
    /// The screen as the terminal shows it: in ASCII stand-ins when the storefront draws that way.
    init(_ storefront: HeadlessStorefront) {
        let screen = render(storefront.state)
        self.init(screen: storefront.state.ascii == nil ? screen : ASCIIStandIns.applied(to: screen),
                  languageCode: storefront.state.strings.languageCode)
    }
}
