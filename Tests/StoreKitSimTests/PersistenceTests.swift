import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStoreCore
@testable import AppStorePersistence

@Suite struct PersistenceTests {
    // MARK: Dates

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

    /// Dates are written by integers; Foundation's ISO 8601 style says what they must read.
    @Test func datesAreWrittenAsFoundationWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, 253_402_300_799, -1, -86_401, -12_219_292_801]
        let random = (0..<5000).map { _ in Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator) }
        for seconds in edges + random {
            let millisecond = Int64.random(in: 0..<1000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
            let stamp = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
            let expected = stamp.dropLast() + "." + String(format: "%03d", millisecond) + "Z"
            #expect(JSONCoding.format(date) == expected, "\(seconds) s")
            #expect(JSONCoding.parse(JSONCoding.format(date)) == Date(timeIntervalSince1970: Double(seconds * 1000 + millisecond) / 1000))
        }
    }

    /// UserDefaults.json is written without JSONEncoder; it must read as JSONEncoder writes it.
    @Test func valuesAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let words = ["", "a", "B", "b", "a10", "a5", "a05", "A5", "credits", "com.storefront.credits.10", "com.storefront.credits.5",
                     "é", "e", "ｅ", "😀", "x/y", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{1}\u{1F}", "\u{7F}",
                     "2026-11-27T07:01:02.013Z", "日本語", "Z", "_", "-1", "10", "9"]
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 6 : 9), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .int([0, -1, Int.max, Int.min, Int.random(in: -1_000_000...1_000_000, using: &generator)].randomElement(using: &generator)!)
            case 3: return .double([0.1, -0.0, 1e300, 1.5e-7, 2.5, 1.0, -3.25, Double.random(in: -1e6...1e6, using: &generator)]
                .randomElement(using: &generator)!)
            case 4, 5: return .string(words.randomElement(using: &generator)!)
            case 6: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth + 1) })
            default:
                var fields: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0...6, using: &generator) { fields[words.randomElement(using: &generator)!] = value(depth + 1) }
                return .object(fields)
            }
        }
        for _ in 0..<2000 {
            let v = value(0)
            let written = try JSONCoding.encode(value: v)
            #if os(Linux)
            let expected = try JSONCoding.encode(v)
            #else
            let expected = try JSONCoding.encode(value: try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.encode(v)))
            #endif
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
            if written != expected { break }
        }
    }

    /// UserDefaults.json's writer keeps what it wrote of each member and list entry: after any
    /// series of edits (entries appended, removed, changed, members added and dropped) it
    /// writes exactly what writing the whole object afresh writes.
    @Test func theObjectWriterWritesWhatAFreshWriteWrites() throws {
        var generator = SystemRandomNumberGenerator()
        func entry(_ n: Int) -> JSONValue {
            .object(["transactionID": .string("\(1_000_000_000 + n)"), "remaining": .int(n % 7), "note": n % 5 == 0 ? .null : .string("x\(n)")])
        }
        var writer = JSONObjectWriter()
        var fields: [String: JSONValue] = [:]
        var list: [JSONValue] = []
        var made = 0
        for _ in 0..<600 {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1, 2:
                made += 1
                list.append(entry(made))
            case 3 where !list.isEmpty: list.remove(at: Int.random(in: list.indices, using: &generator))
            case 4 where !list.isEmpty: list[Int.random(in: list.indices, using: &generator)] = entry(Int.random(in: 0...99, using: &generator))
            case 5: fields["credits"] = .int(Int.random(in: 0...500, using: &generator))
            case 6: fields["com.storefront.premium"] = Bool.random(using: &generator) ? .bool(true) : nil
            default: list.shuffle(using: &generator)
            }
            fields["unconsumedPurchases"] = Bool.random(using: &generator) || !list.isEmpty ? .array(list) : nil
            let written = try writer.encode(fields)
            let expected = try JSONCoding.encode(value: .object(fields))
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
            if written != expected { break }
        }
    }

    /// The form storefront writes is read by integers; Foundation says what it must read as.
    @Test func writtenDatesAreReadAsFoundationReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var texts = ["1970-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z", "2100-02-28T12:00:00.500Z", "9999-12-31T23:59:59.999Z",
                     "2023-02-29T00:00:00.000Z", "2026-04-31T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-00-10T00:00:00.000Z",
                     "2026-11-27T24:00:00.000Z", "2026-11-27T10:60:00.000Z", "2026-11-27T10:00:60.000Z", "1969-12-31T23:59:59.999Z",
                     "2026-11-27T10:00:00.0a0Z", "2026-11-27T10:00:00,000Z", "+026-11-27T10:00:00.000Z", "2026-11-27t10:00:00.000Z"]
        for _ in 0..<3000 {
            let seconds = Double(Int64.random(in: 0...253_402_300_799, using: &generator))
            texts.append(JSONCoding.format(Date(timeIntervalSince1970: seconds + Double(Int.random(in: 0..<1000, using: &generator)) / 1000)))
        }
        for text in texts {
            let expected = (try? foundation.parse(text)).map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000) }
            #expect(JSONCoding.parse(text) == expected, "\(text)")
        }
    }

    @Test func handWrittenDatesInOtherISO8601Forms() throws {
        let expected = try #require(JSONCoding.parse("2027-01-15T08:00:01.250Z"))
        #expect(JSONCoding.parse("2027-01-15T08:00:01.25Z") == expected)
        #expect(JSONCoding.parse("2027-01-15T10:00:01.250+02:00") == expected, "an offset")
        #expect(JSONCoding.parse("2027-01-15T08:00:01Z") == expected.addingTimeInterval(-0.25), "no fraction")
        #expect(JSONCoding.parse("2027-01-15T08:00:01.x5Z") == nil)
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
        #expect(error.remedy == .resetApp(.editFile))
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
    @Test func sheetLeftOpenByAnEarlierRunIsCancelledAtTheNextLaunch() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        let open = try t.queue.add(Payment(productID: ID.premium))
        #expect(try t.transaction(open.id).queueState.state == .purchasing)

        // The app was killed with the sheet up (the terminal closed). Only the running app shows
        // sheets, so at the next launch that sheet is gone, whichever process id comes back.
        let relaunch = try Harness.onDisk(directory, clock: t.clock)
        let cancelled = try relaunch.transaction(open.id)
        #expect(cancelled.queueState.state == .failed)
        #expect(cancelled.queueState.error?.code == 2)
        #expect(cancelled.queueState.finished)
        #expect(relaunch.states(of: open.id) == [.failed])
        #expect(!relaunch.app.premiumUnlocked)
        #expect(try relaunch.buy(ID.premium).queueState.state == .purchased, "the orphan no longer blocks purchases")
    }

    @Test func sheetWithNoOwnerIsCancelledAtLaunch() throws {
        var records = StoreWorkingSet()
        var sheet = Transaction(id: "1000000001", payment: Payment(productID: ID.credits5), state: .purchasing,
                                date: Date(timeIntervalSince1970: 0))
        sheet.queueState.phase = .sheetOpen
        records.transactions = [sheet]
        let t = try Harness(storage: InMemoryStorage(records))
        #expect(try t.transaction("1000000001").queueState.error?.isCancellation == true)
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
        #expect(directory.storeDatabaseURL.path == "/tmp/d/store.sqlite")
        #expect(directory.legacyStoreURL.path == "/tmp/d/store.json")
        #expect(directory.userDefaultsURL.path == "/tmp/d/UserDefaults.json")
    }

    @Test func aFileWhereTheDataDirectoryShouldBeIsReported() throws {
        let directory = TemporaryDirectory()
        let notADirectory = directory.file("data")
        try Data("x".utf8).write(to: notADirectory)
        let error = try #require(throws: DataFileError.self) {
            try StoreDatabase(directory: DataDirectory(url: notADirectory), productIDs: [])
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
        // Released at once; a process another test spawns at that moment holds a copy of the
        // descriptor until its exec closes it, so wait for the lock rather than try it once.
        var again: InterfaceLock?
        for _ in 0..<2_000 where again == nil {
            again = try InterfaceLock(directory: directory.dataDirectory)
            if again == nil { usleep(5_000) }
        }
        #expect(again != nil)
    }
}
