import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate as the command line hands it out and reads it back: DER, PEM, its fingerprint.
public enum SigningChainText {
    public static func der(_ certificate: Certificate) -> Data { Data(certificate.derBytes) }

    public static func pem(_ certificate: Certificate) -> String {
        PEMDocument(type: "CERTIFICATE", derBytes: certificate.derBytes).pemString + "\n"
    }

    /// SHA-256 of the DER, as `openssl x509 -fingerprint -sha256` prints it.
    public static func fingerprint(_ der: Data) -> String {
        SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// A certificate from a file's bytes, DER or PEM; nil if neither.
    public static func certificate(from data: Data) -> Certificate? {
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            return try? Certificate(pemEncoded: text)
        }
        return try? Certificate(derEncoded: Array(data))
    }
}
