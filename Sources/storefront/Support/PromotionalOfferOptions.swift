import AppStoreCore
import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation

/// `buy`'s promotional offer: the offer, and the signature a server made for it, read from a
/// file; without one, signed as the sample app's own server signs it.
struct PromotionalOfferOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Buy with this promotional offer (its identifier): for existing and lapsed subscribers of the group.",
                               valueName: "id"))
    var offer: String?

    @Option(help: ArgumentHelp("""
        With --offer: the offer's version 1 signature made elsewhere, a JSON file as SKPaymentDiscount holds it: \
        {"keyIdentifier", "nonce", "timestamp" (milliseconds), "signature" (base64)}.
        """, valueName: "file"))
    var signature: String?

    @Option(help: ArgumentHelp("With --offer: the offer's signature as a compact JWS (version 2) made elsewhere, in a file.",
                               valueName: "file"))
    var jws: String?

    func validate() throws {
        if offer == nil, signature != nil || jws != nil { throw ValidationError("--signature and --jws go with --offer ID.") }
        if signature != nil, jws != nil { throw ValidationError("Give --signature or --jws, not both.") }
        // An identifier is printed back in refusals: nothing that would drive the terminal.
        if let offer, offer.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--offer: an offer identifier holds no control characters.")
        }
    }

    /// SKPaymentDiscount's fields, as a --signature file holds them.
    struct SignatureFile: Codable {
        var keyIdentifier: String
        var nonce: String
        var timestamp: Int64
        var signature: String
    }

    /// The payment's discount; nil without --offer. `sign`: the sample app's server signing it.
    func discount(sign: (String) throws -> PaymentDiscount) throws -> PaymentDiscount? {
        guard let offer else { return nil }
        if let jws { return PaymentDiscount(offerID: offer, signature: .jws(try text(of: jws))) }
        guard let signature else { return try sign(offer) }
        let data = Data(try text(of: signature).utf8)
        guard let file = try? JSONDecoder().decode(SignatureFile.self, from: data) else {
            throw CommandFailure.usage("\(signature) is not a promotional offer signature: a JSON object with keyIdentifier, nonce, timestamp (milliseconds) and signature (base64)")
        }
        guard Data(base64Encoded: file.signature) != nil else {
            throw CommandFailure.usage("\(signature): its \"signature\" is not base64")
        }
        return PaymentDiscount(offerID: offer, signature: .v1(keyIdentifier: file.keyIdentifier, nonce: file.nonce,
                                                              timestamp: file.timestamp, signature: file.signature))
    }

    /// A signature takes a few hundred bytes; a file far larger, or not a file, is not one.
    private func text(of path: String) throws -> String {
        let contents: DataFileReader.Contents?
        do { contents = try DataFileReader.read(URL(fileURLWithPath: path), limit: 64 * 1024) } catch {
            throw CommandFailure.usage("\(path): \(error.problem)")
        }
        guard let data = contents?.data else { throw CommandFailure.usage("\(path): no such file") }
        guard let text = String(data: data, encoding: .utf8) else { throw CommandFailure.usage("\(path): is not text (not UTF-8)") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
