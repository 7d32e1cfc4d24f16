import Foundation
import StoreKitSim

/// The app description's file format (assets/catalog.app.json).
struct AppDescriptionJSON: Codable {
    var name: String?
    var productIdentifiers: [String]?
    var credits: [String: Int]?
    var content: Content?

    struct Content: Codable {
        var free: [Item]?
        var premium: Premium?
    }

    struct Premium: Codable {
        var unlockedBy: String
        var items: [Item]
    }

    struct Item: Codable {
        var id: String
        var localizations: [String: Text]
    }

    struct Text: Codable {
        var title: String
        var body: String
    }

    func description(for catalog: Catalog, defaultName: String) -> AppDescription {
        let generic = AppDescription.generic(for: catalog, named: defaultName)
        return AppDescription(
            name: name ?? generic.name,
            productIdentifiers: productIdentifiers ?? generic.productIdentifiers,
            credits: credits ?? [:],
            content: AppDescription.Content(
                free: (content?.free ?? []).map(\.item),
                premium: content?.premium.map { AppDescription.PremiumContent(unlockedBy: $0.unlockedBy, items: $0.items.map(\.item)) }))
    }
}

extension AppDescriptionJSON.Item {
    var item: ContentItem {
        ContentItem(id: id, localizations: LocaleMatch.ordered(localizations).map {
            ContentItem.Text(locale: $0.key, title: $0.value.title, body: $0.value.body)
        })
    }
}
