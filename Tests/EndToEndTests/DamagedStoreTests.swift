import Foundation
import GRDB
import Testing

/// A store.sqlite damaged by something other than storefront (the sqlite3 shell, a disk, a bad
/// copy, a link) is refused like every other bad file, by every command alike: exit 65, the
/// file named with what is wrong and what to do, store.sqlite and its log left byte for byte,
/// nothing delivered, no crash, no hang (each run is killed after BinaryRunner.timeout).
@Suite(.ownThreads) final class DamagedStoreTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// How each damage is made, and the start of what the refusal says of it.
    struct Damage: CustomTestStringConvertible, Sendable {
        var name: String
        var problem: String
        /// The words of what to do.
        var remedy = "it keeps this file aside"

        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "missing column", problem: "table transactions: has no column requestDate"),
        Damage(name: "renamed column", problem: "table transactions: has no column quantity"),
        Damage(name: "Int64.max date", problem: "transactions, id 1000000001, column date: holds 9223372036854775807, a time outside"),
        Damage(name: "year 1 expiry", problem: "transactions, id 1000000002, column expiresDate: holds -62135596800000, a time outside"),
        Damage(name: "flipped schema byte", problem: "is damaged (malformed database schema (transactions)"),
        Damage(name: "zeroed page", problem: "is damaged ("),
        Damage(name: "emptied index", problem: "is damaged (row 3 missing from index transactions_open)"),
        Damage(name: "offer period count past any offer's", problem: "transactions, id 1000000002, column offer: not an offer (type, paymentMode, period) in JSON: periodCount: 9223372036854775807 is not a count of an offer's periods"),
        Damage(name: "unknown state", problem: "transactions, id 1000000001, column state: \"bogus\" is not a transaction state"),
        Damage(name: "unknown state in the log of a killed writer",
               problem: "transactions, id 1000000001, column state: \"bogus\" is not a transaction state"),
        Damage(name: "unknown phase",
               problem: "transactions, id 1000000001, column phase: \"bogus\" is not a queue phase (sheetOpen, held, waitingForStore"),
        Damage(name: "phase the state cannot be in",
               problem: "transactions, id 1000000003, column phase: holds NULL, which a purchasing transaction (not finished) cannot be in"),
        Damage(name: "unknown subscription state",
               problem: "subscriptions, account sandbox.user@example.com, group damaged, column state: \"bogus\" is not a renewal state"),
        Damage(name: "status naming no transaction",
               problem: "subscriptions, account sandbox.user@example.com, group damaged, column latestTransactionID: names transaction 1000000099"),
        Damage(name: "unknown event kind", problem: "events, id 1000, column kind: \"bogus\" is not an event kind"),
        Damage(name: "symbolic link", problem: "is a symbolic link to ", remedy: "Remove it if you did not put it there"),
    ]

    /// Commands that would write the store, and the two that read it whole.
    static let commands: [[String]] = [
        ["state", "--json"], ["buy", "com.storefront.credits.10"], ["launch"], ["restore"], ["set", "network", "off"], ["doctor"],
    ]

    /// Every command, for one damage (the rest read it the same way: at open).
    static let everyCommand: [[String]] = [
        ["state"], ["products"], ["pending"], ["approve", "1000000003"], ["advance", "1d"], ["clock"],
    ]

    // MARK: Making damage

    /// A data directory of the binary's making: a purchase (1000000001), a subscription
    /// (1000000002) and a purchase the app left unfinished (1000000003), the store closed.
    private func makeStore(_ name: String) throws -> URL {
        let directory = cli.dataDirectory.appendingPathComponent(name)
        let environment = ["STOREFRONT_START_TIME": "2030-01-01T09:00:00Z"]
        for arguments in [["set", "latency", "0"], ["buy", "com.storefront.premium"], ["buy", "com.storefront.pro.monthly"],
                          ["set", "finish-transactions", "off"], ["buy", "com.storefront.credits.5"]] {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: environment)
            try #require(result.status == 0, "\(result.summary)")
        }
        return directory
    }

    /// A copy of the data directory `source`, as `name`.
    private func copy(_ source: URL, as name: String) throws -> URL {
        let directory = cli.dataDirectory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: directory)
        return directory
    }

    private func edit(_ store: URL, _ sql: String) throws {
        try DatabaseQueue(path: store.path).writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    /// The file's bytes, SQLite's log moved into it first, with `change` made to them.
    private func rewrite(_ store: URL, _ change: (_ bytes: inout [UInt8], _ roots: [String: Int], _ pageSize: Int) throws -> Void) throws {
        let (roots, size) = try DatabaseQueue(path: store.path).writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
            var roots: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, rootpage FROM sqlite_master WHERE rootpage > 0") {
                roots[row["name"] as String] = row["rootpage"] as Int
            }
            return (roots, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        var bytes = [UInt8](try Data(contentsOf: store))
        try change(&bytes, roots, size)
        try Data(bytes).write(to: store)
    }

    /// Makes `damage` in the store of `directory`. Returns what must stay open while the
    /// commands run (the killed writer's log lasts as long as its connection).
    private func make(_ damage: Damage, in directory: URL) throws -> DatabaseQueue? {
        let store = directory.appendingPathComponent("store.sqlite")
        switch damage.name {
        case "missing column": try edit(store, "ALTER TABLE transactions DROP COLUMN requestDate")
        case "renamed column": try edit(store, "ALTER TABLE transactions RENAME COLUMN quantity TO qty")
        case "Int64.max date": try edit(store, "UPDATE transactions SET date = 9223372036854775807 WHERE id = '1000000001'")
        case "year 1 expiry": try edit(store, "UPDATE transactions SET expiresDate = -62135596800000 WHERE id = '1000000002'")
        case "offer period count past any offer's":
            // Its whole length would overflow: P2W times Int64.max.
            try edit(store, "UPDATE transactions SET offer = json_set(offer, '$.period', 'P2W', '$.periodCount', 9223372036854775807) WHERE id = '1000000002'")
        case "unknown state": try edit(store, "UPDATE transactions SET state = 'bogus' WHERE id = '1000000001'")
        case "unknown phase": try edit(store, "UPDATE transactions SET phase = 'bogus' WHERE id = '1000000001'")
        case "phase the state cannot be in": try edit(store, "UPDATE transactions SET state = 'purchasing' WHERE id = '1000000003'")
        case "unknown subscription state": try edit(store, Self.status(state: "bogus", latest: "1000000002"))
        case "status naming no transaction": try edit(store, Self.status(state: "subscribed", latest: "1000000099"))
        case "unknown event kind":
            // After whatever events the purchases made.
            try edit(store, "INSERT INTO events (id, date, kind, details) VALUES (1000, 1893488400000, 'bogus', '{}')")
        case "flipped schema byte":
            try rewrite(store) { bytes, _, _ in
                let text = Array("seq INTEGER PRIMARY KEY".utf8)
                let at = try #require(bytes.indices.first { bytes[$0...].starts(with: text) })
                bytes[at + text.count - 1] ^= 0x01  // KEY → KEX
            }
        case "zeroed page":
            try rewrite(store) { bytes, roots, size in
                let root = try #require(roots["transactions"])
                bytes.replaceSubrange((root - 1) * size ..< root * size, with: repeatElement(0, count: size))
            }
        case "emptied index":
            try rewrite(store) { bytes, roots, size in
                let root = try #require(roots["transactions_open"])
                // An index leaf page holding no entry.
                let empty = [0x0A, 0, 0, 0, 0, UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), 0] + repeatElement(0, count: size - 8)
                bytes.replaceSubrange((root - 1) * size ..< root * size, with: empty)
            }
        case "unknown state in the log of a killed writer":
            // A connection left open stands for the killed process: its log stays beside the file.
            let killed = try DatabaseQueue(path: store.path)
            try killed.write { db in try db.execute(sql: "UPDATE transactions SET state = 'bogus' WHERE id = '1000000001'") }
            return killed
        case "symbolic link":
            let elsewhere = cli.dataDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: store, to: elsewhere.appendingPathComponent("store.sqlite"))
            try FileManager.default.createSymbolicLink(at: store, withDestinationURL: elsewhere.appendingPathComponent("store.sqlite"))
        default:
            Issue.record("no way to make \(damage.name)")
        }
        return nil
    }

    /// A status row of a group no catalog has (so no rule of the store's makes it too).
    private static func status(state: String, latest: String) -> String {
        """
        INSERT INTO subscriptions (account, groupID, productID, state, originalTransactionID, latestTransactionID, expiresDate,
            willAutoRenew, autoRenewProductID, expirationReason, billingRetryStartDate, gracePeriodExpiresDate, priceIncreaseStatus,
            recentSubscriptionStartDate) VALUES ('sandbox.user@example.com', 'damaged', 'com.storefront.pro.monthly', '\(state)',
            '1000000002', '\(latest)', 1896080400000, 1, 'com.storefront.pro.monthly', NULL, NULL, NULL,
            'noIncreasePending', 1893488400000)
        """
    }

    /// Each file of the data directory, by name, with its bytes (links followed): store.sqlite,
    /// its log (if any), UserDefaults.json.
    private func contents(_ directory: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in ["store.sqlite", "store.sqlite-wal", "UserDefaults.json"] {
            contents[name] = try? Data(contentsOf: directory.appendingPathComponent(name))
        }
        return contents
    }

    /// Runs `arguments` on `directory`: refused, naming the file, what is wrong and what to do.
    private func expectRefusal(_ arguments: [String], on directory: URL, _ damage: Damage) throws {
        let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments)
        let store = directory.appendingPathComponent("store.sqlite").path
        let said = arguments == ["doctor"] ? result.stdout : result.errorText
        #expect(result.status == 65, "\(damage.name), \(arguments): \(result.summary)")
        #expect(said.contains("\(store): \(damage.problem)"), "\(damage.name), \(arguments): \(result.summary)")
        #expect(said.contains(damage.remedy), "says what to do: \(damage.name), \(arguments): \(result.summary)")
    }

    // MARK: Tests

    @Test func everyDamageIsRefusedByCommandsThatReadAndWriteAndLeftUntouched() throws {
        let made = try makeStore("made")
        for damage in Self.damages {
            let directory = try copy(made, as: damage.name)
            let writer = try make(damage, in: directory)
            let before = try contents(directory)
            for arguments in Self.commands {
                try expectRefusal(arguments, on: directory, damage)
            }
            #expect(try contents(directory) == before, "\(damage.name): store.sqlite, its log and UserDefaults.json as they were")
            withExtendedLifetime(writer) {}
        }
    }

    /// `state` used to refuse a row that `buy`, `launch` and `restore` did not read, and wrote
    /// over: one rule for every command, the storefront itself included.
    @Test func aRowNoCommandNeedsIsRefusedByEveryCommandAndTheStorefront() throws {
        let damage = Self.damages.first { $0.name == "unknown state" }!
        let directory = try makeStore(damage.name)
        _ = try make(damage, in: directory)
        let before = try contents(directory)
        for arguments in Self.everyCommand {
            try expectRefusal(arguments, on: directory, damage)
        }
        let tty = try TmuxSession(cli, arguments: ["--data-dir", directory.path])
        defer { tty.kill() }
        #expect(try tty.exitStatus() == 65)
        #expect(try tty.screen(joined: true).contains(damage.problem))
        #expect(try contents(directory) == before)
    }

    /// Reset keeps the refused file aside, its log with it, owner-only whatever mode they had.
    @Test func resetKeepsTheDamagedStoreAsideOwnerOnly() throws {
        let directory = try makeStore("reset")
        let store = directory.appendingPathComponent("store.sqlite")
        let writer = try make(Self.damages.first { $0.name == "unknown state in the log of a killed writer" }!, in: directory)
        for path in [store.path, store.path + "-wal"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        let reset = try cli.run(arguments: ["--data-dir", directory.path, "reset"])
        #expect(reset.status == 0, "\(reset.summary)")
        #expect(reset.stdout.contains("Kept the unusable store.sqlite as \(directory.path)/store.sqlite.broken-"), "\(reset.summary)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("store.sqlite.broken-") }
        #expect(kept.count == 3, "the store, its log and its index: \(kept)")
        for name in kept {
            let mode = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
        withExtendedLifetime(writer) {}
        #expect(try cli.run(arguments: ["--data-dir", directory.path, "doctor"]).stdout.contains("none yet"), "a fresh start")
    }

    @Test func doctorPassesAGoodStoreAndNoStore() throws {
        let directory = try makeStore("good")
        let before = try contents(directory)
        let good = try cli.run(arguments: ["--data-dir", directory.path, "doctor"])
        #expect(good.status == 0, "\(good.summary)")
        // The purchases were signed, so the chain they were signed with is checked too.
        #expect(good.stdout == "\(directory.appendingPathComponent("store.sqlite").path): ok\n\(directory.appendingPathComponent("UserDefaults.json").path): ok\n"
                + "\(directory.appendingPathComponent("signing.pem").path): ok\n", "\(good.summary)")
        let json = try cli.run(arguments: ["--data-dir", directory.path, "doctor", "--json"]).json()
        #expect(json["ok"] as? Bool == true)
        #expect((json["problems"] as? [Any])?.isEmpty == true)
        #expect(try contents(directory) == before)
        let none = try cli.run("doctor")
        #expect(none.status == 0, "\(none.summary)")
        #expect(none.stdout.contains("none yet"))
        #expect(!FileManager.default.fileExists(atPath: cli.storeDatabaseURL.path), "looking makes no store")
        let nowhere = cli.dataDirectory.appendingPathComponent("nowhere")
        #expect(try cli.run(arguments: ["--data-dir", nowhere.path, "doctor"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: nowhere.path), "nor a data directory, nor its lock file")
    }
}
