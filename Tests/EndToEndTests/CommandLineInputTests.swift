import DataFiles
import Foundation
import SampleApp
import AppStorePersistence
import Testing

/// Bad input gets a clear message naming the file, field or key, the documented exit code,
/// and nothing is lost: a file that does not parse is never rewritten.
@Suite(.ownThreads) final class CommandLineInputTests {
    let cli = BinaryRunner()

    /// Where the catalogs written for a test go, with the app descriptions beside them.
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-catalogs-\(UUID().uuidString)")

    deinit {
        cli.cleanUp()
        try? FileManager.default.removeItem(at: catalogs)
    }

    /// `storefront` given only --data-dir and --catalog opens the storefront without the
    /// argument parser: whatever it says and however it ends, it says and ends as `open` given
    /// the same options does through the parser (here, with no terminal, or a missing catalog).
    @Test(arguments: [
        [] as [String], ["--catalog", "/nonexistent/catalog.json"], ["--catalog=/nonexistent/catalog.json"],
    ])
    func theStorefrontAloneAsOpen(_ options: [String]) throws {
        let directory = cli.dataDirectory.path
        for dataDir in [["--data-dir", directory], ["--data-dir=\(directory)"]] {
            let alone = try cli.run(arguments: dataDir + options, stdin: FileHandle.nullDevice)
            let open = try cli.run(arguments: ["open"] + dataDir + options, stdin: FileHandle.nullDevice)
            #expect(alone.status == open.status, "\(alone.arguments)")
            #expect(alone.stdout == open.stdout, "\(alone.arguments)")
            #expect(alone.stderr == open.stderr, "\(alone.arguments)")
            #expect(alone.status != 0)
        }
    }

    /// Every command that reads the store; each must refuse a store.json that does not parse.
    static let storeCommands: [[String]] = [
        ["state"], ["state", "--json"], ["products"], ["set", "network", "off"], ["buy", "com.storefront.credits.5"],
        ["restore"], ["launch"], ["pending"], ["approve", "1000000001"], ["decline", "1000000001"],
        ["resolve", "1000000001"],
    ]

    /// Every command that runs the app; each must refuse a UserDefaults.json that does not parse.
    static let appCommands: [[String]] = [
        ["state"], ["buy", "com.storefront.credits.5"], ["buy", "com.storefront.premium", "--json"], ["restore"], ["launch"],
    ]

    private func brokenCopies(of name: String) throws -> [String] {
        try cli.files().filter { $0.hasPrefix("\(name).broken-") }
    }

    // MARK: UserDefaults.json

    @Test func malformedUserDefaultsIsNamedAndKept() throws {
        let broken = Data("{\n  \"credits\": 5,,\n  \"com.storefront.premium\": true\n}\n".utf8)
        try cli.write(String(decoding: broken, as: UTF8.self), to: cli.userDefaultsURL)
        for arguments in Self.appCommands {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.errorText.contains("\(cli.userDefaultsURL.path): line 2, column 16"), "\(result.summary)")
            #expect(result.errorText.contains("not valid JSON"))
            #expect(result.errorText.contains(cli.hint("reset --app-only")), "says how to recover: \(result.summary)")
            #expect(try Data(contentsOf: cli.userDefaultsURL) == broken, "\(arguments) left the file byte for byte")
        }

