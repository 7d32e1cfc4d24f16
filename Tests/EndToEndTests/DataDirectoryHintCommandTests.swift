import Foundation
import Testing

/// Every command given --data-dir names it in each command it hints at, so a pasted hint acts
/// on the same store: the history's, the refund requests', a purchase outside the app and
/// Family Sharing's commands included, in what they print and in their refusals.
@Suite(.ownThreads) final class DataDirectoryHintCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// The commands `text` hints at (after a backtick or an opening parenthesis), each from its
    /// first word: "storefront --data-dir DIR launch".
    private func hints(in text: String) -> [Substring] {
        text.ranges(of: "storefront ").compactMap { range -> Substring? in
            guard range.lowerBound > text.startIndex, "`(".contains(text[text.index(before: range.lowerBound)]) else { return nil }
            let end = text[range.lowerBound...].firstIndex { $0 == "`" || $0 == ")" || $0 == "\n" } ?? text.endIndex
            return text[range.lowerBound..<end]
        }
    }

    /// Runs the command and checks it hints at one command at least, each with this --data-dir.
    private func expectHintsNameTheDataDirectory(_ arguments: String..., status: Int32 = 0,
                                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
        #expect(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
        let found = hints(in: result.stdout + result.stderr)
        #expect(!found.isEmpty, "no hint: \(result.summary)", sourceLocation: sourceLocation)
        let prefix = "storefront --data-dir \(cli.dataDirectory.standardizedFileURL.path) "
        for hint in found {
            #expect(hint.hasPrefix(prefix), "\(arguments.joined(separator: " ")): \(hint)", sourceLocation: sourceLocation)
        }
    }

    @Test func theHistoryAndRefundRequestCommandsNameTheDataDirectory() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", "com.storefront.premium")
        try cli.command("buy", "com.storefront.credits.5")
        try cli.command("set", "refund-requests", "manual")
        try expectHintsNameTheDataDirectory("request-refund", "1000000001")
        try expectHintsNameTheDataDirectory("decline-refund", "1000000001")
        try expectHintsNameTheDataDirectory("refund", "1000000001")
        try expectHintsNameTheDataDirectory("delete-transaction", "1000000002")
        try expectHintsNameTheDataDirectory("buy-outside", "com.storefront.credits.5")
    }

    /// An offer refused while a plan of its group is active names the command that ends it;
    /// an offer the catalog lacks, the command that lists the catalog.
    @Test func theOfferRefusalsNameTheDataDirectory() throws {
        try cli.command("set", "latency", "0")
        try cli.command("buy", "com.storefront.pro.monthly")
        try expectHintsNameTheDataDirectory("buy-outside", "com.storefront.pro.monthly", "--offer", "introductory", status: 4)
        try expectHintsNameTheDataDirectory("redeem-code", "FRIENDMONTH", status: 4)
        try expectHintsNameTheDataDirectory("buy-outside", "com.storefront.pro.yearly", "--offer", "introductory", status: 4)
    }

    /// An offer the store lacks points at a command that runs and lists the offers there are,
    /// offer codes included.
    @Test func anUnknownOfferPointsAtTheProductsThatListThem() throws {
        let refused = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "redeem-code", "NOPE"], environment: BinaryRunner.fixedStart)
        #expect(refused.status == 4 && refused.stderr.contains("storefront --data-dir \(cli.dataDirectory.standardizedFileURL.path) products"),
                "\(refused.summary)")
        let listed = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "products"], environment: BinaryRunner.fixedStart)
        #expect(listed.status == 0 && listed.stdout.contains("1 week free trial, offer codes FRIENDMONTH]"), "\(listed.summary)")
    }

    @Test func theFamilyCommandsNameTheDataDirectory() throws {
        try expectHintsNameTheDataDirectory("family", "show")
        try expectHintsNameTheDataDirectory("family", "leave", status: 4)
        try expectHintsNameTheDataDirectory("family", "create", "parent@example.com")
        try expectHintsNameTheDataDirectory("family", "add", "kid@example.com", "--to", "parent@example.com")
        try expectHintsNameTheDataDirectory("family", "buy", "parent@example.com", "com.storefront.premium")
        try expectHintsNameTheDataDirectory("family", "share", "com.storefront.premium", "off", "--by", "parent@example.com")
        try expectHintsNameTheDataDirectory("family", "remove", "kid@example.com")
    }
}
