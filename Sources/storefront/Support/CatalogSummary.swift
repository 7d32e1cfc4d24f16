import CatalogFiles
import DataFiles
import Foundation
import AppStoreCore
import StorefrontUI

/// What `catalog check` shows of a catalog file: its products by type, subscription groups
/// by level with their offers, locales, the conditions its settings give, notes and problems.
struct CatalogSummary {
    let inspection: CatalogInspection
    let file: String
    /// The app description beside the catalog; nil while the catalog has problems.
    let appCheck: AppDescriptionCheck?

    init(_ inspection: CatalogInspection, file: String, appCheck: AppDescriptionCheck?) {
        self.inspection = inspection
        self.file = file
        self.appCheck = appCheck
    }

    /// Whether the catalog or its app description has a problem (exit 65).
    var hasProblems: Bool { !inspection.problems.isEmpty || appCheck?.error != nil }

    var catalog: Catalog { inspection.catalog }

    // MARK: Groups and levels

    /// The catalog's groups, and a group for each subscription that names one it lacks.
    var groups: [SubscriptionGroup] {
        var groups = catalog.subscriptionGroups
        for product in catalog.products where product.type == .autoRenewable {
            if let id = product.subscription?.groupID, !groups.contains(where: { $0.id == id }) {
                groups.append(SubscriptionGroup(id: id, name: id))
            }
        }
        return groups
    }

    /// A group's subscriptions by level, the highest (1) first.
    func levels(of group: String) -> [(level: Int?, products: [CatalogProduct])] {
        var levels: [(level: Int?, products: [CatalogProduct])] = []
        for product in catalog.subscriptions(in: group) {
            let level = product.subscription?.level
            if let index = levels.firstIndex(where: { $0.level == level }) {
                levels[index].products.append(product)
            } else {
                levels.append((level, [product]))
            }
        }
        return levels
    }
}
