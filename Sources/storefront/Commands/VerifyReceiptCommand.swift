import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation

/// A local verifyReceipt: Apple's request body in, Apple's response body out.
struct VerifyReceiptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-receipt",
        abstract: "Answer a verifyReceipt request as Apple's endpoint did: its JSON body (receipt-data, password, exclude-old-transactions) or a receipt's base64, from FILE or stdin. Exit 0 for status 0, 4 for any other status (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The request body (default: stdin).", valueName: "file"))
    var file: String?

    @Option(help: "Which endpoint it plays: production (buy.itunes.apple.com) or sandbox.")
    var environment: Endpoint = .sandbox

    enum Endpoint: String, ExpressibleByArgument, CaseIterable {
        case production, sandbox
    }

    /// The most of a body it reads: a receipt of thousands of purchases is a few hundred
    /// kilobytes; anything larger is refused before it is read whole.
    static let limit = 8 * 1024 * 1024

    func run() throws {
        let body = try readBody()
        let session = try Session(global)
        let identity = try session.signingIdentity()
        let verifier = ReceiptVerifier(root: identity.root, endpoint: environment == .production ? .production : .sandbox,
                                       sharedSecret: session.app.sharedSecret)
        let response = try verifier.verify(body, now: try session.store.now()) { try session.receiptRecords(of: $0) }
        try JSONOutput.print(response)
        if response.status != .valid { throw ExitCode.failed }
    }

    private func readBody() throws -> [UInt8] {
        let tooLarge = "is larger than verify-receipt reads (\(Self.limit / 1024 / 1024) MiB): a request body is a receipt's base64 and a few fields"
        guard let file else {
            var data = Data()
            while data.count <= Self.limit, let chunk = try FileHandle.standardInput.read(upToCount: 64 * 1024), !chunk.isEmpty {
                data.append(chunk)
            }
            guard data.count <= Self.limit else { throw CommandFailure.failed("The request on stdin \(tooLarge)") }
            return Array(data)
        }
        do {
            guard let contents = try DataFileReader.read(URL(fileURLWithPath: file), limit: Self.limit) else {
                throw CommandFailure.notFound("\(file): no such file")
            }
            return Array(contents.data)
        } catch let refusal as DataFileReader.Refusal {
            if case .tooLarge = refusal { throw CommandFailure.failed("\(file) \(tooLarge)") }
            throw CommandFailure.failed("\(file): \(refusal.problem)")
        }
    }
}
