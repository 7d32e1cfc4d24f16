import AppStoreCore

/// How a step names a product: by its id or by its title in any of the catalog's languages,
/// as written or in another case. The one rule `open`, `manage`, `choose`, the subscription
/// and transaction steps share, whatever language the screen is in.
extension Catalog {
    /// Every product's names, with the product each names: the ids in `listedFirst` (the
    /// app's, in its order) first, then each product's id and its titles.
    func productNames(listedFirst ids: [String] = []) -> [(String, String)] {
        var names = ids.map { ($0, $0) }
        for product in products {
            if !ids.contains(product.id) { names.append((product.id, product.id)) }
            names += product.localizations.map { ($0.title, product.id) }
        }
        return names
    }
}

/// What `text` names among `names`: the first name written as it is, else the first in
/// another case.
func named<Target>(_ text: String, in names: [(String, Target)]) -> Target? {
    (names.first { $0.0 == text } ?? names.first { $0.0.lowercased() == text.lowercased() })?.1
}
