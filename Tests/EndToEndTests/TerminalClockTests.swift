import Foundation
import Testing

/// The store's clock with the storefront open: another terminal moves store time, and the
/// open storefront follows by itself (no key pressed).
@Suite(.ownThreads) struct TerminalClockTests {
    let cli = BinaryRunner()

    @Test func advancingFromAnotherTerminalLapsesARequestAndShowsStoreTime() throws {
        defer { cli.cleanUp() }
        try cli.run("set", "latency", "300")
        try cli.run("set", "ask-to-buy", "on")
        let tty = try TmuxSession(cli, environment: ["TZ": "UTC"])
        defer { tty.kill() }
        try tty.select("Premium Quotes")
        try tty.send("Enter")
        try tty.waitFor("[ Ask ]")
        try tty.send("Enter")
        try tty.waitFor("for permission to buy")
        try tty.send("Enter")
        try tty.waitFor("Ask Permission — request sent")
        try tty.send("Enter")
        try tty.waitFor("waiting for approval")
        #expect((try cli.run("pending", "--json").json()["askToBuy"] as? [Any])?.count == 1)

        let advanced = try cli.run("advance", "25h")
        #expect(advanced.status == 0, "\(advanced.summary)")
        #expect(advanced.stdout.contains("lapsed after 24 hours unanswered"), "\(advanced.summary)")
        // The storefront sees the same store time as the command that moved it.
        let storeTime = try #require(try cli.run("clock", "--json").json()["storeTime"] as? String)
        let day = String(storeTime.prefix(10))
        let screen = try tty.waitFor("STORE TIME \(day)", seconds: 8)
        let row = try #require(TmuxSession.rows(of: screen).first { $0.contains("Premium content here") })
        #expect(row.contains("$2.99") && !row.contains("waiting"), "the row offers Buy again:\n\(screen)")
        #expect((try cli.run("pending", "--json").json()["askToBuy"] as? [Any])?.count == 0)
    }
}
