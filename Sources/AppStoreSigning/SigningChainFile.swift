import DataFiles
import Foundation

/// The data directory's signing chain on disk, `signing.pem`: made once, on first need, and
/// read as it is ever after, so a backend given its root keeps trusting what the store signs.
/// A file that cannot be read as a whole, verifying chain is refused and left as it is: a new
/// chain would break every backend that trusts the old root, so only the user replaces it.
public enum SigningChainFile {
    public static let name = "signing.pem"

    public static func url(in directory: DataDirectory) -> URL { directory.url.appendingPathComponent(name) }

    /// The directory's chain, made and written (0600, atomically) if there is none yet. Under
    /// the data directory's lock, so two processes making it at once end with the first's.
    public static func loadOrMake(in directory: DataDirectory) throws -> SigningIdentity {
        let url = url(in: directory)
        // Read without the lock first: the file, once there, never changes.
        if let identity = try load(from: url) { return identity }
        return try FileLock(url: directory.lockURL).withLock {
            if let identity = try load(from: url) { return identity }
            let identity = try SigningIdentity.make(label: label())
            try AtomicFile.write(Data(text(of: identity).utf8), to: url, durability: directory.durability)
            return identity
        }
    }

    /// The chain in `url`, or nil when there is no file there.
    public static func load(from url: URL) throws(DataFileError) -> SigningIdentity? {
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(url, limit: maximumBytes)
        } catch {
            throw DataFileError(path: url.path, problem: error.problem, remedy: .replaceSigningChain)
        }
        guard let data = contents?.data else { return nil }
        do {
            return try SigningChainPEM.identity(from: data)
        } catch {
            throw DataFileError(path: url.path, problem: error.problem, remedy: .replaceSigningChain)
        }
    }

    /// Why the directory's chain cannot be used, as every command that signs refuses it; none
    /// when it is whole or not made yet. Reads only.
    public static func problems(in directory: DataDirectory) -> [DataFileError] {
        do {
            _ = try load(from: url(in: directory))
            return []
        } catch {
            return [error]
        }
    }

    /// The file's text for `identity`: the leaf's key, then leaf, intermediate and root.
    public static func text(of identity: SigningIdentity) -> String { SigningChainPEM.text(of: identity) }

    /// A key and three certificates take about 2 KB; anything far larger is not ours.
    static let maximumBytes = 64 * 1024

    /// Names this directory's chain apart from any other's: 64 random bits.
    private static func label() -> String {
        let bits = String(UInt64.random(in: .min ... .max), radix: 16)
        return "data directory " + String(repeating: "0", count: 16 - bits.count) + bits
    }
}
