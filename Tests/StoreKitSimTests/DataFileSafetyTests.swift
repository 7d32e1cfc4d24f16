import DataFiles
import Foundation
import SampleApp
import Testing
@testable import AppStorePersistence

/// The data files against what a directory can hold instead of them: something that is not a
/// file, a link planted beside them, a file too large or too deep, leftovers of killed runs.
@Suite struct DataFileSafetyTests {
    private func type(_ url: URL) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// Inode and modification time (to the nanosecond the system keeps): what changes when the
    /// file is written again.
    private func identity(_ url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
        return "\(attributes[.systemFileNumber] ?? "") \(modified)"
    }

    // MARK: What is not a file is never taken for an empty one

    private static let notAFile: [(name: String, make: @Sendable (URL) throws -> Void, problem: String)] = [
        ("a directory", { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
         "is a directory, not a file"),
        ("a named pipe", { url in try #require(mkfifo(url.path, 0o600) == 0) },
         "is a named pipe (FIFO), not a regular file"),
        ("a link loop", { url in try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.path) },
         "is a symbolic link loop"),
        ("a link to a device", { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/dev/zero") },
         "is a character device, not a regular file"),
        ("a link to nothing", { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/nonexistent/UserDefaults.json") },
         "is a symbolic link to /nonexistent/UserDefaults.json, which does not exist"),
    ]

    @Test(arguments: notAFile.indices)
    func userDefaultsThatAreNotAFileAreRefusedAndLeftAlone(index: Int) throws {
        let (name, make, problem) = Self.notAFile[index]
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        try make(url)
        let kind = try type(url)
        let error = try #require(throws: DataFileError.self, "\(name)") { try UserDefaultsFile(url: url) }
        #expect(error.path == url.path)
        #expect(error.problem == problem, "\(name)")
        #expect([.resetApp(.replaceWithFile), .repointLink].contains(error.remedy), "left untouched")
        #expect(try type(url) == kind, "\(name) is still there as it was")
        #expect(try directory.names() == ["UserDefaults.json"])
    }

    @Test func aDirectoryMadeWhileTheAppRunsIsNeitherWrittenNorDeleted() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.int(5), forKey: SampleApp.creditsKey)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: url.appendingPathComponent("inside"))

        #expect(throws: DataFileError.self) { try defaults.set(.int(6), forKey: SampleApp.creditsKey) }
        let error = try #require(throws: DataFileError.self) { try defaults.removeAll() }
        #expect(error.path == url.path)
        #expect(try String(contentsOf: url.appendingPathComponent("inside"), encoding: .utf8) == "keep")
    }

    /// Root reads any file whatever its mode, so this runs only as another user.
    @Test(.enabled(if: geteuid() != 0, "root reads a file of mode 000"))
    func userDefaultsThatCannotBeReadAreRefused() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        try Data(#"{"credits": 500}"#.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path) }
        let error = try #require(throws: DataFileError.self) { try UserDefaultsFile(url: url) }
        #expect(error.problem == "cannot be read (Permission denied)")
        #expect(error.remedy == .resetApp(.grantPermission))
    }

    @Test func aLinkToAFileIsRead() throws {
        let directory = TemporaryDirectory()
        let target = directory.file("kept-elsewhere.json")
        try Data(#"{"credits": 7}"#.utf8).write(to: target)
        let url = directory.file("UserDefaults.json")
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
        let defaults = try UserDefaultsFile(url: url)
        #expect(defaults.integer(forKey: SampleApp.creditsKey) == 7)
        // A write replaces the link with the file; what it pointed to stays as it was.
        try defaults.set(.int(8), forKey: SampleApp.creditsKey)
        #expect(try type(url) == .typeRegular)
        #expect(try String(contentsOf: target, encoding: .utf8) == #"{"credits": 7}"#)
        #expect(try UserDefaultsFile(url: url).integer(forKey: SampleApp.creditsKey) == 8)
    }

    // MARK: Too large, too deep

    @Test func userDefaultsOverTheSizeLimitAreRefused() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let text = #"{"note": ""# + String(repeating: "x", count: 16 * 1024 * 1024) + #""}"#
        try Data(text.utf8).write(to: url)
        let error = try #require(throws: DataFileError.self) { try UserDefaultsFile(url: url) }
        #expect(error.path == url.path)
        #expect(error.problem == "is 16.1 MiB; storefront reads at most 16 MiB")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == text.utf8.count)
    }

