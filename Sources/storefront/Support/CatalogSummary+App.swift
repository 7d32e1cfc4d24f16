import DataFiles
import Foundation
import SampleApp
import AppStoreCore

/// The app description `catalog check` found for the catalog: the app that sells from it.
enum AppDescriptionCheck {
    case builtIn(AppDescription)
    /// The description read from this file beside the catalog.
    case file(String, AppDescription)
    /// No file at this path: the generic app.
    case generic(String, AppDescription)
    /// A file that cannot be used, with why.
    case unusable(DataFileError)

    /// The app description for the catalog at `path` (nil: the built-in one), read as every
    /// command reads it.
    static func check(catalogAt path: String?, catalog: Catalog) -> AppDescriptionCheck {
        do {
            guard let path else { return .builtIn(try AppDescriptionLoader.defaultDescription(for: catalog)) }
            let catalogURL = URL(fileURLWithPath: path)
            let file = AppDescriptionLoader.file(beside: catalogURL).path
            if let app = try AppDescriptionLoader.loadIfPresent(beside: catalogURL, catalog: catalog) { return .file(file, app) }
            return .generic(file, AppDescriptionLoader.generic(for: catalog, at: catalogURL))
        } catch {
            return .unusable(error)
        }
    }

    var app: AppDescription? {
        switch self {
        case .builtIn(let app), .file(_, let app), .generic(_, let app): app
        case .unusable: nil
        }
    }

    var error: DataFileError? {
        if case .unusable(let error) = self { return error }
        return nil
    }
}

extension CatalogSummary {
    /// How long each non-renewing subscription lasts in the app, and who says so.
    var nonRenewingPeriods: [(id: String, period: SubscriptionPeriod, source: String)] {
        guard let app = appCheck?.app else { return [] }
        return catalog.products.filter { $0.type == .nonRenewing }.map { product in
            let (period, source) = app.nonRenewingPeriod(of: product.id, stated: product.subscription?.period)
            let who = switch source {
            case .appDescription: "the app description"
            case .catalog: "the catalog"
            case .appDefault: "the app's default; the app description's nonRenewingPeriods can say otherwise"
            }
            return (product.id, period, who)
        }
    }
}
