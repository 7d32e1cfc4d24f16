import DataFiles
import Foundation
import AppStoreCore

/// Reads the app description for a catalog and checks it against the catalog.
public enum AppDescriptionLoader {
    /// The file that describes the app for the catalog at `catalog`: beside it, its name with
    /// `.app.json` for the extension (`Products.storekit` → `Products.app.json`).
    public static func file(beside catalog: URL) -> URL {
        catalog.deletingPathExtension().appendingPathExtension("app.json")
    }

    /// The description beside `catalogURL`, or the generic app when there is none.
    public static func load(beside catalogURL: URL, catalog: Catalog) throws(DataFileError) -> AppDescription {
        try loadIfPresent(beside: catalogURL, catalog: catalog) ?? generic(for: catalog, at: catalogURL)
    }

    /// The app for the catalog at `catalogURL` when nothing describes it, named after the file.
    public static func generic(for catalog: Catalog, at catalogURL: URL) -> AppDescription {
        .generic(for: catalog, named: appName(for: catalogURL))
    }

    /// The app's name when its description gives none: the catalog file's (`Products.storekit` → Products).
    private static func appName(for catalogURL: URL) -> String {
        catalogURL.deletingPathExtension().lastPathComponent
    }

    /// The description beside `catalogURL`, or nil when there is no file.
    public static func loadIfPresent(beside catalogURL: URL, catalog: Catalog) throws(DataFileError) -> AppDescription? {
        let url = file(beside: catalogURL)
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(url)
        } catch {
            throw DataFileError(path: url.path, problem: "cannot read the app description (\(error.reason))", remedy: .fixAppDescription)
        }
        guard let contents else { return nil }
        return try decode(contents.data, path: url.path, catalog: catalog, defaultName: appName(for: catalogURL))
    }

    public static func decode(_ data: Data, path: String, catalog: Catalog, defaultName: String) throws(DataFileError) -> AppDescription {
        let remedy = DataFileError.Remedy.fixAppDescription
        try JSONNesting.check(data, path: path, remedy: remedy)
        let file: AppDescriptionJSON
        do {
            file = try AppDescriptionJSON.read(data) ?? JSONDecoder().decode(AppDescriptionJSON.self, from: data)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
        let periods: [String: SubscriptionPeriod]
        switch file.periods() {
        case .success(let read): periods = read
        case .failure(let problem): throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: remedy)
        }
        let offers: [AppDescription.PromotionalOffer]
        switch file.presentedOffers() {
        case .success(let read): offers = read
        case .failure(let problem): throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: remedy)
        }
        let description = file.description(for: catalog, defaultName: defaultName, periods: periods, promotionalOffers: offers)
        if let problem = problems(in: description, catalog: catalog).first {
            throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: remedy)
        }
        return description
    }

    /// The most credits one consumable may add.
    static let maximumCredits = 1_000_000

    public static func problems(in app: AppDescription, catalog: Catalog) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        if !isBundleID(app.bundleID) {
            problems.append(CatalogProblem(path: "$.bundleID", message: "\"\(app.bundleID)\" is not a bundle identifier: use letters, digits, hyphens and periods, such as com.example.app"))
        }
        if !isAppVersion(app.appVersion) {
            problems.append(CatalogProblem(path: "$.appVersion", message: "\"\(app.appVersion)\" is not an app version: use one to three numbers separated by periods, such as 1.0 or 2.1.3"))
        }
        // A request's `password` is compared with it as given: one no request can carry is refused here.
        if app.sharedSecret.isEmpty || !app.sharedSecret.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
            problems.append(CatalogProblem(path: "$.sharedSecret", message: "\"\(app.sharedSecret)\" is not a shared secret: use printable ASCII letters, digits and symbols, no spaces, such as a 32-digit hex string"))
        }
        var asked: Set<String> = []
        for (i, id) in app.productIdentifiers.enumerated() {
            if id.isEmpty { problems.append(CatalogProblem(path: "$.productIdentifiers[\(i)]", message: "must not be empty")) }
            if !asked.insert(id).inserted {
                problems.append(CatalogProblem(path: "$.productIdentifiers[\(i)]", message: "duplicate identifier \"\(id)\""))
            }
        }
        for (id, credits) in app.credits.sorted(by: { $0.key < $1.key }) {
            let here = "$.credits[\"\(id)\"]"
            if let type = catalog.product(id)?.type, type != .consumable {
                problems.append(CatalogProblem(path: here, message: "only a consumable adds credits; \(id) is a \(type.rawValue)"))
            }
            // More is a typo, and would bring a balance built of packs near the end of Int.
            if !(1...maximumCredits).contains(credits) {
                problems.append(CatalogProblem(path: here, message: "must be 1 to \(maximumCredits) credits, not \(credits)"))
            }
        }
        for id in app.nonRenewingPeriods.keys.sorted() {
            if let type = catalog.product(id)?.type, type != .nonRenewing {
                problems.append(CatalogProblem(path: "$.nonRenewingPeriods[\"\(id)\"]",
                                               message: "only a non-renewing subscription takes its period from the app; \(id) is a \(type.rawValue)"))
            }
        }
        if let premium = app.content.premium {
            if let type = catalog.product(premium.unlockedBy)?.type, type != .nonConsumable {
                problems.append(CatalogProblem(path: "$.content.premium.unlockedBy", message: "\"\(premium.unlockedBy)\" must be a nonConsumable, not a \(type.rawValue)"))
            } else if catalog.product(premium.unlockedBy) == nil {
                problems.append(CatalogProblem(path: "$.content.premium.unlockedBy", message: "no product \"\(premium.unlockedBy)\" in the catalog"))
            }
        }
        for (i, offer) in app.promotionalOffers.enumerated() {
            let here = "$.promotionalOffers[\(i)]"
            guard let product = catalog.product(offer.productID) else {
                problems.append(CatalogProblem(path: "\(here).product", message: "no product \"\(offer.productID)\" in the catalog"))
                continue
            }
            guard product.type == .autoRenewable, let offers = product.subscription?.promotionalOffers else {
                problems.append(CatalogProblem(path: "\(here).product", message: "only an auto-renewable subscription has promotional offers; \(offer.productID) is a \(product.type.rawValue)"))
                continue
            }
            if !offers.contains(where: { $0.id == offer.offerID }) {
                problems.append(CatalogProblem(path: "\(here).offer", message: "\(offer.productID) has no promotional offer \"\(offer.offerID)\""))
            }
        }
        var ids = Set<String>()
        let sections = [("free", app.content.free), ("premium.items", app.content.premium?.items ?? [])]
        for (name, items) in sections {
            for (i, item) in items.enumerated() {
                if !ids.insert(item.id).inserted {
                    problems.append(CatalogProblem(path: "$.content.\(name)[\(i)].id", message: "duplicate content id \"\(item.id)\""))
                }
                if item.localizations.isEmpty {
                    problems.append(CatalogProblem(path: "$.content.\(name)[\(i)].localizations", message: "needs at least one localization"))
                }
            }
        }
        return problems
    }

    /// A bundle identifier as Xcode accepts one: parts of letters, digits and hyphens,
    /// separated by periods (com.example.app).
    static func isBundleID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.count <= 155 && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
        }
    }

    /// CFBundleVersion: one to three non-negative integers separated by periods (1.0, 2.1.3).
    static func isAppVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { part in
            (1...9).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}

extension AppDescriptionLoader {
    /// The built-in app's description (assets/catalog.app.json), checked against `catalog`.
    public static func defaultDescription(for catalog: Catalog) throws(DataFileError) -> AppDescription {
        try decode(Data(DefaultAppDescription.json.utf8), path: "assets/catalog.app.json (built in)", catalog: catalog, defaultName: "storefront")
    }
}

extension AppDescription {
    /// The built-in app, for the built-in catalog (a test keeps the two agreeing).
    public static let builtIn: AppDescription = {
        let data = Data(DefaultAppDescription.json.utf8)
        let file = AppDescriptionJSON.read(data) ?? (try? JSONDecoder().decode(AppDescriptionJSON.self, from: data))
        let periods = (try? file?.periods().get()) ?? [:]
        let offers = (try? file?.presentedOffers().get()) ?? []
        return file?.description(for: Catalog(products: []), defaultName: "storefront", periods: periods, promotionalOffers: offers)
            ?? AppDescription(name: "storefront", productIdentifiers: [])
    }()
}
