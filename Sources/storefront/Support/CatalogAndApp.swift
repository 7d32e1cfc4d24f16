import AppStoreSigning
import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import AppStoreCore

/// The store catalog and the app that sells from it, as every command reads them: the
/// built-in pair, or `--catalog FILE` with the app description beside it (the generic app
/// when there is none).
struct CatalogAndApp {
    let catalog: Catalog
    let app: AppDescription
    /// A .storekit file's subscription-offers key pair, used instead of the data directory's.
    var offersKeyPair: StoreKitOffersKeyPair?

    init(_ options: GlobalOptions) throws {
        try self.init(catalog: options.catalog)
    }

    init(_ paths: GlobalPaths) throws {
        try self.init(catalog: paths.catalog)
    }

    /// `catalog`: the file --catalog names, if any.
    init(catalog path: String?) throws {
        guard let path else {
            catalog = try CatalogLoader.defaultCatalog()
            app = try AppDescriptionLoader.defaultDescription(for: catalog)
            return
        }
        let url = URL(fileURLWithPath: path)
        catalog = try CatalogLoader.load(from: url)
        app = try AppDescriptionLoader.load(beside: url, catalog: catalog)
        offersKeyPair = StoreKitOffersKeyPair.read(from: url)
    }

    /// The key promotional offers are checked and signed with: the .storekit file's, when it
    /// holds a P-256 key, else the data directory's.
    func offerKeys(in directory: DataDirectory) -> DataDirectoryOfferKeys {
        let given = offersKeyPair.flatMap { SubscriptionOffersKey(keyID: $0.id, der: $0.privateKey) }
        return DataDirectoryOfferKeys(directory: directory, bundleID: app.bundleID, given: given)
    }
}
