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
    init(_ storefront: HeadlessStorefront) {
        self.init(screen: render(storefront.state), languageCode: storefront.state.strings.languageCode)
    }
}
