import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation

struct OfferKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offer-key",
        abstract: "Write the key promotional offers are signed with, as App Store Connect gives it, and print its key id.",
        discussion: """
            The data directory's subscription-offers key (subscription-offers-key.json: a P-256 key and \
            its key id) is made on first need and kept, as Xcode's test environment keeps one: the store \
            accepts a promotional offer signed with it. A .storekit catalog's subscriptionOffersKeyPair is \
            used instead when it holds a P-256 key. --p8 writes it as a .p8 file (PKCS#8 PEM); give it \
            and the key id to a backend's PromotionalOfferSignatureCreator (version 1) or \
            PromotionalOfferV2SignatureCreator (a JWS), with the app's bundle id.
            """)

    @Option(help: ArgumentHelp("The file to write the private key to (PKCS#8 PEM).", valueName: "out"))
    var p8: String

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if p8.isEmpty { throw ValidationError("--p8 takes the file to write the key to.") }
    }

    struct Output: Encodable {
        var path: String
        var keyID: String
        var bundleID: String
        var key: String
    }

    func run() throws {
        let directory = DataDirectory.resolve(option: global.dataDir)
        let files = try CatalogAndApp(global.paths)
        let keys = files.offerKeys(in: directory)
        let key = try keys.key()
        let app = files.app
        do {
            try AtomicFile.write(Data(key.p8.utf8), to: URL(fileURLWithPath: p8), durability: directory.durability)
        } catch {
            throw CommandFailure.failed("cannot write the key to \(p8): \(error.localizedDescription)")
        }
        let result = Output(path: p8, keyID: key.keyID, bundleID: app.bundleID,
                            key: keys.given == nil ? SubscriptionOffersKeyFile.url(in: directory).path : global.catalog ?? "")
        if output.json {
            try JSONOutput.print(result)
            return
        }
        printLine("Wrote \(result.path): the subscription-offers key of \(result.key) (PKCS#8 PEM).")
        printLine("key id: \(result.keyID)")
        printLine("bundle id: \(result.bundleID)")
    }
}
