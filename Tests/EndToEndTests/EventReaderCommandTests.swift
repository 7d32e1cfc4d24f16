import Foundation
import Testing

/// `storefront events --reader NAME`: a reader whose place is kept in store.sqlite, moved
/// only past what it listed.
@Suite(.ownThreads) final class EventReaderCommandTests {
    let cli = BinaryRunner()
    static let premium = "com.storefront.premium"
    static let credits = "com.storefront.credits.5"

    deinit { cli.cleanUp() }

    private func ids(_ result: BinaryRunner.Result) throws -> [Int64] {
        let events = try #require(try result.json()["events"] as? [[String: Any]], "\(result.summary)")
        return events.compactMap { ($0["id"] as? NSNumber)?.int64Value }
    }

    private func read(_ reader: String, limit: Int? = nil, killAt point: Int? = nil) throws -> BinaryRunner.Result {
        var environment = BinaryRunner.fixedStart
        environment["STOREFRONT_KILL_AT_WRITE"] = point.map(String.init)
        return try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "events", "--reader", reader, "--json"]
                               + (limit.map { ["--limit", String($0)] } ?? []), environment: environment)
    }

    @Test func eachReaderResumesWhereItStopped() throws {
        try cli.command("buy", Self.premium)
        let all = try ids(try cli.command("events", "--json"))
        #expect(try ids(try read("log", limit: 1)) == Array(all.prefix(1)))
        #expect(try ids(try read("log")) == Array(all.dropFirst()))
        #expect(try ids(try read("log")) == [])
        #expect(try ids(try read("other")) == all, "each reader has its own place")
        // A new reader starts after --after; then where it stopped.
        let late = try cli.command("events", "--reader", "late", "--after", String(all.last!), "--json")
        #expect(try ids(late) == [])
        try cli.command("buy", Self.credits)
        let news = try ids(try cli.command("events", "--json")).filter { $0 > all.last! }
        #expect(!news.isEmpty)
        #expect(try ids(try read("late")) == news)
        #expect(try ids(try read("log")) == news)
        let text = try cli.command("events", "--reader", "log")
        #expect(text.stdout == "No events for log to read.\n", "\(text.summary)")
        // Without --reader, the listing is as it was: every event, no place kept.
        #expect(try ids(try cli.command("events", "--json")) == all + news)
    }

    /// Killed at each write of a read, and read again: every event reaches the reader once. A
    /// read killed before its commit listed events the reader has not taken (the next read
    /// lists them again); one killed after it took what it listed.
    @Test func aReaderKilledAtEveryWriteTakesEachEventOnce() throws {
        try cli.command("buy", Self.premium)
        try cli.command("buy", Self.credits)
        try cli.command("refund", "1000000001")
        let all = try ids(try cli.command("events", "--json"))
        #expect(all.count >= 3)
        var taken: [Int64] = []
        var killedBefore = 0, killedAfter = 0
        for round in 0..<60 {
            let point = [1, 2, nil][round % 3]
            let result = try read("log", limit: 2, killAt: point)
            let listed = try ids(result)
            if point == nil, listed.isEmpty { break }
            if result.killed, point == 1 {
                killedBefore += 1
            } else {
                if result.killed { killedAfter += 1 }
                taken += listed
            }
        }
        #expect(killedBefore > 0 && killedAfter > 0)
        #expect(taken == all, "none twice, none skipped")
    }
}
