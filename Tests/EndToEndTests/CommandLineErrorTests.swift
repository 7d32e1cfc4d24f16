import Foundation
import Testing

/// Every error a command ends with, of each kind: with --json one `{ "error": … }` object on
/// stdout and nothing on stderr's behalf there; without it, `storefront: message` on stderr.
@Suite(.ownThreads) final class CommandLineErrorTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    /// Runs `arguments` with and without --json and checks both reports of the one error.
    /// `jsonMessage`: the JSON's message when the text adds context to it ("Cannot buy X: …").
    private func checkError(_ arguments: [String], kind: String, status: Int32, message: String,
                            jsonMessage: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
        #expect(text.status == status, "\(text.summary)", sourceLocation: sourceLocation)
        #expect(text.stdout.isEmpty, "nothing on stdout: \(text.summary)", sourceLocation: sourceLocation)
        #expect(text.stderr.hasPrefix("storefront: \(message)"), "\(text.summary)", sourceLocation: sourceLocation)
        #expect(!text.stderr.contains("Error:"), "one style on stderr: \(text.summary)", sourceLocation: sourceLocation)

        let json = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments + ["--json"])
        #expect(json.status == status, "\(json.summary)", sourceLocation: sourceLocation)
        let object = try json.json(sourceLocation: sourceLocation)
        // buy and restore add what the app's launch delivered before the refusal.
        #expect(Set(object.keys).subtracting(["redelivered", "userDefaults"]) == ["error"], "\(json.summary)", sourceLocation: sourceLocation)
        let error = try #require(object["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(error["kind"] as? String == kind, "\(json.summary)", sourceLocation: sourceLocation)
        #expect(error["exitCode"] as? Int == Int(status), "\(json.summary)", sourceLocation: sourceLocation)
        #expect((error["message"] as? String)?.hasPrefix(jsonMessage ?? message) == true, "\(json.summary)", sourceLocation: sourceLocation)
        #expect(json.stderr.isEmpty, "the error is in the JSON: \(json.summary)", sourceLocation: sourceLocation)
        return error
    }

    @Test func anUnknownProduct() throws {
        _ = try checkError(["buy", "com.nope"], kind: "usage", status: 64, message: "unknown product \"com.nope\"")
    }

    @Test func anUnknownCommand() throws {
        _ = try checkError(["frobnicate"], kind: "usage", status: 64, message: "unknown command 'frobnicate'")
    }

    @Test func anUnknownOptionKeepsTheUsage() throws {
        let error = try checkError(["buy", "com.storefront.premium", "--bogus"], kind: "usage", status: 64,
                                   message: "unknown option '--bogus'")
        #expect((error["usage"] as? String)?.contains("Usage: storefront buy") == true, "\(error)")
        let text = try cli.run("buy", "com.storefront.premium", "--bogus")
        #expect(text.stderr.contains("\nUsage: storefront buy"), "the usage follows the message: \(text.summary)")
        #expect(text.stderr.contains("storefront buy --help"), "\(text.summary)")
    }

    @Test func aMissingArgument() throws {
        _ = try checkError(["approve"], kind: "usage", status: 64, message: "missing expected argument '<txn>'")
    }

    @Test func aBadValue() throws {
        _ = try checkError(["buy", "com.storefront.credits.5", "--quantity", "many"], kind: "usage", status: 64,
                           message: "the value 'many' is invalid for '--quantity <quantity>'")
    }

    @Test func aValidationError() throws {
        _ = try checkError(["state", "--catalog", ""], kind: "usage", status: 64, message: "--catalog is empty")
    }

    /// The setting's name is checked by the parser: its message is whole, the list included,
    /// and the usage field holds the usage alone.
    @Test func anUnknownSettingListsTheSettings() throws {
        let error = try checkError(["set", "bogus", "on"], kind: "usage", status: 64,
                                   message: "the value 'bogus' is invalid for '<setting>'")
        let message = try #require(error["message"] as? String)
        #expect(message.contains("can-make-payments, ask-to-buy, network"), "\(error)")
        #expect(message.hasSuffix("latency, hold, dialogs, time-rate, signing-environment, billing-retry, grace-period, grace-renewals, refund-requests"), "\(error)")
        #expect((error["usage"] as? String)?.hasPrefix("Usage: storefront set ") == true, "\(error)")
    }

    /// Every usage error, the parser's or storefront's own, ends with the command's usage line
    /// and where its help is (a nested command's whole name): on stderr, and in the JSON's usage field.
    @Test func everyUsageErrorEndsWithTheUsage() throws {
        let cases: [([String], String)] = [
            (["set", "bogus", "on"], "storefront set"), (["set", "network", "maybe"], "storefront set"),
            (["set", "latency", "99999"], "storefront set"), (["frobnicate"], "storefront"),
            (["family", "share", "com.storefront.premium", "maybe"], "storefront family share"),
        ]
        for (arguments, command) in cases {
            let usage = "Usage: \(command) [--data-dir <dir>] [--catalog <file>]"
            let help = "  See '\(command) --help' for more information."
            let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(text.status == 64, "\(text.summary)")
            let lines = text.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 3 && lines[1].hasPrefix(usage) && lines[2] == help, "\(text.summary)")
            let json = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments + ["--json"])
            let error = try json.error()
            let field = try #require(error["usage"] as? String, "\(json.summary)")
            #expect(field.hasPrefix(usage) && field.hasSuffix("\n" + help), "\(json.summary)")
        }
    }

    @Test func aTransactionThatIsNotWaiting() throws {
        _ = try checkError(["approve", "999"], kind: "usage", status: 64, message: "no transaction 999")
    }

    @Test func anUnusableDataFile() throws {
        try cli.write("{", to: cli.storeDatabaseURL)
        let error = try checkError(["state"], kind: "data", status: 65, message: cli.storeDatabaseURL.path)
        #expect(error["path"] as? String == cli.storeDatabaseURL.path)
        #expect((error["remedy"] as? String)?.contains("reset") == true, "\(error)")
        #expect(error["problem"] is String, "\(error)")
    }

    @Test func aStoreRefusal() throws {
        #expect(try cli.run("set", "account", "none").status == 0)
        let error = try checkError(["buy", "com.storefront.premium"], kind: "store", status: 4,
                                   message: "Cannot buy com.storefront.premium: Sign in", jsonMessage: "Sign in")
        #expect(error["domain"] as? String == "StorefrontApp")
        #expect(error["code"] as? Int == 7)
        #expect(error["name"] as? String == "notSignedIn")
        let remedy = "Sign in with `\(cli.hint("set account EMAIL"))`"
        #expect((error["remedy"] as? String)?.hasPrefix(remedy) == true, "\(error)")
        for command in ["buy com.storefront.premium", "restore"] {
            let text = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + command.split(separator: " ").map(String.init))
            #expect(text.stderr.split(separator: "\n").dropFirst().first?.hasPrefix(remedy) == true,
                    "what to do, on the next line: \(text.summary)")
        }
    }
}
