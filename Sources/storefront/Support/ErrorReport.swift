import AppStoreJSON
import ArgumentParser
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StorefrontUI

/// How every error a command ends with is shown: with --json, one `{ "error": { … } }` object
/// on stdout; otherwise `storefront: message` on stderr. Either way, the documented exit code.
struct ErrorReport {
    /// The stable shape of `error` under --json (documented in docs/command-line.md).
    struct Body: Encodable {
        /// usage, data, store, refused, failed, busy or internal.
        var kind: String
        var message: String
        var exitCode: Int32
        /// Store errors: StoreKit's domain, code and name; a refusal: its name.
        var domain: String?
        var code: Int?
        var name: String?
        /// Data errors: the file, where in it, what is wrong.
        var path: String?
        var location: String?
        var problem: String?
        /// What to do about it.
        var remedy: String?
        /// Usage errors: the command's usage line and where its help is.
        var usage: String?
    }

    var body: Body

    init(kind: String, message: String, exitCode: ExitCode, remedy: String? = nil) {
        body = Body(kind: kind, message: message, exitCode: exitCode.rawValue, remedy: remedy)
    }

    init(_ error: StoreError) {
        self.init(kind: "store", message: error.message, exitCode: .failed, remedy: Self.remedy(for: error))
        body.domain = error.domain
        body.code = error.code
        body.name = error.name
    }

    /// What to do about a refusal the user can act on from the command line.
    private static func remedy(for error: StoreError) -> String? {
        switch error {
        case .notSignedIn:
            "Sign in with `\(CommandLineHint.command("set account EMAIL"))` (e.g. \(Settings.defaultAccount)), then try again."
        case .balanceFull:
            "Lower the balance in UserDefaults.json (or start the app's data afresh with `\(CommandLineHint.command("reset --app-only"))`), then `\(CommandLineHint.command("launch"))` delivers it."
        case .activeSubscriptionInStorefront:
            endSubscriptionRemedy("PRODUCT")
        default:
            nil
        }
    }

    /// How to end the subscription `productID` that keeps the account in its storefront. `endsOn`:
    /// auto-renew is off already and the plan ends then, so only waiting or ending it now is left.
    static func endSubscriptionRemedy(_ productID: String, endsOn: String? = nil) -> String {
        let expire = "end it now (`\(CommandLineHint.command("expire \(productID)"))`)"
        let subscriptions = "`\(CommandLineHint.command("subscriptions"))` shows it."
        if let endsOn {
            return "Auto-renew is off: \(productID) ends \(endsOn); wait until then (`\(CommandLineHint.command("advance DURATION"))`), "
                + "or \(expire); \(subscriptions)"
        }
        return "Turn auto-renew off (`\(CommandLineHint.command("auto-renew \(productID) off"))`) and let it end, "
            + "or \(expire); \(subscriptions)"
    }

    /// Storefront's own failures, and what swift-argument-parser reports (nil for help and
    /// --version, which are not errors, and for an exit code alone: its output is already out).
    /// `subcommand`: the command that ran, whose usage follows a usage error it reports.
    init?(_ error: any Error, command: ParsableCommand.Type, subcommand: ParsableCommand.Type) {
        switch error {
        case let error as DataFileError:
            self.init(kind: "data", message: error.summary, exitCode: .badData, remedy: error.remedy.text(.english))
            body.path = error.path
            body.location = error.location
            body.problem = error.problem
        case let error as StoreError:
            self.init(error)
        case let refusal as SignedDataRefusal:
            self.init(kind: "data", message: refusal.message, exitCode: .badData)
            body.path = refusal.source
            body.location = refusal.failure?.part
            body.problem = refusal.problem
            body.name = refusal.failure?.code.rawValue
        case let refusal as StoreAdminError:
            self.init(refusal: refusal, kind: refusal.kind, message: refusal.text(.english),
                      command: command, subcommand: subcommand)
        case let refusal as FamilyError:
            self.init(refusal: refusal, kind: refusal.kind, message: refusal.text(.english),
                      command: command, subcommand: subcommand)
        case CommandFailure.usage(let message):
            self.init(kind: "usage", message: message, exitCode: .usage)
            body.usage = Self.usage(of: subcommand, root: command)
        case CommandFailure.notFound(let message):
            self.init(kind: "usage", message: message, exitCode: .usage)
        case CommandFailure.refused(let name, let message):
            self.init(kind: "refused", message: message, exitCode: .failed)
            body.name = name
        case CommandFailure.failed(let message):
            self.init(kind: "failed", message: message, exitCode: .failed)
        case CommandFailure.cannotWrite(let message):
            self.init(kind: "cannotWrite", message: message, exitCode: .cannotWrite,
                      remedy: "Check that its folder exists and can be written to, or give another file.")
        case CommandFailure.busy(let message):
            self.init(kind: "busy", message: message, exitCode: .busy)
        default:
            let code = command.exitCode(for: error)
            let full = command.fullMessage(for: error)
            guard code != .success, !full.isEmpty else { return nil }
            // The parser's message, then its usage line and where its help is.
            let lines = full.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usageStart = lines.firstIndex { $0.hasPrefix("Usage:") } ?? lines.count
            let message = Self.sentence(Self.folded(lines[..<usageStart]))
            self.init(kind: code == .validationFailure ? "usage" : "internal", message: message, exitCode: code)
            if usageStart < lines.count { body.usage = lines[usageStart...].joined(separator: "\n") }
        }
    }

