import Foundation
import Testing

/// What the commands say: hints that can be pasted as they are, quantities, local times.
@Suite(.ownThreads) final class CommandLineMessageTests {
    let cli = BinaryRunner()

    deinit {
        cli.cleanUp()
    }

    private func askToBuyTwoPacks() throws -> String {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("set", "ask-to-buy", "on").status == 0)
        let buy = try cli.run("buy", "com.storefront.credits.10", "--quantity", "2")
        #expect(buy.status == 3, "\(buy.summary)")
        return buy.stdout
    }

    /// The command between backticks in `text`, as words (the hints quote nothing here).
    private func hintedCommand(in text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let quoted = try #require(text.split(separator: "`").dropFirst().first, "no command in \(text)",
                                  sourceLocation: sourceLocation)
        return quoted.split(separator: " ").map(String.init)
    }

    @Test func hintsNameTheDataDirectorySoAPastedHintActsOnThisStore() throws {
        let path = cli.dataDirectory.standardizedFileURL.path
        let stdout = try askToBuyTwoPacks()
        let words = try hintedCommand(in: stdout)
        #expect(Array(words.prefix(3)) == ["storefront", "--data-dir", path], "\(stdout)")
        #expect(words.dropFirst(3).first == "approve", "\(stdout)")

        let pending = try cli.run("pending")
        #expect(pending.stdout.contains("(storefront --data-dir \(path) approve|decline 1000000001)"), "\(pending.summary)")

        // Pasted from another directory, it approves the request in this store.
        let pasted = try cli.run(arguments: Array(words.dropFirst()))
        #expect(pasted.status == 0, "\(pasted.summary)")
        #expect(pasted.stdout.contains("storefront --data-dir \(path) launch"), "\(pasted.summary)")
        #expect(try cli.run("pending").stdout.contains("Nothing is waiting."))

        let missing = try cli.run("approve", "999")
        #expect(missing.stderr.contains("`storefront --data-dir \(path) state`"), "\(missing.summary)")
    }

    @Test func theDefaultDataDirectoryIsLeftOutOfHints() throws {
        let environment = ["STOREFRONT_DATA_DIR": cli.dataDirectory.path]
        #expect(try cli.run(arguments: ["set", "ask-to-buy", "on"], environment: environment).status == 0)
        let buy = try cli.run(arguments: ["buy", "com.storefront.premium"], environment: environment)
        #expect(buy.stdout.contains("`storefront approve 1000000001`"), "\(buy.summary)")
    }

    @Test func aDataDirectoryWithSpacesIsQuotedInHints() throws {
        let spaced = cli.dataDirectory.appendingPathComponent("my store").path
        let missing = try cli.run(arguments: ["--data-dir", spaced, "approve", "999"])
        #expect(missing.stderr.contains("`storefront --data-dir '\(spaced)' state`"), "\(missing.summary)")
    }

    @Test func theCatalogInUseIsInHints() throws {
        let catalog = cli.dataDirectory.appendingPathComponent("catalog.json")
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        // The package's own catalog, as a file given with --catalog.
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/catalog.json")
        try FileManager.default.copyItem(at: builtIn, to: catalog)
        let missing = try cli.run("--catalog", catalog.path, "approve", "999")
        #expect(missing.stderr.contains("--catalog \(catalog.path) state`"), "\(missing.summary)")
    }

    @Test func quantitiesAreNamedInEveryMessage() throws {
        let stdout = try askToBuyTwoPacks()
        #expect(stdout.contains("the request for com.storefront.credits.10 ×2 was sent"), "\(stdout)")
        #expect(try cli.run("pending").stdout.contains("10 Monkey Credits ×2  $3.98"))
        let approve = try cli.run("approve", "1000000001")
        #expect(approve.stdout.contains("Approved 1000000001: com.storefront.credits.10 ×2 is purchased."), "\(approve.summary)")
        let launch = try cli.run("launch")
        #expect(launch.stdout.contains("1000000001 purchased  com.storefront.credits.10 ×2"), "\(launch.summary)")
        #expect(try cli.run("state").stdout.contains("1000000001  purchased   com.storefront.credits.10 ×2  "))
    }

    @Test func declineNamesTheQuantity() throws {
        _ = try askToBuyTwoPacks()
        let decline = try cli.run("decline", "1000000001")
        #expect(decline.stdout.contains("Declined 1000000001: com.storefront.credits.10 ×2 failed."), "\(decline.summary)")
    }

    /// The dates line up in one column, however long the items before them.
    @Test func stateAlignsItsColumns() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("buy", "com.storefront.premium").status == 0)
        #expect(try cli.run("buy", "com.storefront.credits.5", "--quantity", "2").status == 0)
        #expect(try cli.run("buy", "com.storefront.pro.monthly", "--no-finish").status == 0)
        let stdout = try cli.run("state").stdout
        let lines = stdout.split(separator: "\n").filter { $0.hasPrefix("  100000000") }
        #expect(lines.count == 4, "the queue's one and the history's three: \(stdout)")
        let dateColumns = Set(lines.map { line in
            line.distance(from: line.startIndex, to: line.range(of: " 20")?.lowerBound ?? line.startIndex)
        })
        #expect(dateColumns.count == 1, "\(stdout)")
    }

    /// A request is shown as the store would charge it if approved now.
    @Test func pendingShowsAFreeTrialAsTheStoreWouldChargeIt() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("set", "ask-to-buy", "on").status == 0)
        #expect(try cli.run("buy", "com.storefront.pro.monthly").status == 3)
        #expect(try cli.run("buy", "com.storefront.pass.yearly").status == 3)
        let pending = try cli.run("pending").stdout
        #expect(pending.contains("Pro Monthly  1 week free, then $4.99/month  ("), "\(pending)")
        #expect(pending.contains("One-Year Pass  $29.99 for 1 year  ("), "\(pending)")
    }

    /// `state` shows local time, TZ honoured, while JSON keeps UTC.
    @Test func stateShowsTimesInTheLocalZone() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
        let history = try #require(try cli.state()["history"] as? [[String: Any]])
        let stamp = try #require(history.first?["date"] as? String)
        #expect(stamp.hasSuffix("Z"), "JSON stays UTC: \(stamp)")
        let date = try #require(ISO8601DateFormatter.withFractions.date(from: stamp))

        for (zone, offset) in [("Asia/Tokyo", "+09:00"), ("UTC", "+00:00"), ("America/New_York", nil)] {
            let state = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "state"], environment: ["TZ": zone])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let local = String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
            #expect(state.stdout.contains("com.storefront.credits.5  \(local) \(offset ?? "")"), "TZ=\(zone): \(state.stdout)")
        }
    }
}

extension ISO8601DateFormatter {
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
