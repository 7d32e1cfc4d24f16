import SwiftASN1
import X509

extension Certificate {
    /// The certificate's DER, as an `x5c` entry and a PEM block carry it.
    var derBytes: [UInt8] {
        var serializer = DER.Serializer()
        // A certificate that was made or parsed always serializes again.
        try! serializer.serialize(self)
        return serializer.serializedBytes
    }
}
