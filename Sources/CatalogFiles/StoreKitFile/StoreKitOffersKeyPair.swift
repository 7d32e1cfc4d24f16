import Foundation

/// A .storekit file's `subscriptionOffersKeyPair` (`id`, `privateKey`: PKCS#8 DER, base64),
/// the key Xcode's test environment checks promotional offers with. Read apart from the
/// catalog, for the store's check alone: it is never part of the model, shown or written.
public struct StoreKitOffersKeyPair: Sendable, Equatable {
    public var id: String
    public var privateKey: Data

    /// The file's key pair; nil when it has none, or one that is not an id and base64.
    public static func read(from url: URL) -> StoreKitOffersKeyPair? {
        struct File: Decodable {
            struct Pair: Decodable {
                var id: String
                var privateKey: String
            }
            var subscriptionOffersKeyPair: Pair?
        }
        guard url.pathExtension.lowercased() == "storekit", let data = try? Data(contentsOf: url),
              let pair = (try? JSONDecoder().decode(File.self, from: data))?.subscriptionOffersKeyPair,
              !pair.id.isEmpty, let der = Data(base64Encoded: pair.privateKey) else { return nil }
        return StoreKitOffersKeyPair(id: pair.id, privateKey: der)
    }
}
