import Foundation
import Testing

/// The store's pace on the command line: `products` takes the latency as `buy` does, and
/// with hold on `buy` and `restore` wait for the side button, a line on stdin.
@Suite(.ownThreads) final class CommandLinePacingTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    /// stdin with `text` in it, then its end.
    private func stdin(_ text: String) throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        return pipe.fileHandleForReading
    }

    private func run(_ arguments: [String], stdin: FileHandle? = nil) throws -> BinaryRunner.Result {
        try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, stdin: stdin)
    }

    @Test func productsWaitForTheStoresLatency() throws {
        #expect(try cli.run("set", "latency", "1000").status == 0)
        let start = Date()
        let products = try cli.run("products")
        #expect(products.status == 0, "\(products.summary)")
        #expect(Date().timeIntervalSince(start) >= 1, "the store answers after its latency")
    }

    @Test func holdIsTheSameOnEverySurface() throws {
        let set = try cli.run("set", "hold", "on")
        #expect(set.status == 0, "\(set.summary)")
        #expect(set.stdout == "hold = on\n")
        let state = try cli.run("state")
        #expect(state.stdout.contains("  hold                on\n"), "\(state.stdout)")
        #expect((try cli.state()["settings"] as? [String: Any])?["hold"] as? Bool == true)
        let off = try cli.run("set", "hold", "off", "--json").json()
        #expect((off["settings"] as? [String: Any])?["hold"] as? Bool == false)
        let bad = try cli.run("set", "hold", "maybe")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("hold takes on or off"), "\(bad.summary)")
        #expect(try cli.run(arguments: ["set", "--help"]).stdout.contains("hold"))
    }

    @Test func buyUnderHoldWaitsForALineOnStdin() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("set", "hold", "on").status == 0)
        let bought = try run(["buy", "com.storefront.credits.5"], stdin: try stdin("\n"))
        #expect(bought.status == 0, "\(bought.summary)")
        #expect(bought.stderr.contains("hold is on. Double-click the side button to confirm — waiting for a line on stdin."),
                "\(bought.summary)")
        #expect(bought.stdout.contains("purchased  com.storefront.credits.5"))
        #expect(try cli.userDefaults()["credits"] as? Int == 5)
    }

    @Test func buyUnderHoldWithNoLineIsCancelledAndSaysWhatToDo() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("set", "hold", "on").status == 0)
        let result = try run(["buy", "com.storefront.credits.5", "--json"])  // stdin: /dev/null
        #expect(result.status == 4, "\(result.summary)")
        #expect(try result.error()["name"] as? String == "paymentCancelled")
        #expect(result.stderr.contains("stdin ended before the side button was pressed"), "\(result.summary)")
        #expect(result.stderr.contains("(`\(cli.hint("set hold off"))`)"), "\(result.summary)")
        #expect(result.stderr.contains("(`echo | \(cli.hint("…"))`)"), "\(result.summary)")
        #expect((try cli.state()["queue"] as? [Any])?.isEmpty == true, "nothing is left purchasing")
    }

    @Test func restoreUnderHoldWaitsForALineToo() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("buy", "com.storefront.premium").status == 0)
        #expect(try cli.run("reset", "--app-only").status == 0)
        #expect(try cli.run("set", "hold", "on").status == 0)
        let refused = try run(["restore"])
        #expect(refused.status == 4, "\(refused.summary)")
        #expect(refused.stderr.contains("stdin ended before the side button was pressed"))
        #expect(try cli.userDefaults()["com.storefront.premium"] == nil)
        let restored = try run(["restore"], stdin: try stdin("\n"))
        #expect(restored.status == 0, "\(restored.summary)")
        #expect(restored.stdout.contains("Restored 1 purchase"))
        #expect(try cli.userDefaults()["com.storefront.premium"] as? Bool == true)
    }
}
