import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation
import X509

struct CertificateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certificate",
        abstract: "Write the root certificate the data directory's App Store signs with, for a backend to trust.",
        discussion: """
            The data directory's signing chain (signing.pem: the leaf's key, then the leaf, intermediate \
            and root certificates) is made on first need and kept: every transaction, renewal info and app \
            transaction the store signs verifies to this root, as Apple's to Apple Root CA - G3. Give it to \
            a backend's SignedDataVerifier as its root certificate.
            """)

    @Option(help: ArgumentHelp("The file to write the root certificate to.", valueName: "out"))
    var root: String

    @Flag(help: "Write it as PEM text rather than DER bytes.")
    var pem = false

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if root.isEmpty { throw ValidationError("--root takes the file to write the root certificate to.") }
    }

    struct Output: Encodable {
        var path: String
        var format: String
        var subject: String
        var sha256: String
        var chain: String
    }

    func run() throws {
        let directory = DataDirectory.resolve(option: global.dataDir)
        let identity = try SigningChainFile.loadOrMake(in: directory)
        let der = SigningChainText.der(identity.root)
        let bytes = pem ? Data(SigningChainText.pem(identity.root).utf8) : der
        do {
            try bytes.write(to: URL(fileURLWithPath: root), options: .atomic)
        } catch {
            throw CommandFailure.failed("cannot write the root certificate to \(root): \(error.localizedDescription)")
        }
        let result = Output(path: root, format: pem ? "PEM" : "DER", subject: identity.root.subject.description,
                            sha256: SigningChainText.fingerprint(der),
                            chain: SigningChainFile.url(in: directory).path)
        if output.json {
            try JSONOutput.print(result)
            return
        }
        printLine("Wrote \(result.path): the root certificate (\(result.format)) of \(result.chain).")
        printLine("subject: \(result.subject)")
        printLine("SHA-256: \(result.sha256)")
    }
}
