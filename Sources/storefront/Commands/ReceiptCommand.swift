import AppStoreSigning
import ArgumentParser
import DataFiles
import Foundation

/// The App Store receipt (`Bundle.main.appStoreReceiptURL`) of the signed-in account.
struct ReceiptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: "Print the signed-in account's App Store receipt (PKCS#7) in base64, write its bytes to a file (--output), or print its fields (--json); --refresh asks the store for a fresh one, as SKReceiptRefreshRequest does (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print the receipt in base64 (what it prints without --output or --json too).")
    var base64 = false

    @Option(help: ArgumentHelp("Write the receipt's bytes (DER) to this file.", valueName: "file"))
    var output: String?

    @Flag(help: "Ask the store for a fresh receipt (SKReceiptRefreshRequest): it fails as `set fail app-store-sync` chooses, and without an account or the network.")
    var refresh = false

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let session = try Session(global)
        let signed = refresh ? try session.refreshReceipt() : try session.currentReceipt()
        if let output {
            try AtomicFile.write(Data(signed.bytes), to: URL(fileURLWithPath: output), durability: .durable)
        }
        if outputOptions.json {
            try JSONOutput.print(ReceiptJSON(try signed.receipt()))
        } else if base64 || output == nil {
            print(Data(signed.bytes).base64EncodedString())
        }
    }
}
