import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation
import X509

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a JWS the App Store signed (a transaction, renewal info or app transaction) and print its payload.",
        discussion: """
            Checks it as a backend does: ES256, an x5c chain of three certificates leading to the trusted \
            root (this data directory's, or --root), Apple's marker extensions, the chain valid when it was \
            signed, the signature. Prints what it is, when it was signed, the chain, then the payload; \
            anything wrong is named by part and check, with exit status 65.
            """)

    @Argument(help: ArgumentHelp("The file holding the JWS; without one, or -, standard input.", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("The root certificate to trust (DER or PEM) instead of the data directory's.", valueName: "file"))
    var root: String?

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if file?.isEmpty == true { throw ValidationError("Give the file holding the JWS, or - for standard input.") }
        if root?.isEmpty == true { throw ValidationError("--root takes a root certificate file (DER or PEM).") }
    }

    struct Output: Encodable {
        var kind: String
        var signedDate: Date
        /// Leaf first.
        var chain: [String]
        var payload: JSONValue
    }

    func run() throws {
        let trusted = try trustedRoot()
        let source = (file == nil || file == "-") ? "standard input" : file!
        let verified: VerifiedJWS
        do {
            verified = try JWSVerifier(trustedRoot: trusted).verify(try input())
        } catch let failure as JWSFailure {
            throw SignedDataRefusal(source: source, failure: failure)
        }
        let payload = try JSONCoding.decoder().decode(JSONValue.self, from: verified.payload)
        let result = Output(kind: verified.kind.rawValue, signedDate: verified.signedDate,
                            chain: verified.chain.map(\.subject.description), payload: payload)
        if output.json {
            try JSONOutput.print(result)
            return
        }
        let what = switch verified.kind {
        case .appTransaction: "an app transaction"
        case .unknown: "a payload of no kind the App Store signs (no transactionId, autoRenewStatus or appTransactionId)"
        default: "a \(result.kind)"
        }
        printLine("Verified: \(what), signed \(JSONCoding.format(result.signedDate)).")
        for (role, subject) in zip(["leaf", "intermediate", "root"], result.chain) { printLine("\(role): \(subject)") }
        print(JSONOutput.terminalSafe(String(decoding: try JSONCoding.encode(payload), as: UTF8.self)))
    }

    /// The data directory's root (its chain made if there is none yet), or --root's.
    private func trustedRoot() throws -> Certificate {
        guard let root else {
            return try SigningChainFile.loadOrMake(in: DataDirectory.resolve(option: global.dataDir)).root
        }
        let data = try Self.read(root, limit: 64 * 1024, what: "the root certificate")
        guard let certificate = SigningChainText.certificate(from: data) else {
            throw SignedDataRefusal(source: root, problem: "is not a certificate (DER or PEM)")
        }
        return certificate
    }

    /// The JWS's bytes, at most one past the verifier's limit: a larger input is refused by
    /// its size, never read whole.
    private func input() throws -> Data {
        guard let file, file != "-" else {
            return try FileHandle.standardInput.read(upToCount: JWSVerifier.maximumBytes + 1) ?? Data()
        }
        return try Self.read(file, limit: JWSVerifier.maximumBytes, what: "the JWS")
    }

    /// A regular file's bytes, refused unread past `limit`.
    private static func read(_ path: String, limit: Int, what: String) throws -> Data {
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(URL(fileURLWithPath: path), limit: limit)
        } catch {
            if case .tooLarge = error, what == "the JWS" {
                throw SignedDataRefusal(source: path, failure: .tooLarge(limit: limit))
            }
            throw SignedDataRefusal(source: path, problem: error.problem)
        }
        guard let contents else { throw CommandFailure.notFound("\(path): no such file (\(what))") }
        return contents.data
    }
}

/// What `verify` refused: exit 65, naming where it came from and, for a JWS, the part and
/// the check (and StoreKit's `VerificationError`).
struct SignedDataRefusal: Error {
    var source: String
    var problem: String
    var failure: JWSFailure?

    init(source: String, problem: String) {
        self.source = source
        self.problem = problem
    }

    init(source: String, failure: JWSFailure) {
        self.source = source
        self.problem = "the \(failure.part) fails: \(failure.message)"
        self.failure = failure
    }

    var message: String { "\(source): \(problem)" }
}
