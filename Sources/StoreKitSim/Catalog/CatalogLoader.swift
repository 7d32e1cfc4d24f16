import DataFiles
import Foundation

/// Reads and checks a catalog file. Every problem names the file, the JSON path of the
/// field and what is wrong.
public enum CatalogLoader {
    public static func load(from url: URL) throws(DataFileError) -> Catalog {
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(url)
        } catch {
            throw cannotRead(url, reason: error.reason)
        }
        guard let contents else { throw cannotRead(url, reason: "no such file") }
        return try decode(contents.data, path: url.path)
    }

    private static func cannotRead(_ url: URL, reason: String) -> DataFileError {
        DataFileError(path: url.path, problem: "cannot read the catalog (\(reason))", remedy: .checkCatalogPath)
    }

    public static func decode(_ data: Data, path: String) throws(DataFileError) -> Catalog {
        let remedy = DataFileError.Remedy.fixCatalog
        try JSONNesting.check(data, path: path, remedy: remedy)
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
        if let problem = validate(catalog) {
            throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: remedy)
        }
        return catalog
    }

    /// The most credits one consumable may add.
    static let maximumCredits = 1_000_000

    struct Problem: Equatable {
        var path: String
        var message: String
    }

    /// The first thing wrong with a well-formed catalog, or nil.
    static func validate(_ catalog: Catalog) -> Problem? {
        if catalog.storefronts.isEmpty {
            return Problem(path: "$.storefronts", message: "at least one storefront is needed")
        }
        var storefrontIDs = Set<String>()
        for (i, storefront) in catalog.storefronts.enumerated() {
            if !storefrontIDs.insert(storefront.id).inserted {
                return Problem(path: "$.storefronts[\(i)].id", message: "duplicate storefront \"\(storefront.id)\"")
            }
            if storefront.fractionDigits < 0 || storefront.fractionDigits > 4 {
                return Problem(path: "$.storefronts[\(i)].fractionDigits", message: "must be between 0 and 4")
            }
        }
        let languages = Set(catalog.storefronts.map(\.language))
        var productIDs = Set<String>()
        for (i, product) in catalog.products.enumerated() {
            let here = "$.products[\(i)]"
            if product.id.isEmpty { return Problem(path: "\(here).id", message: "must not be empty") }
            if !productIDs.insert(product.id).inserted {
                return Problem(path: "\(here).id", message: "duplicate product id \"\(product.id)\"")
            }
            for language in languages.sorted() where product.localizations[language] == nil {
                return Problem(path: "\(here).localizations",
                               message: "missing localization \"\(language)\" (a storefront shows it)")
            }
            for (storefront, price) in product.prices.sorted(by: { $0.key < $1.key }) {
                if !storefrontIDs.contains(storefront) {
                    return Problem(path: "\(here).prices.\(storefront)", message: "unknown storefront \"\(storefront)\"")
                }
                if price < 0 { return Problem(path: "\(here).prices.\(storefront)", message: "price must not be negative") }
                // 2.999 would be shown as $3.00 and charged as 2.999.
                if let digits = catalog.storefront(storefront)?.fractionDigits, !price.fits(fractionDigits: digits) {
                    return Problem(path: "\(here).prices.\(storefront)",
                                   message: "\(price) has more decimal places than \(storefront) prices have (\(digits))")
                }
            }
            if product.credits != nil, product.type != .consumable {
                return Problem(path: "\(here).credits", message: "only a consumable has credits; this is a \(product.type.rawValue)")
            }
            if product.subscription != nil, product.type != .autoRenewable, product.type != .nonRenewing {
                return Problem(path: "\(here).subscription", message: "only a subscription has a subscription period; this is a \(product.type.rawValue)")
            }
            if product.subscription?.freeTrial != nil, product.type != .autoRenewable {
                return Problem(path: "\(here).subscription.freeTrial", message: "only an autoRenewable subscription has a free trial")
            }
            switch product.type {
            case .consumable:
                guard let credits = product.credits, credits > 0 else {
                    return Problem(path: "\(here).credits", message: "a consumable needs \"credits\" of 1 or more")
                }
                // More is a typo, and would bring a balance built of packs near the end of Int.
                if credits > maximumCredits {
                    return Problem(path: "\(here).credits", message: "\(credits) is more than a pack can hold (at most \(maximumCredits))")
                }
            case .autoRenewable, .nonRenewing:
                if product.subscription == nil {
                    return Problem(path: "\(here).subscription", message: "a subscription needs a \"subscription\" with a \"period\"")
                }
            case .nonConsumable:
                break
            }
        }
        var asked: Set<String> = []
        for (i, id) in catalog.productIdentifiers.enumerated() {
            if id.isEmpty { return Problem(path: "$.productIdentifiers[\(i)]", message: "must not be empty") }
            if !asked.insert(id).inserted {
                return Problem(path: "$.productIdentifiers[\(i)]", message: "duplicate identifier \"\(id)\"")
            }
        }
        if let problem = validateContent(catalog, languages: languages) { return problem }
        return nil
    }

    private static func validateContent(_ catalog: Catalog, languages: Set<String>) -> Problem? {
        let premium = catalog.content.premium
        guard let unlocker = catalog.product(premium.unlockedBy) else {
            return Problem(path: "$.content.premium.unlockedBy", message: "no product \"\(premium.unlockedBy)\" in $.products")
        }
        if unlocker.type != .nonConsumable {
            return Problem(path: "$.content.premium.unlockedBy", message: "\"\(premium.unlockedBy)\" must be a nonConsumable")
        }
        var ids = Set<String>()
        let sections = [("free", catalog.content.free), ("premium.items", premium.items)]
        for (name, items) in sections {
            for (i, item) in items.enumerated() {
                if !ids.insert(item.id).inserted {
                    return Problem(path: "$.content.\(name)[\(i)].id", message: "duplicate content id \"\(item.id)\"")
                }
                for language in languages.sorted() where item.localizations[language] == nil {
                    return Problem(path: "$.content.\(name)[\(i)].localizations", message: "missing localization \"\(language)\"")
                }
            }
        }
        return nil
    }
}

extension CatalogLoader {
    /// The catalog built into the binary (assets/catalog.json).
    public static func defaultCatalog() throws(DataFileError) -> Catalog {
        try decode(Data(DefaultCatalog.json.utf8), path: "assets/catalog.json (built in)")
    }
}

private extension Decimal {
    func fits(fractionDigits: Int) -> Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        return rounded == self
    }
}
