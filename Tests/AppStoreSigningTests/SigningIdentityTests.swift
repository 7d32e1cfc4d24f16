import Foundation
import Testing
import X509
@testable import AppStoreSigning

@Suite struct SigningIdentityTests {
    @Test func aNewChainVerifiesFromLeafToItsOwnRootAndCarriesApplesMarkers() async throws {
        let identity = try SigningIdentity.make(label: "test")
        var verifier = Verifier(rootCertificates: CertificateStore([identity.root])) { RFC5280Policy() }
        let result = await verifier.validate(leaf: identity.leaf, intermediates: CertificateStore([identity.intermediate]))
        guard case .validCertificate(let chain) = result else { Issue.record("not valid: \(result)"); return }
        #expect(Array(chain) == [identity.leaf, identity.intermediate, identity.root])
        #expect(identity.leaf.extensions[oid: SigningIdentity.leafMarker] != nil)
        #expect(identity.intermediate.extensions[oid: SigningIdentity.intermediateMarker] != nil)
    }

    @Test func anotherDirectorysChainDoesNotVerifyAgainstThisRoot() async throws {
        let one = try SigningIdentity.make(label: "one"), two = try SigningIdentity.make(label: "two")
        var verifier = Verifier(rootCertificates: CertificateStore([one.root])) { RFC5280Policy() }
        let result = await verifier.validate(leaf: two.leaf, intermediates: CertificateStore([two.intermediate]))
        guard case .couldNotValidate = result else { Issue.record("validated another chain"); return }
    }
}
