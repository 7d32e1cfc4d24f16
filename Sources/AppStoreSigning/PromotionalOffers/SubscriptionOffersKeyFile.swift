import Crypto
import DataFiles
import Foundation

/// The data directory's subscription-offers key on disk, `subscription-offers-key.json`
/// (`{"id": key id, "privateKey": PKCS#8 DER, base64}`, as a .storekit file's
/// `subscriptionOffersKeyPair`): made once, on first need, and read as it is ever after, so a
/// backend given the key keeps signing offers the store accepts. A file that cannot be read as
/// a whole key is refused and left as it is: only the user replaces it.
public enum SubscriptionOffersKeyFile {
    public static let name = "subscription-offers-key.json"

    public static func url(in directory: DataDirectory) -> URL { directory.url.appendingPathComponent(name) }

    /// The directory's key, made and written (0600, atomically) if there is none yet. Under
    /// the data directory's lock, so two processes making it at once end with the first's.
    public static func loadOrMake(in directory: DataDirectory) throws -> SubscriptionOffersKey {
        let url = url(in: directory)
        // Read without the lock first: the file, once there, never changes.
        if let key = try load(from: url) { return key }
        return try FileLock(url: directory.lockURL).withLock {
            if let key = try load(from: url) { return key }
            let key = SubscriptionOffersKey.make()
            try AtomicFile.write(Data(text(of: key).utf8), to: url, durability: directory.durability)
            return key
        }
    }

    /// The key in `url`, or nil when there is no file there.
    public static func load(from url: URL) throws(DataFileError) -> SubscriptionOffersKey? {
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(url, limit: maximumBytes)
        } catch {
            throw DataFileError(path: url.path, problem: error.problem, remedy: .replaceSubscriptionOffersKey)
        }
        guard let data = contents?.data else { return nil }
        do {
            return try key(from: data)
        } catch {
            throw DataFileError(path: url.path, problem: error.problem, remedy: .replaceSubscriptionOffersKey)
        }
    }

    /// What is wrong with the file's text, said of the file.
    struct Damage: Error, Equatable {
        var problem: String
    }

    private struct Pair: Codable {
        var id: String
        var privateKey: String
    }

    static func key(from data: Data) throws(Damage) -> SubscriptionOffersKey {
        guard !data.isEmpty else { throw Damage(problem: "is empty, not a subscription-offers key") }
        guard let pair = try? JSONDecoder().decode(Pair.self, from: data) else {
            throw Damage(problem: "is not a subscription-offers key: a JSON object with \"id\" and \"privateKey\"")
        }
        guard !pair.id.isEmpty else { throw Damage(problem: "its \"id\" is empty") }
        guard let der = Data(base64Encoded: pair.privateKey),
              let key = try? P256.Signing.PrivateKey(derRepresentation: der) else {
            throw Damage(problem: "its \"privateKey\" is not a P-256 key (PKCS#8 DER, base64)")
        }
        return SubscriptionOffersKey(keyID: pair.id, privateKey: key)
    }

    /// The file's text for `key`.
    public static func text(of key: SubscriptionOffersKey) -> String {
        let pair = Pair(id: key.keyID, privateKey: key.privateKey.derRepresentation.base64EncodedString())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(pair)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// A key takes about 200 bytes; anything far larger is not ours.
    static let maximumBytes = 16 * 1024
}
