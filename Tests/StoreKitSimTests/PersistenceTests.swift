import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import StoreKitSim

@Suite struct PersistenceTests {
    // MARK: store.json

    @Test func storeFileRoundTripsAndLeavesNoTemporaryFile() throws {
        let directory = TemporaryDirectory()
        let file = try StoreFile(directory: directory.dataDirectory)
        #expect(try file.load() == StoreRecords(), "no store.json yet: a fresh store")
        try file.update { $0.settings.askToBuy = true; $0.settings.storefront = "JPN" }
        let loaded = try StoreFile(directory: directory.dataDirectory).load()
        #expect(loaded.settings.askToBuy)
        #expect(loaded.settings.storefront == "JPN")
        #expect(try directory.names() == [".store.lock", "store.json"], "no temporary file left behind")
    }

    @Test func aPurchaseOnDiskLeavesOnlyTheTwoFiles() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.buy(ID.credits10, quantity: 3)
        try t.buy(ID.premium)
        #expect(try directory.names() == [".store.lock", "UserDefaults.json", "store.json"])
        let reread = try StoreFile(directory: directory.dataDirectory).load()
        #expect(reread == (try t.records))
        #expect(reread.receipt.count == 2)
    }

    @Test func writesReplaceTheFileRatherThanRewriteIt() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeURL
        let file = try StoreFile(directory: directory.dataDirectory)
        try file.update { $0.settings.askToBuy = true }
        let before = try Data(contentsOf: url)

        // A reader that opened the old file keeps reading it whole: the new content arrives
        // by rename, never by truncating and rewriting the file in place.
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        try file.update { $0.settings.askToBuy = false; $0.settings.account = "another.user@example.com" }
        #expect(try reader.readToEnd() == before)
        #expect(try Data(contentsOf: url) != before)
        #expect(try file.load().settings.account == "another.user@example.com")
    }

    @Test func aWriteThatCannotCompleteLeavesNoTemporaryFile() throws {
        let directory = TemporaryDirectory()
        // The target is a directory that is not empty: the final rename fails.
        let target = directory.file("store.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside"))
        #expect(throws: (any Error).self) { try AtomicFile.write(Data("{}".utf8), to: target) }
        #expect(try directory.names() == ["store.json"])
        #expect(try String(contentsOf: target.appendingPathComponent("inside"), encoding: .utf8) == "keep")
    }

    @Test func storeFileThatDoesNotParseIsReportedAndNeverOverwritten() throws {
        let directory = TemporaryDirectory()
        let url = directory.dataDirectory.storeURL
        let broken = Data("{\n  \"settings\": {\n    \"network\": ,\n  }\n}\n".utf8)
        try broken.write(to: url)
        let file = try StoreFile(directory: directory.dataDirectory)

        let error = try #require(throws: DataFileError.self) { try file.load() }
        #expect(error.path == url.path)
        #expect(error.location == "line 3, column 16")
        #expect(error.problem.hasPrefix("not valid JSON"))
        #expect(error.remedy.contains("storefront reset"))
        #expect(error.description.hasPrefix("\(url.path): line 3, column 16: "))

        #expect(throws: DataFileError.self) { try file.update { $0.settings.network = false } }
        #expect(throws: DataFileError.self, "the app cannot launch over it") { try Harness.onDisk(directory) }
        #expect(try Data(contentsOf: url) == broken)
        #expect(try directory.names() == [".store.lock", "store.json"])
    }

    @Test func emptyStoreFileIsReportedAsEmpty() throws {
        let directory = TemporaryDirectory()
        try Data().write(to: directory.dataDirectory.storeURL)
        let error = try #require(throws: DataFileError.self) { try StoreFile(directory: directory.dataDirectory).load() }
        #expect(error.problem == "the file is empty, not JSON")
        #expect(error.location == nil)
        #expect(try Data(contentsOf: directory.dataDirectory.storeURL).isEmpty)
    }

    @Test func wrongTypeInStoreFileNamesTheField() throws {
        let directory = TemporaryDirectory()
        try Data(#"{"settings": {"latencyMilliseconds": "fast"}}"#.utf8).write(to: directory.dataDirectory.storeURL)
        let error = try #require(throws: DataFileError.self) { try StoreFile(directory: directory.dataDirectory).load() }
        #expect(error.location == "$.settings.latencyMilliseconds")
        #expect(error.problem == "expected a number")
    }

    @Test func storeFileOfANewerVersionIsRefused() throws {
        let directory = TemporaryDirectory()
        let text = #"{"version": 2}"#
        try Data(text.utf8).write(to: directory.dataDirectory.storeURL)
        let file = try StoreFile(directory: directory.dataDirectory)
        let error = try #require(throws: DataFileError.self) { try file.update { $0.settings.askToBuy = true } }
        #expect(error.location == "$.version")
        #expect(error.problem.contains("newer storefront"))
        #expect(try String(contentsOf: directory.dataDirectory.storeURL, encoding: .utf8) == text)
    }

    @Test func handTrimmedStoreFileKeepsDefaults() throws {
        let directory = TemporaryDirectory()
        try Data(#"{"settings": {"askToBuy": true, "account": null}, "transactions": [{"id": "1000000007", "productID": "com.storefront.premium", "quantity": 1, "state": "purchased", "date": "2027-01-15T08:00:00.000Z", "finished": true}]}"#.utf8)
            .write(to: directory.dataDirectory.storeURL)
        let records = try StoreFile(directory: directory.dataDirectory).load()
        #expect(records.settings.askToBuy)
        #expect(records.settings.account == nil, "null means signed out")
        #expect(records.settings.network, "a field left out keeps its default")
        #expect(records.settings.latencyMilliseconds == Settings().latencyMilliseconds)
        #expect(records.version == StoreRecords.currentVersion)
        #expect(records.nextTransactionNumber == 1_000_000_008, "new ids never reuse one on file")
        #expect(records.owns(ID.premium))
        #expect(records.transactions[0].date == JSONCoding.parse("2027-01-15T08:00:00Z"))
    }

    @Test func datesAreWrittenAsISO8601WithMilliseconds() throws {
        let directory = TemporaryDirectory()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000.25))
        let t = try Harness.onDisk(directory, clock: clock)
        try t.buy(ID.credits5)
        let text = try String(contentsOf: directory.dataDirectory.storeURL, encoding: .utf8)
        #expect(text.contains("\"date\" : \"2027-01-15T08:00:01.250Z\""))
    }

    @Test(arguments: [0.475, 0.4757, 0.001, 0.9996, 0.0])
    func datesReadAndWrittenAgainStayOnTheSameMillisecond(fraction: Double) throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000 + fraction)
        let text = JSONCoding.format(date)
        let expected = String(format: "%03d", Int((fraction * 1000).rounded()) % 1000)
        #expect(text.hasSuffix(".\(expected)Z"), "\(text)")
        var again = text
        for _ in 0..<3 { again = JSONCoding.format(try #require(JSONCoding.parse(again))) }
        #expect(again == text)
    }

    @Test func handWrittenDatesInOtherISO8601Forms() throws {
        let expected = try #require(JSONCoding.parse("2027-01-15T08:00:01.250Z"))
        #expect(JSONCoding.parse("2027-01-15T08:00:01.25Z") == expected)
        #expect(JSONCoding.parse("2027-01-15T10:00:01.250+02:00") == expected, "an offset")
        #expect(JSONCoding.parse("2027-01-15T08:00:01Z") == expected.addingTimeInterval(-0.25), "no fraction")
        #expect(JSONCoding.parse("2027-01-15T08:00:01.x5Z") == nil)
    }

    @Test func changesFromAnotherProcessAreKeptNotOverwritten() throws {
        let directory = TemporaryDirectory()
        let first = try StoreFile(directory: directory.dataDirectory)
        let second = try StoreFile(directory: directory.dataDirectory)
        let before = first.changeToken()
        try first.update { $0.settings.askToBuy = true }
        #expect(first.changeToken() != before)
        try second.update { $0.settings.network = false }
        let records = try first.load()
        #expect(records.settings.askToBuy)
        #expect(!records.settings.network)
    }

    @Test func unchangedUpdateDoesNotRewriteTheFile() throws {
        let directory = TemporaryDirectory()
        let file = try StoreFile(directory: directory.dataDirectory)
        try file.update { $0.settings.askToBuy = true }
        let token = file.changeToken()
        let value = try file.update { $0.settings.askToBuy }
        #expect(value)
        #expect(file.changeToken() == token)
    }

    @Test func valuesThatParseButCannotBeUsedAreRefusedByPath() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.buy(ID.credits5)
        try t.buy(ID.credits10)
        let url = directory.dataDirectory.storeURL
        let good = try String(contentsOf: url, encoding: .utf8)
        let cases: [(from: String, to: String, location: String, problem: String)] = [
            ("\"latencyMilliseconds\" : 1000", "\"latencyMilliseconds\" : 99999999",
             "$.settings.latencyMilliseconds", "must be 0 to 60000 milliseconds"),
            ("\"quantity\" : 1", "\"quantity\" : -100", "$.transactions[0].quantity", "must be 1 to 10"),
            ("\"state\" : \"purchased\"", "\"state\" : \"bogus\"", "$.transactions[0].state",
             "\"bogus\" is not a transaction state (purchasing, purchased, failed, restored, deferred)"),
            ("\"failWith\" : null", "\"failWith\" : 99", "$.settings.failWith",
             "must be a StoreKit error code, 0 to 20, or null for none; not 99"),
            ("\"id\" : \"1000000002\"", "\"id\" : \"1000000001\"", "$.transactions[1].id",
             "\"1000000001\" is the id of an earlier transaction too"),
        ]
        for c in cases {
            try #require(good.contains(c.from), "store.json holds \(c.from)")
            let bad = good.replacingOccurrences(of: c.from, with: c.to)
            try Data(bad.utf8).write(to: url)
            let error = try #require(throws: DataFileError.self) { try StoreFile(directory: directory.dataDirectory).load() }
            #expect(error.location == c.location)
            #expect(error.problem.hasPrefix(c.problem), "\(error.problem)")
            #expect(try String(contentsOf: url, encoding: .utf8) == bad, "left untouched")
        }
    }

    // MARK: UserDefaults.json

    @Test func userDefaultsThatDoNotParseAreReportedWithLineAndColumnAndKept() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let broken = "{\n  \"credits\": 5,\n  \"com.storefront.premium\": tru\n}\n"
        try Data(broken.utf8).write(to: url)
        let error = try #require(throws: DataFileError.self) { try UserDefaultsFile(url: url) }
        #expect(error.path == url.path)
        // Where the parser met what it did not expect: the line break after "tru".
        #expect(error.location == "line 3, column 32")
        #expect(error.problem.hasPrefix("not valid JSON"))
        #expect(error.remedy.contains("reset --app-only"))
        #expect(try String(contentsOf: url, encoding: .utf8) == broken)
    }

    @Test func userDefaultsThatAreNotAnObjectAreReported() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        try Data("[1, 2]".utf8).write(to: url)
        let error = try #require(throws: DataFileError.self) { try UserDefaultsFile(url: url) }
        #expect(error.path == url.path)
        #expect(error.location == "$")
        #expect(error.problem == "must be a JSON object of keys and values")
        #expect(try String(contentsOf: url, encoding: .utf8) == "[1, 2]")
    }

    @Test func userDefaultsBrokenWhileTheAppRunsAreNeverOverwritten() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.int(5), forKey: SampleApp.creditsKey)
        // A tester edits the file by hand and leaves it broken.
        let broken = "{\"credits\": 5,,}"
        try Data(broken.utf8).write(to: url)

        let error = try #require(throws: DataFileError.self) { try defaults.set(.int(6), forKey: SampleApp.creditsKey) }
        #expect(error.path == url.path)
        #expect(error.location == "line 1, column 15")
        #expect(try String(contentsOf: url, encoding: .utf8) == broken)
        #expect(throws: DataFileError.self) { try defaults.reloadIfChanged() }
    }

    @Test func userDefaultsKeepUnknownKeysExactly() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        try Data(#"{"tester.note": "hello", "nested": {"a": [1, 2.5, null, false]}}"#.utf8).write(to: url)
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.int(3), forKey: SampleApp.creditsKey)
        let reread = try UserDefaultsFile(url: url)
        #expect(reread.values["tester.note"] == .string("hello"))
        #expect(reread.values["nested"] == .object(["a": .array([.int(1), .double(2.5), .null, .bool(false)])]))
        #expect(reread.integer(forKey: SampleApp.creditsKey) == 3)
        #expect(try directory.names() == ["UserDefaults.json"], "no temporary file left behind")
    }

    @Test func userDefaultsSeeEditsMadeByHand() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.bool(true), forKey: ID.premium)
        try defaults.reloadIfChanged()
        #expect(defaults.bool(forKey: ID.premium))
        try Data(#"{"com.storefront.premium": false, "credits": 42}"#.utf8).write(to: url)
        try defaults.reloadIfChanged()
        #expect(!defaults.bool(forKey: ID.premium))
        #expect(defaults.integer(forKey: SampleApp.creditsKey) == 42)
        try FileManager.default.removeItem(at: url)
        try defaults.reloadIfChanged()
        #expect(defaults.values.isEmpty, "a deleted file is an empty domain")
    }

    @Test func removingAllDeletesTheFile() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.bool(true), forKey: ID.premium)
        try defaults.removeAll()
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(defaults.values.isEmpty)
        try defaults.removeAll()  // twice is fine
        #expect(try UserDefaultsFile(url: url).values.isEmpty)
    }

    // MARK: Purchase sheets of processes that are gone

    /// A process id that certainly belonged to no running process a moment ago.
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func sheetLeftOpenByADeadProcessIsCancelledAtTheNextLaunch() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let open = try t.queue.add(Payment(productID: ID.premium))
        #expect(try t.transaction(open.id).sheetOwner == getpid())

        // The process showing the sheet died (as when the terminal is closed).
        let dead = try deadProcessID()
        #expect(kill(dead, 0) != 0)
        try StoreFile(directory: directory.dataDirectory).update { records in
            records.transactions[records.index(of: open.id)!].sheetOwner = dead
        }

        let relaunch = try Harness.onDisk(directory, clock: t.clock)
        let cancelled = try relaunch.transaction(open.id)
        #expect(cancelled.state == .failed)
        #expect(cancelled.error?.code == 2)
        #expect(cancelled.sheetOwner == nil)
        #expect(cancelled.finished)
        #expect(relaunch.states(of: open.id) == [.failed])
        #expect(!relaunch.app.premiumUnlocked)
        #expect(try relaunch.buy(ID.premium).state == .purchased, "the orphan no longer blocks purchases")
    }

    @Test func sheetOfALiveProcessIsLeftOpen() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let open = try t.queue.add(Payment(productID: ID.premium))  // owned by this process

        let other = try Harness.onDisk(directory, clock: t.clock)
        #expect(try other.transaction(open.id).state == .purchasing)
        #expect(throws: StoreError.purchaseInProgress) { try other.queue.add(Payment(productID: ID.credits5)) }

        // The owner goes on to buy.
        try t.queue.confirm(open)
        t.clock.advance(by: Harness.latency)
        try t.queue.tick()
        #expect(t.app.premiumUnlocked)
    }

    @Test func sheetWithNoOwnerIsCancelledAtLaunch() throws {
        var records = StoreRecords()
        records.transactions = [Transaction(id: "1000000001", payment: Payment(productID: ID.credits5),
                                            state: .purchasing, date: Date(timeIntervalSince1970: 0))]
        let t = try Harness(storage: InMemoryStorage(records))
        #expect(try t.transaction("1000000001").error?.isCancellation == true)
        #expect(t.app.credits == 0)
    }

    // MARK: The data directory

    @Test func dataDirectoryResolutionOrder() {
        let env = ["STOREFRONT_DATA_DIR": "/tmp/a", "XDG_DATA_HOME": "/tmp/xdg", "HOME": "/home/u"]
        #expect(DataDirectory.resolve(option: "/tmp/opt", environment: env).url.path == "/tmp/opt")
        #expect(DataDirectory.resolve(option: "", environment: env).url.path == "/tmp/a")
        #expect(DataDirectory.resolve(option: nil, environment: env).url.path == "/tmp/a")
        #expect(DataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/tmp/xdg", "HOME": "/home/u"]).url.path
            == "/tmp/xdg/storefront")
        #expect(DataDirectory.resolve(option: nil, environment: ["HOME": "/home/u"]).url.path
            == "/home/u/.local/share/storefront")
        #expect(DataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "relative/x", "HOME": "/home/u"]).url.path
            == "/home/u/.local/share/storefront", "a relative XDG_DATA_HOME is ignored")
        let directory = DataDirectory(url: URL(fileURLWithPath: "/tmp/d"))
        #expect(directory.storeURL.path == "/tmp/d/store.json")
        #expect(directory.userDefaultsURL.path == "/tmp/d/UserDefaults.json")
    }

    @Test func aFileWhereTheDataDirectoryShouldBeIsReported() throws {
        let directory = TemporaryDirectory()
        let notADirectory = directory.file("data")
        try Data("x".utf8).write(to: notADirectory)
        let error = try #require(throws: DataFileError.self) {
            try StoreFile(directory: DataDirectory(url: notADirectory))
        }
        #expect(error.path == notADirectory.path)
        #expect(error.problem.contains("it is a file, not a directory"))
    }

    @Test func secondInterfaceLockIsRefusedWhileTheFirstIsHeld() throws {
        let directory = TemporaryDirectory()
        var first = try InterfaceLock(directory: directory.dataDirectory)
        #expect(first != nil)
        // flock locks belong to the open file, so a second open in the same process conflicts too.
        #expect(try InterfaceLock(directory: directory.dataDirectory) == nil)
        first = nil
        #expect(try InterfaceLock(directory: directory.dataDirectory) != nil)
    }
}
