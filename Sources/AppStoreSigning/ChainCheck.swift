import Foundation
import X509

/// The one check of an App Store chain, for the chain file and for every JWS: the leaf signed
/// by the intermediate, the intermediate by the root, the root by itself, each issuer's name
/// its subject's issuer, Apple's marker extensions on the leaf and the intermediate; and all
/// three valid at a date. Whether the root is the trusted one is the caller's.
enum ChainCheck {
    /// What is wrong, as a phrase ("the leaf is not signed by the intermediate"), or nil.
    static func failure(leaf: Certificate, intermediate: Certificate, root: Certificate) -> String? {
        let links = [(leaf, intermediate, "the leaf", "the intermediate"),
                     (intermediate, root, "the intermediate", "the root"),
                     (root, root, "the root", "itself")]
        for (certificate, issuer, name, issuerName) in links {
            guard certificate.issuer == issuer.subject,
                  issuer.publicKey.isValidSignature(certificate.signature, for: certificate) else {
                return "\(name) is not signed by \(issuerName)"
            }
        }
        guard isAuthority(intermediate), isAuthority(root) else {
            return "the intermediate and the root must both be certificate authorities"
        }
        guard leaf.extensions[oid: SigningIdentity.leafMarker] != nil else {
            return "the leaf lacks Apple's marker extension \(SigningIdentity.leafMarker)"
        }
        guard intermediate.extensions[oid: SigningIdentity.intermediateMarker] != nil else {
            return "the intermediate lacks Apple's marker extension \(SigningIdentity.intermediateMarker)"
        }
        return nil
    }

    /// Which of `chain` (leaf first) was not valid at `date`, as a phrase, or nil.
    static func validityFailure(_ chain: [Certificate], at date: Date) -> String? {
        for (certificate, name) in zip(chain, ["the leaf", "the intermediate", "the root"])
        where date < certificate.notValidBefore || date > certificate.notValidAfter {
            return "\(name) is valid from \(certificate.notValidBefore.formatted(.iso8601)) to \(certificate.notValidAfter.formatted(.iso8601)), not at \(date.formatted(.iso8601))"
        }
        return nil
    }

    private static func isAuthority(_ certificate: Certificate) -> Bool {
        guard let constraints = try? certificate.extensions.basicConstraints else { return false }
        if case .isCertificateAuthority = constraints { return true }
        return false
    }
}
