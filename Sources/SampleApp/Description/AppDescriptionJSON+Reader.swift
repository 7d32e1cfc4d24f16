import DataFiles
import Foundation

/// The app description's format read from a `JSONNode` without `Decodable`: the same
/// `AppDescriptionJSON` `JSONDecoder` gives, or nil wherever the decoder would refuse the file,
/// so that the decoder reads it again and says why. Unknown keys are left alone, as the
/// decoder leaves them.
extension AppDescriptionJSON {
    init?(_ node: JSONNode) {
        guard let top = node.objectValue,
              let name = top["name"].optional(\.stringValue),
              let bundleID = top["bundleID"].optional(\.stringValue),
              let appVersion = top["appVersion"].optional(\.stringValue),
              let sharedSecret = top["sharedSecret"].optional(\.stringValue),
              let productIdentifiers = top["productIdentifiers"].optional({ $0.list(\.stringValue) }),
              let credits = top["credits"].optional({ $0.dictionary(\.intValue) }),
              let nonRenewingPeriods = top["nonRenewingPeriods"].optional({ $0.dictionary(\.stringValue) }),
              let content = top["content"].optional(Content.init),
              let promotionalOffers = top["promotionalOffers"].optional({ $0.list(PromotionalOffer.init) }) else { return nil }
        self.init(name: name, bundleID: bundleID, appVersion: appVersion, sharedSecret: sharedSecret, productIdentifiers: productIdentifiers, credits: credits,
                  nonRenewingPeriods: nonRenewingPeriods, content: content, promotionalOffers: promotionalOffers)
    }
}

extension AppDescriptionJSON.PromotionalOffer {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let product = fields["product"]?.stringValue, let offer = fields["offer"]?.stringValue,
              let audience = fields["for"]?.stringValue else { return nil }
        self.init(product: product, offer: offer, audience: audience)
    }
}

extension AppDescriptionJSON.Content {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let free = fields["free"].optional({ $0.list(AppDescriptionJSON.Item.init) }),
              let premium = fields["premium"].optional(AppDescriptionJSON.Premium.init) else { return nil }
        self.init(free: free, premium: premium)
    }
}

extension AppDescriptionJSON.Premium {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let unlockedBy = fields["unlockedBy"]?.stringValue,
              let items = fields["items"]?.list(AppDescriptionJSON.Item.init) else { return nil }
        self.init(unlockedBy: unlockedBy, items: items)
    }
}

extension AppDescriptionJSON.Item {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let id = fields["id"]?.stringValue,
              let localizations = fields["localizations"]?.dictionary(AppDescriptionJSON.Text.init) else { return nil }
        self.init(id: id, localizations: localizations)
    }
}

extension AppDescriptionJSON.Text {
    init?(_ node: JSONNode) {
        guard let fields = node.objectValue,
              let title = fields["title"]?.stringValue, let body = fields["body"]?.stringValue else { return nil }
        self.init(title: title, body: body)
    }
}

extension AppDescriptionJSON {
    /// The file in `data` read by `JSONNode`, or nil for the decoder to read (and refuse).
    static func read(_ data: Data) -> AppDescriptionJSON? {
        guard let node = JSONNode.parse(data), node.numbersArePlain else { return nil }
        return AppDescriptionJSON(node)
    }
}
