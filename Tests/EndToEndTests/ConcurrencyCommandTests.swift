import Foundation
import GRDB
import Testing

/// Several processes on one data directory at once, and a store clock anchored ahead of the
/// machine's: nothing waits for real time to catch up, no process's time or purchase is lost
/// in another's, and the store stays one `doctor` accepts.
@Suite(.ownThreads) final class ConcurrencyCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// Runs each list of commands on a thread of its own, all at once, at the fixed start.
    private func runAtOnce(_ workers: [[[String]]]) -> [BinaryRunner.Result] {
        let results = ResultList()
        let cli = self.cli
        DispatchQueue.concurrentPerform(iterations: workers.count) { i in
            for arguments in workers[i] {
                let result = Swift.Result {
                    try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
                }
                results.append(result)
            }
        }
        return results.all.compactMap { result in
            switch result {
            case .success(let value): return value
            case .failure(let error):
                Issue.record("could not run storefront: \(error)")
                return nil
            }
        }
    }

    /// `storefront arguments…` at the fixed start, expected to exit with `status`.
    @discardableResult
    private func command(_ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> BinaryRunner.Result {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        return result
    }

    private func expectDoctorAccepts(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let doctor = try cli.command("doctor")
        #expect(doctor.status == 0 && doctor.stdout.contains("store.sqlite: ok\n"), "\(doctor.summary)", sourceLocation: sourceLocation)
    }

    @Test func advancesMadeAtOnceEachMoveTheClockTheirWholeWay() throws {
        try cli.command("set", "latency", "0")
        let count = 40
        let results = runAtOnce(Array(repeating: [["advance", "1d"]], count: count))
        #expect(results.count == count)
        for result in results { #expect(result.status == 0, "\(result.summary)") }
        let clock = try cli.command("clock", "--json").json()
        #expect(clock["offsetSeconds"] as? Double == Double(count * 86_400), "\(clock)")
        try expectDoctorAccepts()
    }

    /// Purchases, advances, refunds, refund requests, reads and launches from ten processes:
    /// each either does its whole work or is told the app is busy, and nothing is lost or doubled.
    @Test func purchasesRefundsAndAdvancesFromTenProcessesLoseAndDoubleNothing() throws {
        for arguments in [["set", "latency", "0"], ["buy", "com.storefront.credits.5"], ["buy", "com.storefront.credits.5"],
                          ["buy", "com.storefront.credits.5"], ["buy", "com.storefront.premium"]] {
            try command(arguments)
        }
        let advance = ["advance", "1d"]
        let buy = ["buy", "com.storefront.credits.5"]
        let workers: [[[String]]] = [
            [advance, advance, advance], [advance, advance, advance], [advance, ["state", "--json"], advance],
            [buy, buy, buy], [buy, ["events"], buy],
            [["refund", "1000000001"], ["state"], ["events", "--json"]],
            [["request-refund", "1000000003"], ["request-refund", "1000000004"], ["pending"]],
            [["state", "--json"], ["clock"], ["state", "--json"]],
            [["launch"], ["launch"], ["launch"]],
            [advance, ["subscriptions"], ["events", "--after", "3"]],
        ]
        let results = runAtOnce(workers)
        #expect(results.count == 30)
        // 75: the app was busy in another process (buy and launch wait 5 s for it, then give up).
        for result in results {
            let mayBeBusy = result.arguments.contains("buy") || result.arguments.contains("launch")
            #expect(result.status == 0 || (mayBeBusy && result.status == 75), "\(result.summary)")
        }
        let advances = results.filter { $0.arguments.contains("advance") }
        #expect(advances.count == 9 && advances.allSatisfy { $0.status == 0 })
        let clock = try cli.command("clock", "--json").json()
        #expect(clock["offsetSeconds"] as? Double == Double(9 * 86_400), "each advance moved the clock a whole day: \(clock)")

        let bought = results.filter { $0.arguments.contains("buy") && $0.status == 0 }.count
        let state = try cli.command("launch", "--json")
        #expect(state.status == 0)
        let history = try #require(try cli.state()["history"] as? [[String: Any]])
        let packs = history.filter { $0["productID"] as? String == "com.storefront.credits.5" }
        #expect(packs.count == 3 + bought, "one transaction per purchase that succeeded: \(packs.count), \(bought) bought")
        #expect(Set(packs.compactMap { $0["id"] as? String }).count == packs.count)
        let refunded = packs.filter { $0["revocationDate"] != nil }.map { $0["id"] as? String }
        #expect(Set(refunded) == ["1000000001", "1000000003"])
        // Every pack delivered once, the two refunded taken back once.
        let credits = try cli.userDefaults()["credits"] as? Int
        #expect(credits == 5 * (packs.count - 2), """
            credits \(String(describing: credits)) for \(packs.count) packs, 2 refunded; \(state.stdout.prefix(2000))
            \(results.filter { $0.status != 0 }.map(\.summary).joined(separator: "\n"))
            """)
        try expectDoctorAccepts()
    }

    /// Used under a later fixed start, then with real time: the clock's anchor is ahead of the
    /// machine's clock. Purchases and products requests are answered at once, not when real
    /// time catches up, and the user is told once.
    @Test func aClockAnchoredAheadOfRealTimeIsAnchoredAgainAndNothingWaitsForIt() throws {
        let later = ISO8601DateFormatter().string(from: Date() + 6 * 3600)
        let future = ["STOREFRONT_START_TIME": later, "TZ": "UTC"]
        for arguments in [["set", "latency", "100"], ["advance", "1min"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: future)
            try #require(result.status == 0, "\(result.summary)")
        }
        let storeTime = try #require(try cli.run("clock", "--json", environment: future).json()["storeTime"] as? String)
        // A buy would wait six hours: the runner kills it after two minutes.
        let bought = try cli.run("buy", "com.storefront.credits.5")
        #expect(bought.status == 0, "\(bought.summary)")
        #expect(bought.stderr.contains("the store's clock was anchored 5h 59min") || bought.stderr.contains("the store's clock was anchored 6h"),
                "\(bought.summary)")
        #expect(bought.stderr.contains("It now runs on from"), "\(bought.summary)")
        let products = try cli.run("products")
        #expect(products.status == 0 && products.stdout.contains("5 Monkey Credits"), "\(products.summary)")
        #expect(products.stderr.isEmpty, "told once: \(products.summary)")
        let now = try #require(try cli.run("clock", "--json").json()["storeTime"] as? String)
        #expect(now > storeTime, "store time ran on from where it stood: \(storeTime) → \(now)")
        try expectDoctorAccepts()
    }

    /// A store.sqlite, log or lock file with a second name (a hard link) is refused as a
    /// symbolic link is, by reading and writing commands and doctor alike: the file under
    /// the other name is never written.
    @Test(arguments: ["store.sqlite", "store.sqlite-wal", ".store.lock", ".storefront-ui.lock"])
    func aFileWithASecondNameIsRefusedAndNeverWrittenThrough(name: String) throws {
        try cli.command("buy", "com.storefront.credits.5")
        try cli.command("launch")
        // A connection left open keeps SQLite's log beside the store, as a killed writer does.
        let writer = name.hasSuffix("-wal") ? try DatabaseQueue(path: cli.storeDatabaseURL.path) : nil
        try writer?.write { db in try db.execute(sql: "UPDATE settings SET value = value") }
        let file = cli.dataDirectory.appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: file.path), "no \(name) to link")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-link-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.linkItem(at: file, to: elsewhere)
        let before = try Data(contentsOf: elsewhere)
        let appCommand = name == ".storefront-ui.lock"
        let commands: [[String]] = appCommand ? [["launch"], ["buy", "com.storefront.credits.5"]]
            : [["state"], ["buy", "com.storefront.credits.5"], ["set", "network", "off"], ["advance", "1d"], ["launch"], ["restore"], ["doctor"]]
        for arguments in commands {
            let result = try command(arguments, status: 65)
            let said = result.stdout + result.stderr
            #expect(said.contains("\(file.path): has 2 names (hard links)"), "\(result.summary)")
        }
        #expect(try Data(contentsOf: elsewhere) == before, "the other name's file is as it was")
        withExtendedLifetime(writer) {}
    }
}

/// Results handed from the threads that ran them.
private final class ResultList: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Swift.Result<BinaryRunner.Result, any Error>] = []
    func append(_ result: Swift.Result<BinaryRunner.Result, any Error>) { lock.withLock { results.append(result) } }
    var all: [Swift.Result<BinaryRunner.Result, any Error>] { lock.withLock { results } }
}
