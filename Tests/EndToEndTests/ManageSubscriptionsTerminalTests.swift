import Foundation
import Testing

/// Manage Subscriptions in the real binary: subscribe, open it with m, cancel with its
/// confirmation, and the row reads when the subscription now ends.
@Suite(.ownThreads) struct ManageSubscriptionsTerminalTests {
    let cli = BinaryRunner()

    init() throws {
        try cli.run("set", "latency", "300")
    }

    @Test func subscribeThenCancelInManageSubscriptions() throws {
        defer { cli.cleanUp() }
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        try tty.waitFor("$4.99")
        try tty.select("Pro Monthly")
        try tty.send("Enter")
        try tty.waitFor("[ Subscribe ]")
        try tty.send("Enter")
        try tty.waitFor("You're all set.")
        try tty.send("Enter")
        try tty.waitFor("Free trial until ")
        try tty.send("m")
        try tty.waitFor("Manage Subscriptions")
        try tty.waitFor("Cancel Free Trial")
        try tty.send("G")
        try tty.send("Enter")
        let confirmation = try tty.waitFor("Confirm Cancellation")
        #expect(confirmation.contains("you can still access it until"), "\(confirmation)")
        try tty.send("Right")
        try tty.send("Enter")
        try tty.waitFor("Resubscribe")
        try tty.send("Escape")
        try tty.waitForAbsence("Resubscribe")
        let store = try tty.waitFor("Free trial ends ")
        #expect(!store.contains("Free trial until "), "\(store)")
    }
}
