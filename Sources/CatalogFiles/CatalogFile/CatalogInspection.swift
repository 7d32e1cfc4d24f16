import DataFiles
import Foundation
import AppStoreCore

/// A catalog file read whole, for `catalog check`: what it holds and every problem with it,
/// where loading stops at the first. Its kind is told by its content: a top-level `version`
/// object with a `major` number is an Xcode StoreKit configuration file, anything else
/// storefront's own JSON.
public struct CatalogInspection: Sendable {
    public enum Format: Sendable, Equatable {
        /// storefront's own catalog JSON.
        case storefront
        /// An Xcode StoreKit configuration file of this version ("5.0").
        case storeKit(version: String)
    }

    public var format: Format
    /// What could be read; products with a problem are left out.
    public var catalog: Catalog
    /// Everything wrong, in file order, at the file's JSON paths: a catalog with any is refused.
    public var problems: [CatalogProblem]
    /// What is read but not run as Xcode would run it (settings not simulated, …).
    public var notes: [String]
}

extension CatalogLoader {
    /// The file at `url` read whole; refused only when it cannot be read at all (no such
    /// file, too large, not JSON, a value of the wrong type, a version not read).
    public static func inspect(contentsOf url: URL) throws(DataFileError) -> CatalogInspection {
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(url)
        } catch {
            throw DataFileError(path: url.path, problem: "cannot read the catalog (\(error.reason))", remedy: .checkCatalogPath)
        }
        guard let contents else {
            throw DataFileError(path: url.path, problem: "cannot read the catalog (no such file)", remedy: .checkCatalogPath)
        }
        return try inspect(contents.data, path: url.path)
    }

    public static func inspect(_ data: Data, path: String) throws(DataFileError) -> CatalogInspection {
        let remedy = DataFileError.Remedy.fixCatalog
        try JSONNesting.check(data, path: path, remedy: remedy)
        if let file = storefrontJSON(data) {
            let catalog: Catalog
            do {
                catalog = try file.catalog()
            } catch {
                throw DataFileError(path: path, location: error.path, problem: error.message, remedy: remedy)
            }
            return CatalogInspection(format: .storefront, catalog: catalog, problems: CatalogValidation.problems(in: catalog), notes: [])
        }
        let top: [String: JSONValue]
        do {
            top = try JSONDecoder().decode([String: JSONValue].self, from: data)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
        guard StoreKitFileReader.isStoreKitFile(top) else {
            let catalog = try storefrontCatalog(data, top: top, path: path)
            return CatalogInspection(format: .storefront, catalog: catalog, problems: CatalogValidation.problems(in: catalog), notes: [])
        }
        let file = try StoreKitFileReader.read(data, path: path)
        let reading = StoreKitCatalogReader.read(file)
        var problems = reading.problems
        // The rules every catalog keeps, placed at the product they are about: the reader
        // checks each in the file's own terms, so these only speak where it said nothing.
        if problems.isEmpty {
            problems = CatalogValidation.problems(in: reading.catalog).map { problem in
                CatalogProblem(path: reading.place(of: problem.path), message: problem.message)
            }
        }
        let rounded = CatalogValidation.roundedPrices(in: reading.catalog).map { "\(reading.place(of: $0.path)): \($0.message)" }
        return CatalogInspection(format: .storeKit(version: file.version.description), catalog: reading.catalog,
                                 problems: problems, notes: reading.notes + rounded)
    }
}

extension CatalogLoader {
    /// storefront's own catalog in `data` read without `JSONDecoder` (see `JSONNode`), or nil
    /// for the decoder to read as before: a StoreKit configuration file, the former app keys,
    /// or anything the decoder might refuse or read otherwise.
    static func storefrontJSON(_ data: Data) -> CatalogJSON? {
        guard let node = JSONNode.parse(data), let top = node.objectValue, node.numbersArePlain,
              top["version"]?.objectValue?["major"] == nil,
              !CatalogJSON.formerAppKeys.contains(where: { top[$0] != nil }) else { return nil }
        return CatalogJSON(node)
    }

    /// How messages name the built-in catalog.
    public static let builtInPath = "assets/catalog.json (built in)"
}