    @Test func userDefaultsNestedTooDeepAreRefusedBriefly() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let text = "{\n  \"deep\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n}\n"
        try Data(text.utf8).write(to: url)
        let error = try #require(throws: DataFileError.self) { try UserDefaultsFile(url: url) }
        #expect(error.path == url.path)
        // The object is level 1, so the 64th bracket opens level 65.
        #expect(error.location == "line 2, column 74")
        #expect(error.problem.hasPrefix("nested more than 64 levels deep"))
        #expect(error.summary.count < 400, "\(error.summary.count) characters")
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        // Brackets inside a string are text, not nesting.
        let text = #"{"note": "[[[[{{{{", "deep": "# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        try Data(text.utf8).write(to: url)
        #expect(try UserDefaultsFile(url: url).values["note"] == .string("[[[[{{{{"))
    }

    // MARK: Writing

    @Test func settingAnUnchangedValueWritesNothing() throws {
        let directory = TemporaryDirectory()
        let url = directory.file("UserDefaults.json")
        let defaults = try UserDefaultsFile(url: url)
        try defaults.set(.int(5), forKey: SampleApp.creditsKey)
        let written = try identity(url)
        // Linked elsewhere too, the file keeps its inode: a rewrite could not reuse its number.
        try FileManager.default.linkItem(at: url, to: directory.file("UserDefaults.json.kept"))
        try defaults.set(.int(5), forKey: SampleApp.creditsKey)
        try defaults.set(nil, forKey: "never.set")
        #expect(try identity(url) == written)

        // A file written by hand in its own layout keeps it when nothing changes.
        let handWritten = #"{"credits":5,"tester.note":"as typed"}"#
        try Data(handWritten.utf8).write(to: url)
        try UserDefaultsFile(url: url).set(.int(5), forKey: SampleApp.creditsKey)
        #expect(try String(contentsOf: url, encoding: .utf8) == handWritten)

        try defaults.set(.int(6), forKey: SampleApp.creditsKey)
        #expect(try identity(url) != written)
        #expect(try UserDefaultsFile(url: url).values["tester.note"] == .string("as typed"))
    }

    @Test func removingAllWithNoFileCreatesNone() throws {
        let directory = TemporaryDirectory()
        let defaults = try UserDefaultsFile(url: directory.file("UserDefaults.json"))
        try defaults.set(nil, forKey: SampleApp.creditsKey)
        #expect(try directory.names().isEmpty, "removing a key that is not there writes no file")
        try defaults.removeAll()
        #expect(try directory.names().isEmpty)
    }

    @Test func temporaryFilesOfKilledRunsAreRemovedAtTheNextWrite() throws {
        let directory = TemporaryDirectory()
        let outside = TemporaryDirectory()
        let victim = outside.file("victim")
        try Data("untouched".utf8).write(to: victim)
        // Left by killed runs: this version's name, an earlier version's (a process id).
        try Data("{\"cre".utf8).write(to: directory.file(".UserDefaults.json.0123456789abcdef.tmp"))
        try Data("{".utf8).write(to: directory.file(".UserDefaults.json.4242.tmp"))
        // Not ours: a link (never removed, never followed) and names of another pattern.
        try FileManager.default.createSymbolicLink(at: directory.file(".UserDefaults.json.777.tmp"), withDestinationURL: victim)
        try Data("mine".utf8).write(to: directory.file(".UserDefaults.json.my notes.tmp"))
        try Data("mine".utf8).write(to: directory.file("UserDefaults.json.4242.tmp"))

        try UserDefaultsFile(url: directory.file("UserDefaults.json")).set(.int(1), forKey: SampleApp.creditsKey)
        #expect(try directory.names() == [".UserDefaults.json.777.tmp", ".UserDefaults.json.my notes.tmp",
                                          "UserDefaults.json", "UserDefaults.json.4242.tmp"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched")
    }

    /// Earlier versions named the temporary file `.UserDefaults.json.<pid>.tmp` and opened it
    /// following links: a link planted under that name was written through.
    @Test func aLinkAtAPredictableTemporaryNameIsNotWrittenThrough() throws {
        let directory = TemporaryDirectory()
        let outside = TemporaryDirectory()
        let victim = outside.file("victim")
        try Data("untouched".utf8).write(to: victim)
        let planted = directory.file(".UserDefaults.json.\(getpid()).tmp")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)

        let url = directory.file("UserDefaults.json")
        try UserDefaultsFile(url: url).set(.int(5), forKey: SampleApp.creditsKey)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched")
        #expect(try type(url) == .typeRegular)
        #expect(try UserDefaultsFile(url: url).integer(forKey: SampleApp.creditsKey) == 5)
    }

    @Test func newDirectoriesAndFilesAreTheOwnersOnly() throws {
        let parent = TemporaryDirectory()
        let data = DataDirectory(url: parent.file("share/storefront"))
        let t = try Harness(storage: try StoreDatabase(directory: data, productIDs: []), directory: parent)
        try t.buy(ID.credits5)
        try UserDefaultsFile(url: data.userDefaultsURL).set(.int(1), forKey: SampleApp.creditsKey)
        #expect(try permissions(parent.file("share")) == 0o700)
        #expect(try permissions(data.url) == 0o700)
        for name in [".store.lock", "store.sqlite", "store.sqlite-wal", "UserDefaults.json"] {
            #expect(try permissions(data.url.appendingPathComponent(name)) == 0o600, "\(name)")
        }
        _ = try InterfaceLock(directory: data)
        #expect(try permissions(data.interfaceLockURL) == 0o600)
    }

    @Test func anExistingDirectoryKeepsItsPermissions() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        let t = try Harness.onDisk(directory)
        try t.buy(ID.credits5)
        #expect(try permissions(directory.url) == 0o755)
    }

    // MARK: Lock files

    @Test(arguments: [".store.lock", ".storefront-ui.lock"])
    func aLinkAtALockFileIsRefusedNotFollowed(name: String) throws {
        let directory = TemporaryDirectory()
        let outside = TemporaryDirectory()
        let victim = outside.file("victim")
        try Data("untouched".utf8).write(to: victim)
        let lock = directory.file(name)
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: victim)

        let error = try #require(throws: DataFileError.self) {
            _ = try storeDatabase(directory)
            _ = try InterfaceLock(directory: directory.dataDirectory, holder: "storefront buy")
        }
        #expect(error.path == lock.path)
        #expect(error.problem.hasPrefix("is a symbolic link"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched")
        #expect(try type(lock) == .typeSymbolicLink)
    }

    @Test func aLockFileThatIsNotAFileIsRefused() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file(".store.lock"), withIntermediateDirectories: false)
        let directoryError = try #require(throws: DataFileError.self) { try storeDatabase(directory) }
        #expect(directoryError.problem == "is a directory, not a file")

        try #require(mkfifo(directory.dataDirectory.interfaceLockURL.path, 0o600) == 0)
        let fifoError = try #require(throws: DataFileError.self) { try InterfaceLock(directory: directory.dataDirectory) }
        #expect(fifoError.path == directory.dataDirectory.interfaceLockURL.path)
        #expect(fifoError.problem == "is a named pipe (FIFO), not a regular file")
    }

    // MARK: Numbers out of range

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "-5", "0"])
    func anyWholeCreditsValueReadsWithoutCrashing(value: String) throws {
        let t = try Harness()
        try Data(#"{"credits": \#(value)}"#.utf8).write(to: t.app.defaults.url)
        try t.app.defaults.reload()
        let before = t.app.credits
        #expect(try t.app.spendCredit().spent == (before > 0))
        try t.buy(ID.credits10, quantity: 10)
        let spent = before > 0 ? before - 1 : before
        // A balance above anything the packs delivered is written back to what they did
        // (none) at the purchase's first update, before it is delivered.
        #expect(t.app.credits == (spent > 0 ? 100 : spent + 100))
    }

    /// A credits value the app cannot read as a whole number is refused, never read as 0 and
    /// written over by the next delivery: the purchase waits, unfinished, until it is fixed.
    @Test(arguments: ["1e300", "-1e300", "99999999999999999999999", "2.5", "true", "\"12\""])
    func creditsThatAreNotAWholeNumberAreRefusedNotOverwritten(value: String) throws {
        let t = try Harness()
        let text = #"{"credits": \#(value)}"#
        try Data(text.utf8).write(to: t.app.defaults.url)
        let error = try #require(throws: DataFileError.self) { try t.app.spendCredit() }
        #expect(error.location == "$.credits")
        let bought = try t.buy(ID.credits10, quantity: 10)
        #expect(!bought.queueState.finished, "not delivered, so not finished: it comes back once the file is fixed")
        #expect(try String(contentsOf: t.app.defaults.url, encoding: .utf8) == text)
    }

    @Test func creditsPastTheLargestNumberAreRefusedNotCutShort() throws {
        // A description made in code is not checked as a file is.
        var app = AppDescription.builtIn
        app.credits[ID.credits10] = Int.max / 2 + 1
        let t = try Harness(appDescription: app)
        let bought = try t.buy(ID.credits10, quantity: 3)
        #expect(t.app.credits == 0)
        #expect(!bought.queueState.finished, "left in the queue")
        #expect(t.notDelivered == [bought.id: .balanceFull])
    }
}