        // Deleting the app keeps the unreadable file aside, and the app starts afresh.
        let reset = try cli.run("reset", "--app-only")
        #expect(reset.status == 0, "\(reset.summary)")
        #expect(reset.stdout.contains("UserDefaults.json.broken-"))
        let kept = try brokenCopies(of: "UserDefaults.json")
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: cli.dataDirectory.appendingPathComponent(try #require(kept.first))) == broken)
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path))
        #expect(try cli.userDefaults().isEmpty)
    }

    @Test func fullResetKeepsAnUnreadableUserDefaultsAside() throws {
        try cli.write("{\"credits\": ", to: cli.userDefaultsURL)
        #expect(try cli.run("reset").status == 0)
        #expect(try brokenCopies(of: "UserDefaults.json").count == 1)
        #expect(try cli.run("state").status == 0)
    }

    @Test(arguments: [
        ("[1, 2]", "$: must be a JSON object of keys and values"),
        ("null", "$: expected an object, found null"),
        ("", "the file is empty"),
        ("{\n  \"credits\": 5\n", "line 3, column 1: not valid JSON"),
        ("{\"note\": \"a\u{01}b\"}", "line 1, column 12: not valid JSON"),
    ])
    func unusableUserDefaults(text: String, message: String) throws {
        try cli.write(text, to: cli.userDefaultsURL)
        let result = try cli.run("state", "--json")
        #expect(result.status == 65)
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.summary)")
        #expect((error["message"] as? String)?.hasPrefix("\(cli.userDefaultsURL.path): \(message)") == true, "\(result.summary)")
        #expect(result.stderr.isEmpty, "--json: the error is on stdout")
        #expect(try Data(contentsOf: cli.userDefaultsURL) == Data(text.utf8))
    }

    // MARK: store.sqlite

    /// Every command that reads the store refuses a store.sqlite it cannot use, with its path
    /// and what to do, and leaves it as it was; reset keeps it aside.
    @Test(arguments: ["not a database", "directory", "fifo", "empty"])
    func unusableStoreDatabaseIsNamedAndKept(kind: String) throws {
        let url = cli.storeDatabaseURL
        let notes = Data("my notes\n".utf8)
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        switch kind {
        case "directory": try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case "fifo": #expect(mkfifo(url.path, 0o600) == 0)
        case "empty": try Data().write(to: url)
        default: try notes.write(to: url)
        }
        for arguments in Self.storeCommands {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(kind) \(arguments): \(result.summary)")
            #expect(result.errorText.contains("\(url.path): "), "\(result.summary)")
            #expect(result.errorText.contains(cli.hint("reset")), "says how to recover: \(result.summary)")
        }
        if kind == "not a database" { #expect(try Data(contentsOf: url) == notes, "left byte for byte") }
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path), "nothing was delivered")

        let reset = try cli.run("reset")
        #expect(reset.status == 0, "\(reset.summary)")
        #expect(try brokenCopies(of: "store.sqlite").count == 1)
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
    }

    // MARK: store.json of an earlier storefront

    /// What a data directory made by someone else can hold where UserDefaults.json should be.
    static let notAFile: [(name: String, problem: String)] = [
        ("directory", "is a directory, not a file"),
        ("fifo", "is a named pipe (FIFO), not a regular file"),
        ("loop", "is a symbolic link loop"),
        ("device", "is a character device, not a regular file"),
    ]

    private func makeUserDefaults(_ name: String) throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let path = cli.userDefaultsURL.path
        switch name {
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: cli.userDefaultsURL.appendingPathComponent("inside"))
        case "fifo": try #require(mkfifo(path, 0o600) == 0)
        case "loop": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
    }

    /// Taking it for a missing file would have the next purchase replace it (a directory even
    /// let `buy` exit 0 with nothing delivered).
    @Test(arguments: notAFile.map(\.name))
    func userDefaultsThatAreNotAFileAreRefused(name: String) throws {
        try makeUserDefaults(name)
        #expect(try cli.run("set", "latency", "0").status == 0, "a store-side command does not read it")
        let kind = try FileManager.default.attributesOfItem(atPath: cli.userDefaultsURL.path)[.type] as? FileAttributeType
        let problem = try #require(Self.notAFile.first { $0.name == name }).problem
        for arguments in [["state"], ["buy", "com.storefront.credits.5"], ["launch"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains("\(cli.userDefaultsURL.path): \(problem)"), "\(result.summary)")
            #expect(result.stderr.contains("storefront leaves it untouched"), "\(result.summary)")
            #expect(try FileManager.default.attributesOfItem(atPath: cli.userDefaultsURL.path)[.type] as? FileAttributeType == kind)
        }
        let store = try StoreDatabase(directory: DataDirectory(url: cli.dataDirectory), productIDs: [])
        #expect(try store.transactionCount() == 0, "nothing was bought")
        if name == "directory" {
            #expect(try String(contentsOf: cli.userDefaultsURL.appendingPathComponent("inside"), encoding: .utf8) == "keep")
        }
    }

    /// A value of the app's own that it cannot read would read as none and be written over by
    /// the next delivery: refused before anything is bought.
    @Test(arguments: [
        (#"{"credits": 1e300}"#, "$.credits: must be a whole number of credits, not 1e+300"),
        (#"{"credits": "lots"}"#, #"$.credits: must be a whole number of credits, not "lots""#),
        (#"{"com.storefront.premium": "yes"}"#, #"$.com.storefront.premium: must be true or false, not "yes""#),
        (#"{"com.storefront.pro.monthly": "next week"}"#, "$.com.storefront.pro.monthly: must be an ISO 8601 date"),
        (#"{"deliveredUnfinishedTransactions": 7}"#, "$.deliveredUnfinishedTransactions: must be a list of transaction ids"),
    ])
    func appValuesItCannotReadAreRefusedBeforeBuying(text: String, message: String) throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        try cli.write(text, to: cli.userDefaultsURL)
        for arguments in [["buy", "com.storefront.credits.5"], ["launch"], ["restore"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains("\(cli.userDefaultsURL.path): \(message)"), "\(result.summary)")
        }
        #expect(try Data(contentsOf: cli.userDefaultsURL) == Data(text.utf8), "left as it was")
        let store = try StoreDatabase(directory: DataDirectory(url: cli.dataDirectory), productIDs: [])
        #expect(try store.transactionCount() == 0, "nothing was bought")
    }

    @Test func userDefaultsNestedTooDeepAreRefusedBriefly() throws {
        let text = "{\"credits\": 5, \"deep\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        try cli.write(text, to: cli.userDefaultsURL)
        for arguments in [["state"], ["buy", "com.storefront.credits.5"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains("\(cli.userDefaultsURL.path): line 1, column 87: nested more than 64 levels deep"),
                    "\(result.summary)")
            #expect(result.stderr.count < 600, "a short message, not a dump: \(result.stderr.count) characters")
        }
        #expect(try Data(contentsOf: cli.userDefaultsURL) == Data(text.utf8))
    }

    // MARK: Files the commands write

    @Test func aBuyLeavesOnlyItsFilesOwnerOnlyAndClearsThoseOfAKilledRun() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        // Left by a run killed between writing its temporary file and renaming it.
        try cli.write("{\"cred", to: cli.dataDirectory.appendingPathComponent(".UserDefaults.json.12345.tmp"))
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
        // SQLite may keep its write-ahead log and shared memory beside the store between runs.
        #expect(try cli.files().filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
                == [".store.lock", ".storefront-ui.lock", "UserDefaults.json", "signing.pem", "store.sqlite"])
        let mode = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int }
        #expect(try mode(cli.dataDirectory) == 0o700)
        for name in try cli.files() {
            #expect(try mode(cli.dataDirectory.appendingPathComponent(name)) == 0o600, "\(name)")
        }
    }

    @Test func aLinkPlantedAsTheAppLockIsNotWrittenThrough() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("someone else's file".utf8).write(to: outside)
        let lock = DataDirectory(url: cli.dataDirectory).interfaceLockURL
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: outside)

        let result = try cli.run("buy", "com.storefront.credits.5")
        #expect(result.status == 65, "\(result.summary)")
        #expect(result.stderr.contains("\(lock.path): is a symbolic link"), "\(result.summary)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "someone else's file")
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path), "nothing was delivered")
    }

    // MARK: store.json

    @Test func malformedStoreFileIsNamedAndKept() throws {
        let text = "{\n  \"settings\": {\n    \"network\": false,\n    \"askToBuy\": tru\n  }\n}\n"
        try cli.write(text, to: cli.legacyStoreURL)
        for arguments in Self.storeCommands {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.errorText.contains(cli.legacyStoreURL.path), "\(result.summary)")
            #expect(result.errorText.firstMatch(of: /store\.json: line \d+, column \d+: not valid JSON/) != nil, "\(result.summary)")
            #expect(result.errorText.contains(cli.hint("reset")), "says how to recover: \(result.summary)")
            #expect(try Data(contentsOf: cli.legacyStoreURL) == Data(text.utf8), "\(arguments) left the file byte for byte")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path), "nothing was delivered")

        // Deleting the app leaves the store alone; a full reset keeps the file aside.
        #expect(try cli.run("reset", "--app-only").status == 0)
        #expect(try Data(contentsOf: cli.legacyStoreURL) == Data(text.utf8))
        let reset = try cli.run("reset")
        #expect(reset.status == 0, "\(reset.summary)")
        let kept = try brokenCopies(of: "store.json")
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: cli.dataDirectory.appendingPathComponent(try #require(kept.first))) == Data(text.utf8))
        let state = try cli.state()
        #expect((state["settings"] as? [String: Any])?["network"] as? Bool == true, "default settings again")
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect(try cli.run("buy", "com.storefront.credits.5").status == 0)
    }

    @Test func wrongFieldInStoreFileNamesItsPath() throws {
        let text = #"{"settings": {"network": "yes"}}"#
        try cli.write(text, to: cli.legacyStoreURL)
        let result = try cli.run("set", "network", "off")
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(cli.legacyStoreURL.path): $.settings.network: expected true or false"), "\(result.summary)")
        #expect(result.stderr.contains(cli.hint("reset")), "\(result.summary)")
        #expect(try Data(contentsOf: cli.legacyStoreURL) == Data(text.utf8))
    }

    @Test func aStorefrontTheCatalogLacksIsRefusedUntilSetAgain() throws {
        let text = #"{"settings": {"storefront": "FRA"}}"#
        try cli.write(text, to: cli.legacyStoreURL)
        for arguments in [["products"], ["buy", "com.storefront.credits.5"], ["state"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains("\(cli.storeDatabaseURL.path): settings, name storefront: \"FRA\" is not a storefront of the built-in catalog (USA, JPN)"), "\(result.summary)")
            #expect(result.stderr.contains(cli.hint("set storefront USA")), "says how to recover: \(result.summary)")
        }
        let migrated = cli.dataDirectory.appendingPathComponent("store.json.migrated")
        #expect(try Data(contentsOf: migrated) == Data(text.utf8), "the earlier file is kept aside")
        #expect(try cli.run("set", "storefront", "JPN").status == 0)
        #expect(try cli.run("products").stdout.contains("Storefront JPN"))
    }

    @Test func filesKeptAsideInTheSameSecondKeepEveryCopy() throws {
        var copies: [String] = []
        for n in 1...3 {
            try cli.write("{\"credits\": \(n),", to: cli.userDefaultsURL)
            let reset = try cli.run("reset", "--app-only", "--json")
            #expect(reset.status == 0, "\(reset.summary)")
            let output = try reset.json()
            #expect(output["appOnly"] as? Bool == true)
            let kept = try #require((output["keptAside"] as? [String])?.first, "\(reset.summary)")
            #expect(!copies.contains(kept))
            copies.append(kept)
            #expect(try String(contentsOf: URL(fileURLWithPath: kept), encoding: .utf8) == "{\"credits\": \(n),")
        }
        #expect(try brokenCopies(of: "UserDefaults.json").count == 3)
        let clean = try cli.run("reset", "--json").json()
        #expect((clean["keptAside"] as? [String])?.isEmpty == true)
        #expect(clean["dataDirectory"] as? String == cli.dataDirectory.path)
    }

    @Test func truncatedStoreFileSaysWhereItEnds() throws {
        let text = "{\n  \"settings\": {\n    \"network\": false\n"
        try cli.write(text, to: cli.legacyStoreURL)
        let result = try cli.run("state")
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(cli.legacyStoreURL.path): line 4, column 1: not valid JSON"), "\(result.summary)")
    }

    // MARK: The catalog

    static var assetCatalog: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/catalog.json")
    }

    /// The default catalog with `change` applied, written to a temporary file.
    /// The built-in catalog changed by `change`, with the built-in app's description beside it
    /// changed by `app`.
    private func catalog(app: (inout [String: Any]) -> Void = { _ in },
                         _ change: (inout [String: Any], inout [[String: Any]]) -> Void) throws -> URL {
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.assetCatalog)) as? [String: Any])
        var products = try #require(catalog["products"] as? [[String: Any]])
        change(&catalog, &products)
        catalog["products"] = products
        let url = try writeCatalog(try JSONSerialization.data(withJSONObject: catalog))
        let appFile = Self.assetCatalog.deletingPathExtension().appendingPathExtension("app.json")
        var description = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: appFile)) as? [String: Any])
        app(&description)
        try JSONSerialization.data(withJSONObject: description).write(to: AppDescriptionLoader.file(beside: url))
        return url
    }

    private func writeCatalog(_ data: Data) throws -> URL {
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        let url = catalogs.appendingPathComponent("catalog-\(UUID().uuidString).json")
        try data.write(to: url)
        return url
    }

    @Test func unchangedCatalogIsAccepted() throws {
        let url = try catalog { _, _ in }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("--catalog", url.path, "products", "--json")
        #expect(result.status == 0, "\(result.summary)")
        #expect((try result.json()["products"] as? [Any])?.count == 8)
    }

    @Test func negativePriceNamesThePath() throws {
        let url = try catalog { _, products in products[1]["prices"] = ["USA": -0.99, "JPN": 160] }
        defer { try? FileManager.default.removeItem(at: url) }
        for arguments in [["--catalog", url.path, "products"], ["buy", "com.storefront.credits.5", "--catalog", url.path]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains("\(url.path): $.products[1].prices.USA"), "\(result.summary)")
            #expect(result.stderr.contains("negative"))
        }
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.path), "a refused catalog writes nothing")
    }

    @Test func creditsBeyondWhatAPackHoldsNamesThePath() throws {
        let url = try catalog(app: { $0["credits"] = ["com.storefront.credits.5": 5_000_000] }) { _, _ in }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("buy", "com.storefront.credits.5", "--catalog", url.path)
        #expect(result.status == 65, "\(result.summary)")
        let appFile = AppDescriptionLoader.file(beside: url).path
        #expect(result.stderr.contains(#"\#(appFile): $.credits["com.storefront.credits.5"]: must be 1 to 1000000 credits, not 5000000"#), "\(result.summary)")
    }

    private func rewriteApp(beside url: URL, _ change: (inout [String: Any]) -> Void) throws {
        let file = AppDescriptionLoader.file(beside: url)
        var app = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        change(&app)
        try JSONSerialization.data(withJSONObject: app).write(to: file)
    }

    @Test func duplicateProductIDNamesThePath() throws {
        let url = try catalog { _, products in products[2]["id"] = products[1]["id"] }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("products", "--catalog", url.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(url.path): $.products[2].id"), "\(result.summary)")
        #expect(result.stderr.contains("duplicate"), "\(result.summary)")
    }

    @Test func unknownProductTypeNamesThePath() throws {
        let url = try catalog { _, products in products[0]["type"] = "lifetime" }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("products", "--catalog", url.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(url.path): $.products[0].type"), "\(result.summary)")
    }

    @Test func catalogSyntaxErrorNamesLineAndColumn() throws {
        let url = try writeCatalog(Data("{\n  \"app\": {\"name\": \"x\"},\n  \"storefronts\": [,]\n}\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("state", "--catalog", url.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(url.path): line 3, column 19: not valid JSON"), "\(result.summary)")
    }

    @Test func missingCatalogFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-catalog-\(UUID().uuidString).json").path
        let result = try cli.run("products", "--catalog", path)
        #expect(result.status == 65)
        #expect(result.stderr.contains(path))
        #expect(result.stderr.contains("--catalog"))
    }

    // MARK: Usage errors

    @Test(arguments: [
        ["buy", "com.example.nope"],
        ["buy"],
        ["buy", "com.storefront.credits.5", "--quantity", "many"],
        ["set", "network", "maybe"],
        ["set", "ask-to-buy", ""],
        ["set", "latency", "60001"],
        ["set", "latency", "-1"],
        ["set", "latency", "fast"],
        ["set", "fail-with", "21"],
        ["set", "fail-with", "paymentMaybe"],
        ["set", "storefront", "FRA"],
        ["set", "account", " "],
        ["set", "volume", "on"],
        ["approve", "999"],
        ["decline", "999"],
        ["resolve", "999"],
        ["approve"],
        ["frobnicate"],
        ["help", "frobnicate"],
        ["state", "--colour"],
        ["set", "latency", "-5"],
        ["set", "fail-with", "-1"],
    ])
    func usageErrorsExit64AndChangeNothing(arguments: [String]) throws {
        let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
        #expect(result.status == 64, "\(result.summary)")
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.storeDatabaseURL.path), "\(arguments) made store.sqlite")
        #expect(!FileManager.default.fileExists(atPath: cli.userDefaultsURL.path))
    }

    @Test func settingValuesAreExplained() throws {
        let network = try cli.run("set", "network", "maybe")
        #expect(network.stderr.contains("network takes on or off, not \"maybe\""), "\(network.summary)")
        let latency = try cli.run("set", "latency", "60001")
        #expect(latency.stderr.contains("0 to 60000"), "\(latency.summary)")
        let failWith = try cli.run("set", "fail-with", "21")
        #expect(failWith.stderr.contains("5 storeProductNotAvailable"), "lists the codes: \(failWith.summary)")
        #expect(failWith.stderr.hasPrefix("storefront: "), "\(failWith.summary)")
        let storefront = try cli.run("set", "storefront", "FRA")
        #expect(storefront.stderr.contains("USA, JPN"), "\(storefront.summary)")
        // A negative number is a bad value, not an unknown option.
        let negative = try cli.run("set", "latency", "-5")
        #expect(negative.stderr.contains("latency takes milliseconds from 0 to 60000, not \"-5\""), "\(negative.summary)")
        #expect(try cli.run("help", "frobnicate").stderr.contains("'frobnicate': it is not a command"))
    }

    @Test func latencyBoundsAndARefusedValueChangesNothing() throws {
        #expect(try cli.run("set", "latency", "60000").status == 0)
        #expect((try cli.state()["settings"] as? [String: Any])?["latencyMilliseconds"] as? Int == 60000)
        #expect(try cli.run("set", "latency", "60001").status == 64)
        #expect(try cli.run("set", "latency", "-5").status == 64)
        #expect((try cli.state()["settings"] as? [String: Any])?["latencyMilliseconds"] as? Int == 60000)
        #expect(try cli.run("set", "latency", "0").status == 0)
        #expect((try cli.state()["settings"] as? [String: Any])?["latencyMilliseconds"] as? Int == 0)
    }

    @Test func unknownProductListsTheKnownOnes() throws {
        let result = try cli.run("buy", "com.example.nope")
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown product \"com.example.nope\""))
        #expect(result.stderr.contains("com.storefront.credits.5"))
        #expect(result.stderr.contains("com.storefront.pro.monthly"))
    }

    @Test func unknownTransactionSaysWhereToLook() throws {
        let result = try cli.run("approve", "999")
        #expect(result.status == 64)
        #expect(result.stderr.contains("999"))
        #expect(result.stderr.contains(cli.hint("state")), "\(result.summary)")
    }

    // MARK: Control characters in data

    /// What a terminal would obey rather than show: C0 controls but the line ends, DEL, C1
    /// controls, and the bidi overrides and isolates.
    private func hasRawControls(_ output: String) -> Bool {
        output.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// An ESC sequence in a UserDefaults key (the app's own file, editable by anyone) must not
    /// retitle or repaint the terminal that shows `state`.
    @Test func userDefaultsKeysAndValuesAreShownEscaped() throws {
        let text = #"{"\u001b]0;pwned\u0007": "a\u001b[2Jb", "note": "one\ntwo\u009b\u202e", "credits": 3, "list": [1, {"b": "c"}]}"#
        try cli.write(text, to: cli.userDefaultsURL)
        let state = try cli.run("state")
        #expect(state.status == 0, "\(state.summary)")
        #expect(!hasRawControls(state.stdout), "\(state.stdout)")
        #expect(state.stdout.contains(#"  \e]0;pwned\u{7} = "a\u001b[2Jb""#), "\(state.stdout)")
        #expect(state.stdout.contains(#"  note = "one\ntwo\u{9B}\u{202E}""#), "\(state.stdout)")
        #expect(state.stdout.contains("  credits = 3"))
        #expect(state.stdout.contains(#"  list = [1,{"b":"c"}]"#), "one line per key: \(state.stdout)")

        // --json writes every control as \uXXXX (C1 and bidi too), and the values read back exactly.
        let json = try cli.run("state", "--json")
        #expect(!hasRawControls(json.stdout), "\(json.stdout)")
        let values = try #require(try json.json()["userDefaults"] as? [String: Any])
        #expect(values["\u{1B}]0;pwned\u{07}"] as? String == "a\u{1B}[2Jb")
        #expect(values["note"] as? String == "one\ntwo\u{9B}\u{202E}")
    }

    /// An Apple Account is an email address: control characters in one are refused, and one
    /// written by hand (here in a store.json of an earlier storefront, migrated) is shown escaped.
    @Test func accountWithControlCharacters() throws {
        let refused = try cli.run("set", "account", "me\u{1B}]0;pwned\u{07}@example.com")
        #expect(refused.status == 64, "\(refused.summary)")
        #expect(refused.stderr.contains(#"account takes a name without control characters, not "me\e]0;pwned\u{7}@example.com""#),
                "\(refused.summary)")
        #expect(!hasRawControls(refused.stderr), "\(refused.stderr)")
        #expect(try cli.run("set", "account", "me\tyou@example.com").status == 64)
        #expect(!FileManager.default.fileExists(atPath: cli.storeDatabaseURL.path), "nothing was saved")

        try cli.write(#"{"settings": {"account": "me\u001b[2J@example.com"}}"#, to: cli.legacyStoreURL)
        let state = try cli.run("state")
        #expect(state.status == 0, "\(state.summary)")
        #expect(state.stdout.contains(#"account             me\e[2J@example.com"#), "\(state.stdout)")
        #expect(!hasRawControls(state.stdout), "\(state.stdout)")
    }

    /// Titles and ids from a catalog file reach `products`, `pending`, the event lines and the
    /// error messages escaped.
    @Test func catalogTextIsShownEscaped() throws {
        let evil = "com.storefront.credits.5\u{1B}[2J"
        let url = try catalog { catalog, products in
            var localizations = products[2]["localizations"] as? [String: Any] ?? [:]
            localizations["en"] = ["title": "10 \u{1B}]0;pwned\u{07}Credits\u{202E}", "description": "A pack.\n"]
            products[2]["localizations"] = localizations
            products[1]["id"] = evil
        }
        try rewriteApp(beside: url) { app in
            app["productIdentifiers"] = (app["productIdentifiers"] as? [String] ?? []).map { $0 == "com.storefront.credits.5" ? evil : $0 }
            app["credits"] = [evil: 5, "com.storefront.credits.10": 10]
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try cli.run("set", "latency", "0").status == 0)

        let products = try cli.run("products", "--catalog", url.path)
        #expect(products.status == 0, "\(products.summary)")
        #expect(!hasRawControls(products.stdout), "\(products.stdout)")
        #expect(products.stdout.contains(#"  $1.99  10 \e]0;pwned\u{7}Credits\u{202E}  [Consumable]"#), "\(products.stdout)")
        #expect(products.stdout.contains(#"  com.storefront.credits.5\e[2J   $0.99"#), "\(products.stdout)")
        // Ids are padded as shown, so the prices still line up.
        let priceEnds = products.stdout.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /\$\d+\.\d\d/).map { line.distance(from: line.startIndex, to: $0.range.upperBound) }
        }
        #expect(priceEnds.count == 8 && Set(priceEnds).count == 1, "\(products.stdout)")

        let buy = try cli.run("buy", evil, "--catalog", url.path)
        #expect(buy.status == 0, "\(buy.summary)")
        #expect(!hasRawControls(buy.stdout), "\(buy.stdout)")
        #expect(buy.stdout.contains(#"purchased  com.storefront.credits.5\e[2J"#), "\(buy.stdout)")

        #expect(try cli.run("set", "ask-to-buy", "on").status == 0)
        #expect(try cli.run("buy", "com.storefront.credits.10", "--catalog", url.path).status == 3)
        let pending = try cli.run("pending", "--catalog", url.path)
        #expect(!hasRawControls(pending.stdout), "\(pending.stdout)")
        #expect(pending.stdout.contains(#"ask to buy  10 \e]0;pwned\u{7}Credits\u{202E}  $1.99"#), "\(pending.stdout)")

        let unknown = try cli.run("buy", "nope\u{1B}[2J", "--catalog", url.path)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains(#"unknown product "nope\e[2J""#), "\(unknown.summary)")
        #expect(unknown.stderr.contains(#"com.storefront.credits.5\e[2J"#), "the known ids too: \(unknown.summary)")
        #expect(!hasRawControls(unknown.stderr), "\(unknown.stderr)")
    }

    /// Messages that quote what was typed, the parser's own included.
    @Test func typedArgumentsAreQuotedEscaped() throws {
        let command = try cli.run("\u{1B}[2Jbuy")
        #expect(command.status == 64)
        #expect(command.stderr.contains(#"unknown command '\e[2Jbuy'"#), "\(command.summary)")
        let setting = try cli.run("set", "\u{1B}]0;pwned\u{07}", "on")
        #expect(setting.status == 64)
        #expect(setting.stderr.contains(#"'\e]0;pwned\u{7}'"#), "\(setting.summary)")
        #expect(setting.stderr.contains("\nUsage: "), "the parser's message keeps its lines: \(setting.summary)")
        for result in [command, setting] {
            #expect(!hasRawControls(result.stderr), "\(result.stderr)")
        }
    }

    @Test func dataFileErrorsQuoteValuesEscaped() throws {
        let url = try catalog { _, products in products[0]["type"] = "life\u{1B}[2Jtime\n" }
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try cli.run("products", "--catalog", url.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"unknown type "life\e[2Jtime\n""#), "\(result.summary)")
        #expect(!hasRawControls(result.stderr), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "the problem, then the remedy: \(result.stderr)")
    }

    // MARK: The data directory

    @Test func dataDirectoryThatIsAFile() throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("not-a-directory")
        try Data("keep me".utf8).write(to: file)
        for arguments in [["state"], ["set", "network", "off"], ["buy", "com.storefront.premium"], ["reset"]] {
            let result = try cli.run(arguments: ["--data-dir", file.path] + arguments)
            #expect(result.status == 65, "\(result.summary)")
            #expect(result.stderr.contains(file.path), "\(result.summary)")
            #expect(result.stderr.contains("data directory"), "\(result.summary)")
            #expect(try Data(contentsOf: file) == Data("keep me".utf8))
        }
    }

    @Test func globalOptionsWorkBeforeOrAfterTheSubcommand() throws {
        let before = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "set", "ask-to-buy", "on"])
        #expect(before.status == 0, "\(before.summary)")
        let after = try cli.run(arguments: ["state", "--json", "--data-dir", cli.dataDirectory.path])
        #expect((try after.json()["settings"] as? [String: Any])?["askToBuy"] as? Bool == true)
        let equals = try cli.run(arguments: ["--data-dir=\(cli.dataDirectory.path)", "state", "--json"])
        #expect((try equals.json()["settings"] as? [String: Any])?["askToBuy"] as? Bool == true)
    }

    @Test func dataDirectoryFromTheEnvironment() throws {
        let set = try cli.run(arguments: ["set", "network", "off"], environment: ["STOREFRONT_DATA_DIR": cli.dataDirectory.path])
        #expect(set.status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.storeDatabaseURL.path))
        let state = try cli.run(arguments: ["state", "--json"], environment: ["STOREFRONT_DATA_DIR": cli.dataDirectory.path])
        #expect((try state.json()["settings"] as? [String: Any])?["network"] as? Bool == false)
        // --data-dir wins over the environment.
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-e2e-other-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: other) }
        let overridden = try cli.run(arguments: ["--data-dir", other.path, "state", "--json"],
                                     environment: ["STOREFRONT_DATA_DIR": cli.dataDirectory.path])
        #expect((try overridden.json()["settings"] as? [String: Any])?["network"] as? Bool == true)
    }

    /// Only one app runs on a data directory: while the storefront is open there (it holds the
    /// interface lock), commands that run the app are refused and store-side ones still work.
    @Test func oneAppPerDataDirectory() throws {
        #expect(try cli.run("set", "latency", "0").status == 0)
        let lockURL = DataDirectory(url: cli.dataDirectory).interfaceLockURL
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        let holder = Array("the open storefront (process 4242)".utf8)
        _ = holder.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }

        for arguments in [["buy", "com.storefront.credits.5"], ["restore"], ["launch"], ["reset", "--app-only"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 75, "\(result.summary)")
            #expect(result.stderr.contains("open on \(cli.dataDirectory.standardizedFileURL.path)"), "\(result.summary)")
            #expect(result.stderr.contains("in another terminal as process 4242,"), "names the holder: \(result.summary)")
            #expect(Self.bracketDepth(of: result.stderr) <= 1, "no brackets inside brackets: \(result.summary)")
            #expect(!result.stderr.contains("Waiting"), "an open storefront is not waited for")
        }
        for arguments in [["set", "ask-to-buy", "on"], ["state"], ["pending"], ["products"]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == 0, "\(result.summary)")
        }
        #expect((try cli.state()["history"] as? [Any])?.isEmpty == true)
    }

    /// How deep round brackets nest in `text`.
    static func bracketDepth(of text: String) -> Int {
        var depth = 0, deepest = 0
        for character in text {
            if character == "(" { depth += 1; deepest = max(deepest, depth) }
            if character == ")" { depth -= 1 }
        }
        return deepest
    }

    /// The app lock held by another command, not by an open storefront: the refusal says so.
    @Test func aCommandHoldingTheAppIsNamedInTheRefusal() throws {
        let lockURL = DataDirectory(url: cli.dataDirectory).interfaceLockURL
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        let holder = Array("storefront buy (process 4242)".utf8)
        _ = holder.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }

        let result = try cli.run("restore")
        #expect(result.status == 75, "\(result.summary)")
        #expect(result.stderr.contains("Waiting for storefront buy (process 4242) to finish"), "\(result.summary)")
        #expect(result.stderr.contains("storefront buy (process 4242) is still running on"), "\(result.summary)")
        #expect(!result.stderr.contains("another terminal"), "no open storefront is blamed")
    }

    /// A second command beside a running one waits for it, then runs: both purchases delivered.
    @Test func aCommandWaitsForAnotherToFinish() throws {
        #expect(try cli.run("set", "latency", "1500").status == 0)
        let first = try cli.start("buy", "com.storefront.credits.5")
        // The first has the app (and holds it for the 1.5 s latency).
        let lock = DataDirectory(url: cli.dataDirectory)
        let deadline = Date() + 15
        while !InterfaceLock.holder(of: lock).hasPrefix("storefront buy (process"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let second = try cli.run("buy", "com.storefront.credits.10")
        let firstResult = try first.wait()
        #expect(firstResult.status == 0, "\(firstResult.summary)")
        #expect(second.status == 0, "\(second.summary)")
        #expect(second.stderr.contains("Waiting for storefront buy (process"), "\(second.summary)")
        #expect(try cli.state()["credits"] as? Int == 15)
    }

    @Test func anUnknownCommandIsNamedAsOne() throws {
        for arguments in [["bogus"], ["--data-dir", cli.dataDirectory.path, "purchase", "com.storefront.premium"]] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 64, "\(result.summary)")
            #expect(result.stderr.contains("unknown command '\(arguments.first { !$0.hasPrefix("-") && !$0.hasPrefix("/") }!)'"), "\(result.summary)")
            #expect(result.stderr.contains("products, buy, restore"), "the commands are listed")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory.path), "nothing was created")
    }

    /// The way docs/install.md gives to install shell completions.
    @Test(arguments: ["bash", "zsh", "fish"])
    func shellCompletionScripts(shell: String) throws {
        let result = try cli.run(arguments: ["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.stdout.contains("storefront"), "\(result.summary)")
        #expect(result.stdout.contains("approve"), "the commands complete")
        #expect(result.stdout.contains("data-dir"), "and the options")
    }

    @Test func emptyPathsAreUsageErrors() throws {
        for arguments in [["--data-dir", "", "state"], ["state", "--catalog", "", "--data-dir", cli.dataDirectory.path]] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 64, "\(result.summary)")
            #expect(result.stderr.contains("is empty"), "\(result.summary)")
        }
    }

    @Test func versionAndHelp() throws {
        let version = try cli.run(arguments: ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("storefront "))
        let help = try cli.run(arguments: ["--help"])
        #expect(help.status == 0)
        for command in ["products", "buy", "restore", "launch", "pending", "approve", "decline", "resolve", "set", "state", "reset"] {
            #expect(help.stdout.contains(command))
        }
        let helpAfterGlobals = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "help", "buy"])
        #expect(helpAfterGlobals.status == 0, "\(helpAfterGlobals.summary)")
        #expect(helpAfterGlobals.stdout.contains("--quantity"))
        let setHelp = try cli.run(arguments: ["set", "--help"])
        for setting in ["can-make-payments", "ask-to-buy", "network", "fail-with", "interrupted", "finish-transactions",
                        "account", "storefront", "latency"] {
            #expect(setHelp.stdout.contains(setting), "set --help names \(setting)")
        }
    }
}
