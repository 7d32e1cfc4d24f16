import DataFiles
import Foundation
import AppStoreCore

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

    /// The catalog in `data`, of either kind (see `inspect`), or its first problem.
    public static func decode(_ data: Data, path: String) throws(DataFileError) -> Catalog {
        let inspection = try inspect(data, path: path)
        if let problem = inspection.problems.first {
            throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: .fixCatalog)
        }
        return inspection.catalog
    }

    /// storefront's own JSON, as read, before the rules every catalog keeps are checked.
    static func storefrontCatalog(_ data: Data, top: [String: JSONValue], path: String) throws(DataFileError) -> Catalog {
        let remedy = DataFileError.Remedy.fixCatalog
        do {
            if let former = CatalogJSON.formerAppKeys.first(where: { top[$0] != nil }) {
                throw CatalogProblem(path: "$.\(former)", message: "the app's own part (app, productIdentifiers, content) and the storefronts list are no longer read from the catalog: move app, productIdentifiers and content to an app description file beside it (see docs/catalogs.md), and remove storefronts")
            }
            return try JSONDecoder().decode(CatalogJSON.self, from: data).catalog()
        } catch let problem as CatalogProblem {
            throw DataFileError(path: path, location: problem.path, problem: problem.message, remedy: remedy)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: path, remedy: remedy)
        }
    }

}

extension CatalogLoader {
    /// The catalog built into the binary (assets/catalog.json).
    public static func defaultCatalog() throws(DataFileError) -> Catalog {
        try decode(Data(DefaultCatalog.json.utf8), path: "assets/catalog.json (built in)")
    }
}
