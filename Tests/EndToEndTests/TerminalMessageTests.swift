import Foundation
import Testing

/// What the storefront says in a real terminal: local times under TZ, the quantity, and a
/// command that acts on this data directory.
@Suite(.ownThreads) struct TerminalMessageTests {
    let cli = BinaryRunner()

    @Test func theRequestSentNoticeAndTheLogUnderTZ() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("set", "ask-to-buy", "on").status == 0)
        let tty = try TmuxSession(cli, environment: ["TZ": "Asia/Tokyo"])
        defer { tty.kill() }
        try tty.waitFor("Transactions · times +09:00")
        try tty.select("10 Monkey Credits")
        try tty.send("Enter")
        try tty.waitFor("[ Ask ]")
        try tty.send("+")
        try tty.waitFor("Total     $3.98")
        try tty.send("Enter")
        try tty.waitFor("Would you like to ask", joined: true)
        try tty.send("Enter")
        let notice = try tty.waitFor("Ask Permission — request sent", joined: true)
        #expect(notice.contains("10 Monkey Credits ×2"), "\(notice)")
        // The command wraps whole inside the box when the path is long: its words, in order.
        let inside = notice.split(separator: "\n").compactMap { row -> Substring? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            return row[row.index(after: left)..<right]
        }
        let words = inside.joined(separator: " ").split(separator: " ").joined(separator: " ")
        let command = "storefront --data-dir \(cli.dataDirectory.path) approve 1000000001"
        #expect(words.contains(command), "\(command) in: \(words)")

        // The log's time is the transaction's in Tokyo, whatever the machine's zone.
        let history = try #require(try cli.state()["history"] as? [[String: Any]])
        let stamp = try #require(history.first?["date"] as? String)
        let date = try #require(ISO8601DateFormatter.withFractions.date(from: stamp))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let c = calendar.dateComponents([.hour, .minute], from: date)
        let screen = try tty.waitFor("deferred  com.storefront.credits.10 ×2")
        #expect(screen.contains(String(format: " %02d:%02d:", c.hour!, c.minute!)), "\(screen)")
    }
}
