import SwiftASN1
import X509

extension Certificate {
    /// Its subject's common name (CN), as a person names the certificate; the whole subject
    /// when it has none.
    public var commonName: String {
        for name in subject {
            for attribute in name where attribute.type == .RDNAttributeType.commonName {
                return attribute.value.description
            }
        }
        return subject.description
    }
}