    /// The App Store's side refusing a command: a value out of range is a usage error with the
    /// usage line; a name the store does not have (no such product, transaction or storefront)
    /// exits 64 with the message alone, which says where to list what there is; anything else
    /// is the store's answer to a well-formed command (the subscription ended, refunded
    /// already, not family-shareable), a refusal, exit 4 with its name.
    private init(refusal: any Error, kind: RefusalKind, message: String,
                 command: ParsableCommand.Type, subcommand: ParsableCommand.Type) {
        switch kind {
        case .badValue:
            self.init(kind: "usage", message: message, exitCode: .usage)
            body.usage = Self.usage(of: subcommand, root: command)
            return
        case .namesNothing:
            self.init(kind: "usage", message: message, exitCode: .usage)
            return
        case .refused:
            break
        }
        self.init(kind: "refused", message: message, exitCode: .failed)
        // The case's name, as the store's errors carry StoreKit's: "subscriptionExpired".
        body.name = Mirror(reflecting: refusal).children.first?.label ?? "\(refusal)"
    }

    /// The usage line of `subcommand` and where its help is, as the parser gives them after
    /// its own errors: every usage error ends the same way.
    static func usage(of subcommand: ParsableCommand.Type, root: ParsableCommand.Type) -> String {
        let names = (path(to: subcommand, from: root) ?? [root, subcommand]).map { $0._commandName }.joined(separator: " ")
        return "Usage: \(root.usageString(for: subcommand))\n  See '\(names) --help' for more information."
    }

    /// The commands from `root` down to `command`, a nested one included ("family share").
    private static func path(to command: ParsableCommand.Type, from root: ParsableCommand.Type) -> [ParsableCommand.Type]? {
        if command == root { return [root] }
        for child in root.configuration.subcommands {
            if let rest = path(to: command, from: child) { return [root] + rest }
        }
        return nil
    }

    /// The parser's message on one line, whole: a list of accepted values ("  - on") joined
    /// after its colon; the argument's help, which is not part of the error, left out.
    private static func folded(_ lines: ArraySlice<String>) -> String {
        var message = ""
        var items: [String] = []
        for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !line.hasPrefix("Help:") {
            if line.hasPrefix("- ") {
                items.append(String(line.dropFirst(2)))
            } else {
                message += (message.isEmpty ? "" : " ") + line
            }
        }
        if !items.isEmpty { message += " " + items.joined(separator: ", ") }
        return message
    }

    /// The parser's "Unknown option '--x'" read as storefront's messages do: "unknown option '--x'".
    private static func sentence(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var first = String(lines.first ?? "")
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        let letters = Array(first.prefix(2))
        if letters.count == 2, letters[0].isUppercase, letters[1].isLowercase {
            first = first.prefix(1).lowercased() + first.dropFirst()
        }
        return first
    }

    /// The error as the documented object, on stdout.
    func printJSON(launch: Report.Launch? = nil) {
        struct Output: Encodable {
            var error: Body
            var redelivered: [TransactionPayload]?
            var userDefaults: [String: JSONValue]?
        }
        let output = Output(error: body, redelivered: launch?.redelivered, userDefaults: launch?.userDefaults)
        do {
            try JSONOutput.print(output)
        } catch {
            print(#"{"error":{"kind":"internal","message":"the error could not be written as JSON","exitCode":1}}"#)
        }
    }

    /// The error on stderr: `storefront: message`, then what to do and the usage, if any.
    func printText(context: String? = nil) {
        var message = context.map { "\($0): \(body.message)" } ?? body.message
        if let domain = body.domain, let code = body.code, let name = body.name {
            message += " (\(domain) \(code) \(name))"
        }
        printError(message, remedy: body.remedy)
        if let usage = body.usage { printErrorLines(usage) }
    }

    /// Prints the error the way `json` asks and ends the process with its exit code.
    func exit(json: Bool) -> Never {
        if json { printJSON() } else { printText() }
        Foundation.exit(body.exitCode)
    }
}
