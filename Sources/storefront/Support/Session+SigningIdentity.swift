import AppStoreSigning
import DataFiles
import Foundation
import Crypto
import X509

extension Session {
    /// The data directory's App Store signing identity: made the first time it is asked for,
    /// then kept in `signing-identity.pem` (the three certificates and the leaf's key, 0600),
    /// so every receipt and signature of this directory verifies to the same root.
    func signingIdentity() throws -> SigningIdentity {
        let url = directory.url.appendingPathComponent("signing-identity.pem")
        if let data = try DataFileReader.contents(of: url, remedy: .removeStrayFile) {
            return try Self.identity(fromPEM: String(decoding: data, as: UTF8.self), path: url.path)
        }
        let identity = try SigningIdentity.make(label: directory.url.lastPathComponent)
        let pem = try identity.chain.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n" + identity.leafKey.pemRepresentation + "\n"
        try AtomicFile.write(Data(pem.utf8), to: url, durability: directory.durability)
        return identity
    }

    private static func identity(fromPEM text: String, path: String) throws -> SigningIdentity {
        do {
            let blocks = text.components(separatedBy: "-----BEGIN ").dropFirst()
                .map { ("-----BEGIN " + $0).trimmingCharacters(in: .whitespacesAndNewlines) }
            let certificates = try blocks.filter { $0.hasPrefix("-----BEGIN CERTIFICATE-----") }.map { try Certificate(pemEncoded: $0) }
            guard certificates.count == 3, let key = blocks.first(where: { $0.hasPrefix("-----BEGIN PRIVATE KEY-----") }) else {
                throw DataFileError(path: path, problem: "does not hold three certificates and a private key", remedy: .removeStrayFile)
            }
            return SigningIdentity(root: certificates[2], intermediate: certificates[1], leaf: certificates[0],
                                   leafKey: try P256.Signing.PrivateKey(pemRepresentation: key))
        } catch let error as DataFileError {
            throw error
        } catch {
            throw DataFileError(path: path, problem: "is not a signing identity (\(error))", remedy: .removeStrayFile)
        }
    }
}
