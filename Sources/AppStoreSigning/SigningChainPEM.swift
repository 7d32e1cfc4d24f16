import Crypto
import Foundation
import SwiftASN1
import X509

/// `signing.pem`'s text: the leaf's key (PKCS#8, "PRIVATE KEY"), then the leaf, intermediate
/// and root certificates, as `openssl` writes and reads them.
enum SigningChainPEM {
    /// What is wrong with a chain file's text, said of the file.
    struct Damage: Error, Equatable {
        var problem: String
    }

    static func text(of identity: SigningIdentity) -> String {
        let documents = [PEMDocument(type: "PRIVATE KEY", derBytes: Array(identity.leafKey.derRepresentation))]
            + identity.chain.map { PEMDocument(type: "CERTIFICATE", derBytes: $0.derBytes) }
        return documents.map(\.pemString).joined(separator: "\n") + "\n"
    }

    static func identity(from data: Data) throws(Damage) -> SigningIdentity {
        guard !data.isEmpty else { throw Damage(problem: "is empty, not a signing chain") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Damage(problem: "is not PEM text (not UTF-8)")
        }
        let documents: [PEMDocument]
        // Never the parser's own message: it can quote the key's base64.
        do { documents = try PEMDocument.parseMultiple(pemString: text) } catch {
            throw Damage(problem: "is not PEM text: \(PEMTextDamage.problem(in: text))")
        }
        let types = documents.map(\.discriminator)
        guard types == ["PRIVATE KEY", "CERTIFICATE", "CERTIFICATE", "CERTIFICATE"] else {
            let named = types.map { PEMTextDamage.knownTypes.contains($0) ? $0 : "a block of an unknown type" }
            throw Damage(problem: "holds \(types.isEmpty ? "no PEM blocks" : named.joined(separator: ", ")); a signing chain is a PRIVATE KEY, then three CERTIFICATEs (leaf, intermediate, root)")
        }
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(derRepresentation: documents[0].derBytes) } catch {
            throw Damage(problem: "its PRIVATE KEY is not a P-256 key")
        }
        var certificates: [Certificate] = []
        for (document, role) in zip(documents.dropFirst(), ["leaf", "intermediate", "root"]) {
            do { certificates.append(try Certificate(derEncoded: document.derBytes)) } catch {
                throw Damage(problem: "its \(role) certificate does not parse (block \(certificates.count + 2) is not a DER certificate)")
            }
        }
        let chain = (leaf: certificates[0], intermediate: certificates[1], root: certificates[2])
        guard Certificate.PublicKey(key.publicKey) == chain.leaf.publicKey else {
            throw Damage(problem: "its PRIVATE KEY is not the leaf certificate's key")
        }
        if let failure = ChainCheck.failure(leaf: chain.leaf, intermediate: chain.intermediate, root: chain.root) {
            throw Damage(problem: "its chain does not verify: \(failure)")
        }
        return SigningIdentity(root: chain.root, intermediate: chain.intermediate, leaf: chain.leaf, leafKey: key)
    }
}
