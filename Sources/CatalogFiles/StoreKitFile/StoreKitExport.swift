import Foundation
import AppStoreCore

/// A catalog written as a .storekit file, for `catalog export`.
public struct StoreKitExport: Sendable {
    public var data: Data
    /// The file format version written: "5.0".
    public var version: String
    public var products: Int
    public var subscriptionGroups: Int
    /// What the file cannot say as the catalog does.
    public var notes: [String]
}

extension CatalogLoader {
    /// `catalog` as an Xcode StoreKit configuration file (see StoreKitCatalogWriter).
    public static func storeKitFile(_ catalog: Catalog) throws -> StoreKitExport {
        let writing = StoreKitCatalogWriter.write(catalog)
        return StoreKitExport(data: try StoreKitFileLayout.data(of: writing.file), version: writing.file.version.description,
                              products: catalog.products.count, subscriptionGroups: writing.file.subscriptionGroups.count,
                              notes: writing.notes)
    }
}
