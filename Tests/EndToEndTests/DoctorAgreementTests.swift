import Foundation
import GRDB
import Testing

/// `storefront doctor` and the commands apply one rule to a store: no command leaves a store
/// doctor refuses, and a store doctor passes is one every command uses, while one it refuses
/// is refused by every command before anything is written.
@Suite(.ownThreads) final class DoctorAgreementTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// `storefront doctor` on `directory` passes it (exit 0, "ok" or "none yet").
    private func expectDoctorPasses(_ directory: URL, after context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let doctor = try cli.run(arguments: ["--data-dir", directory.path, "doctor"])
        #expect(doctor.status == 0, "doctor after \(context): \(doctor.summary)", sourceLocation: sourceLocation)
    }

    /// Runs each command on `directory` at the fixed start, expecting `status`, and doctor after each.
    private func walk(_ directory: URL, _ commands: [([String], Int32)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (arguments, status) in commands {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: BinaryRunner.fixedStart)
            try #require(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
            try expectDoctorPasses(directory, after: "storefront \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        }
    }

    // MARK: No command leaves a store doctor refuses

    /// Every step of every crash-test flow, as the flow runs it whole, leaves a store doctor passes.
    @Test(arguments: CrashFlow.allCases)
    func everyCrashFlowStepLeavesAStoreDoctorPasses(flow: CrashFlow) throws {
        let runner = BinaryRunner()
        defer { runner.cleanUp() }
        let facts = try CatalogFacts(runner)
        try FileManager.default.createDirectory(at: runner.dataDirectory, withIntermediateDirectories: true)
        for step in flow.setup + flow.steps {
            let arguments = try step.arguments(CrashCheck(cli: runner, facts: facts))
            let result = try runner.run(arguments: ["--data-dir", runner.dataDirectory.path] + arguments)
            try #require(result.status == step.status, "\(result.summary)")
            let doctor = try runner.run("doctor")
            #expect(doctor.status == 0, "flow \(flow), after storefront \(arguments.joined(separator: " ")): \(doctor.summary)")
        }
    }

    /// A renewed subscription's first purchase deleted takes its renewals and its status with
    /// it (the billing issue has no subscription left to fix), and doctor accepts what is left,
    /// after a plan change as after a launch in the grace period.
    @Test func aDeletedFirstPurchaseOfARenewedSubscriptionLeavesAStoreDoctorPasses() throws {
        let monthly = CrashFlow.monthlyID
        let renewed: [([String], Int32)] = [(["set", "latency", "0"], 0), (["buy", monthly], 0), (["advance", "10d"], 0), (["launch"], 0)]
        let planChange = cli.dataDirectory.appendingPathComponent("plan-change")
        try walk(planChange, renewed + [(["delete-transaction", "1000000001"], 0), (["buy", "com.storefront.pro.yearly"], 0),
                                        (["advance", "1mo"], 0), (["launch"], 0)])
        let grace = cli.dataDirectory.appendingPathComponent("grace")
        try walk(grace, renewed + [(["set", "billing-retry", "on"], 0), (["set", "grace-period", "16d"], 0), (["advance", "1mo"], 0),
                                   (["delete-transaction", "1000000001"], 0), (["launch"], 0), (["fix-billing", monthly], 4),
                                   (["launch"], 0)])
    }

    // MARK: A store doctor refuses is refused by every command, untouched

    /// Commands that write the store, each refused before it writes.
    static let writers: [[String]] = [
        ["buy", "com.storefront.credits.5"], ["set", "network", "off"], ["advance", "1d"], ["restore"], ["launch"], ["state"],
    ]

    /// A data directory of the binary's making: premium bought (1000000001), the store closed.
    private func makeStore(_ name: String) throws -> URL {
        let directory = cli.dataDirectory.appendingPathComponent(name)
        for arguments in [["set", "latency", "0"], ["buy", "com.storefront.premium"]] {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: BinaryRunner.fixedStart)
            try #require(result.status == 0, "\(result.summary)")
        }
        return directory
    }

    private func edit(_ directory: URL, _ sql: String) throws {
        try DatabaseQueue(path: directory.appendingPathComponent("store.sqlite").path).writeWithoutTransaction { db in
            try db.execute(sql: sql)
        }
    }

    private func bytes(_ directory: URL) -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in ["store.sqlite", "store.sqlite-wal", "UserDefaults.json"] {
            contents[name] = try? Data(contentsOf: directory.appendingPathComponent(name))
        }
        return contents
    }

    /// Doctor refuses the store saying `problem`, and so does every command, each leaving the files byte for byte.
    private func expectEveryoneRefuses(_ directory: URL, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = bytes(directory)
        let store = directory.appendingPathComponent("store.sqlite").path
        let doctor = try cli.run(arguments: ["--data-dir", directory.path, "doctor"])
        #expect(doctor.status == 65, "\(doctor.summary)", sourceLocation: sourceLocation)
        #expect(doctor.stdout.contains("\(store): \(problem)"), "\(doctor.summary)", sourceLocation: sourceLocation)
        for arguments in Self.writers {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: BinaryRunner.fixedStart)
            #expect(result.status == 65, "\(result.summary)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("\(store): \(problem)"), "\(result.summary)", sourceLocation: sourceLocation)
            #expect(bytes(directory) == before, "storefront \(arguments.joined(separator: " ")) wrote", sourceLocation: sourceLocation)
        }
    }

    @Test func aStoreWithoutItsStoreRowIsRefusedByDoctorAndEveryCommand() throws {
        let directory = try makeStore("no-store-row")
        try edit(directory, "DELETE FROM store")
        try expectEveryoneRefuses(directory, "store: has no row")
    }

    /// The events' id counter at the largest number: no event can be stored, so no change can
    /// be made whole. Refused up front, the counter named, whether SQLite's sequence or an id holds it.
    @Test func anEventsCounterAtItsLargestIsRefusedByDoctorAndEveryCommand() throws {
        let sequence = try makeStore("events-sequence")
        try edit(sequence, "UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'events'")
        try expectEveryoneRefuses(sequence, "events: the id counter is at 9223372036854775807")
        let id = try makeStore("events-id")
        try edit(id, "UPDATE events SET id = 9223372036854775807")
        try expectEveryoneRefuses(id, "events: the id counter is at 9223372036854775807")
    }

    /// A file whose header says SQLite may only read it (write version 3): refused by doctor as
    /// by the commands, for what it is.
    @Test func aWriteVersionAboveTwoIsRefusedByDoctorAndEveryCommand() throws {
        let directory = try makeStore("write-version")
        let url = directory.appendingPathComponent("store.sqlite")
        var data = try Data(contentsOf: url)
        data[18] = 3
        try data.write(to: url)
        try expectEveryoneRefuses(directory, "has a file format version (3, byte 18 of its header)")
    }

    /// Every transaction id given: a restore that would need one is refused with nothing written.
    @Test func aRestoreWithNoTransactionIDLeftWritesNothing() throws {
        let directory = try makeStore("ids-exhausted")
        try edit(directory, "UPDATE store SET nextTransactionNumber = 9223372036854775807")
        let before = bytes(directory)
        let restore = try cli.run(arguments: ["--data-dir", directory.path, "restore"], environment: BinaryRunner.fixedStart)
        #expect(restore.status == 65, "\(restore.summary)")
        #expect(restore.stderr.contains("has reached the largest transaction id"), "\(restore.summary)")
        let store = try DatabaseQueue(path: directory.appendingPathComponent("store.sqlite").path)
        let due = try store.read { db in try Int64.fetchOne(db, sql: "SELECT restoreDueDate FROM store") }
        #expect(due == nil, "no restore left due")
        try store.close()
        #expect(bytes(directory)["UserDefaults.json"] == before["UserDefaults.json"])
        try expectDoctorPasses(directory, after: "the refused restore")
    }

    // MARK: Damaged bytes

    /// A small real store damaged 40 ways (bytes flipped, the file cut short), from a fixed
    /// seed: where doctor passes it, `state` and `buy` use it; where doctor refuses it, they
    /// refuse it too, and the files are left byte for byte.
    @Test func doctorAndTheCommandsAgreeOnDamagedBytes() throws {
        let made = cli.dataDirectory.appendingPathComponent("made")
        try walk(made, [(["set", "latency", "0"], 0), (["buy", "com.storefront.premium"], 0), (["buy", CrashFlow.monthlyID], 0),
                        (["buy", "com.storefront.credits.5", "--quantity", "2"], 0)])
        let original = try Data(contentsOf: made.appendingPathComponent("store.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: made.appendingPathComponent("store.sqlite-wal").path), "a closed store")
        // STOREFRONT_DAMAGE_SEED tries other damage.
        let seed = ProcessInfo.processInfo.environment["STOREFRONT_DAMAGE_SEED"].flatMap { UInt64($0) } ?? 20_301_011
        var random = SeededRandom(seed: seed)
        var disagreements: [String] = []
        var refused = 0
        for variant in 1...40 {
            var bytes = [UInt8](original)
            let damage: String
            if variant % 5 == 0 {
                let length = Int.random(in: 0..<bytes.count, using: &random)
                bytes.removeSubrange(length...)
                damage = "cut to \(length) bytes"
            } else {
                // Flipped bytes, one in four of them in the first page (the header and the schema).
                var flipped: [Int] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let offset = Int.random(in: 0..<(variant % 4 == 0 ? 4096 : bytes.count), using: &random)
                    bytes[offset] ^= UInt8.random(in: 1...255, using: &random)
                    flipped.append(offset)
                }
                damage = "bytes flipped at \(flipped)"
            }
            let directory = cli.dataDirectory.appendingPathComponent("variant-\(variant)")
            try FileManager.default.copyItem(at: made, to: directory)
            try Data(bytes).write(to: directory.appendingPathComponent("store.sqlite"))
            let before = self.bytes(directory)
            let doctor = try cli.run(arguments: ["--data-dir", directory.path, "doctor"])
            let state = try cli.run(arguments: ["--data-dir", directory.path, "state"], environment: BinaryRunner.fixedStart)
            let buy = try cli.run(arguments: ["--data-dir", directory.path, "buy", "com.storefront.credits.5"],
                                  environment: BinaryRunner.fixedStart)
            let context = "variant \(variant) (\(damage)): doctor exited \(doctor.status) \(doctor.stdout)"
            switch doctor.status {
            case 0:
                for result in [state, buy] where result.status == 65 {
                    disagreements.append("\(context)but \(result.summary)")
                }
            case 65:
                refused += 1
                for result in [state, buy] where result.status != 65 {
                    disagreements.append("\(context)but \(result.summary)")
                }
                if self.bytes(directory) != before { disagreements.append("\(context)but the files were written") }
            default:
                disagreements.append("\(context)\(doctor.stderr)")
            }
        }
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n\n"))")
        #expect(refused > 0, "some damage is refused")
        print("damaged bytes: seed \(seed), doctor refused \(refused) of 40 variants, \(disagreements.count) disagreements")
    }
}
