import CatalogFiles
import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import Testing

/// UserDefaults.json is read one way by every command: `state`, `launch` and `doctor` accept
/// the same files and refuse the same ones, however the file is damaged (a key deleted or
/// given twice, a value of the wrong type, the file cut short).
@Suite(.ownThreads) final class UserDefaultsAgreementTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// JSON as written, keys in order and possibly twice: what a hand edit can make.
    indirect enum JSON {
        case scalar(String)
        case array([JSON])
        case object([(String, JSON)])

        init(_ value: Any) {
            switch value {
            case let object as [String: Any]: self = .object(object.keys.sorted().map { ($0, JSON(object[$0]!)) })
            case let array as [Any]: self = .array(array.map(JSON.init))
            default:
                let data = try! JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
                self = .scalar(String(decoding: data, as: UTF8.self))
            }
        }

        var text: String {
            switch self {
            case .scalar(let text): text
            case .array(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
            case .object(let members):
                "{" + members.map { "\(String(decoding: try! JSONSerialization.data(withJSONObject: $0.0, options: [.fragmentsAllowed]), as: UTF8.self)): \($0.1.text)" }
                    .joined(separator: ", ") + "}"
            }
        }

        /// Every variant `change` makes of the value at each place in the tree, with where.
        func variants(at path: String = "$", _ change: (String, JSON) -> [(String, JSON?)]) -> [(String, JSON)] {
            switch self {
            case .scalar: return []
            case .array(let items):
                var out: [(String, JSON)] = []
                for (i, item) in items.enumerated() {
                    let here = "\(path)[\(i)]"
                    for (what, replacement) in change(here, item) {
                        var copy = items
                        if let replacement { copy[i] = replacement } else { copy.remove(at: i) }
                        out.append(("\(here) \(what)", .array(copy)))
                    }
                    out += item.variants(at: here, change).map { ($0.0, { var c = items; c[i] = $0.1; return .array(c) }($0)) }
                }
                return out
            case .object(let members):
                var out: [(String, JSON)] = []
                for (i, (key, value)) in members.enumerated() {
                    let here = "\(path).\(key)"
                    for (what, replacement) in change(here, value) {
                        var copy = members
                        if let replacement { copy[i] = (key, replacement) } else { copy.remove(at: i) }
                        out.append(("\(here) \(what)", .object(copy)))
                    }
                    // The key given twice: the same value, and a wrong one.
                    for twice in [value, .scalar("\"lots\"")] {
                        var copy = members
                        copy.insert((key, twice), at: i + 1)
                        out.append(("\(here) given twice (\(twice.text.prefix(20)))", .object(copy)))
                    }
                    out += value.variants(at: here, change).map { ($0.0, { var c = members; c[i] = (key, $0.1); return .object(c) }($0)) }
                }
                return out
            }
        }
    }

    /// Values of the wrong type for one place or another.
    static let wrongValues = ["\"text\"", "1.5", "true", "null", "[]", "{}", "-1", "1e300", "\"2030-01-01T09:00:00.000Z\"", "[\"x\"]"]

    /// A data directory of the binary's making whose UserDefaults.json holds each kind of the
    /// app's keys: credits with their unconsumed purchases, premium unlocked, a subscription.
    private func makeDirectory() throws -> URL {
        let directory = cli.dataDirectory.appendingPathComponent("made")
        for arguments in [["set", "latency", "0"], ["buy", "com.storefront.credits.5", "--quantity", "2"],
                          ["buy", "com.storefront.credits.10"], ["buy", "com.storefront.premium"], ["buy", CrashFlow.monthlyID]] {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: BinaryRunner.fixedStart)
            try #require(result.status == 0, "\(result.summary)")
        }
        return directory
    }

    /// Every damaged variant of the file: each value deleted, given twice, of each wrong type;
    /// the file cut short every few bytes.
    private static func variants(of text: String) throws -> [(String, String)] {
        let tree = JSON(try JSONSerialization.jsonObject(with: Data(text.utf8)))
        var variants = tree.variants { _, _ in [("deleted", nil)] + wrongValues.map { ("= \($0)", .scalar($0)) } }
            .map { ($0.0, $0.1.text) }
        let whole = tree.text
        for length in stride(from: 0, to: whole.utf8.count, by: 11) {
            variants.append(("cut to \(length) bytes", String(decoding: Array(whole.utf8.prefix(length)), as: UTF8.self)))
        }
        return variants
    }

    /// What each reader makes of the file in `directory`: refused (the refusal) or not (nil).
    struct Verdicts {
        var state: String?
        var launch: String?
        var doctor: String?

        var agree: Bool { (state == nil) == (launch == nil) && (launch == nil) == (doctor == nil) }
    }

    /// In-process, as the commands read it: `state` and `doctor` through the one reader and
    /// its check, `launch` through the app launching on it.
    private func verdicts(_ url: URL, catalog: Catalog, app: AppDescription) -> Verdicts {
        let rules = UserDefaultsRules(catalog: catalog, appDescription: app)
        var verdicts = Verdicts()
        do { _ = try UserDefaultsFile(url: url, rules: rules) } catch { verdicts.state = "\(error)" }
        verdicts.doctor = UserDefaultsFile.problems(url, rules: rules).first.map { "\($0)" }
        do {
            let defaults = try UserDefaultsFile(url: url, rules: rules)
            let store = AppStore(catalog: catalog, storage: InMemoryStorage(), wallClock: ManualClock(fixed: true))
            _ = try SampleApp(catalog: catalog, appDescription: app, defaults: defaults, queue: PaymentQueue(store: store)).launch()
        } catch {
            verdicts.launch = "\(error)"
        }
        return verdicts
    }

    @Test func stateLaunchAndDoctorAgreeOnEveryDamagedUserDefaults() throws {
        let made = try makeDirectory()
        let defaultsURL = made.appendingPathComponent("UserDefaults.json")
        let original = try String(contentsOf: defaultsURL, encoding: .utf8)
        let catalog = try CatalogLoader.defaultCatalog()
        let app = try AppDescriptionLoader.defaultDescription(for: catalog)
        let variants = try Self.variants(of: original)
        #expect(variants.count > 200, "\(variants.count) variants")

        var disagreements: [String] = []
        var refused = 0
        let scratch = cli.dataDirectory.appendingPathComponent("in-process")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for (index, (damage, text)) in variants.enumerated() {
            let url = scratch.appendingPathComponent("UserDefaults-\(index).json")
            try Data(text.utf8).write(to: url)
            let verdicts = verdicts(url, catalog: catalog, app: app)
            if verdicts.doctor != nil { refused += 1 }
            if !verdicts.agree {
                disagreements.append("\(damage): state \(verdicts.state ?? "accepts"), launch \(verdicts.launch ?? "accepts"), doctor \(verdicts.doctor ?? "accepts")\n\(text)")
            }
        }
        #expect(refused > 100, "most damage is refused: \(refused) of \(variants.count)")
        print("damaged UserDefaults.json: \(variants.count) variants, \(refused) refused")

        // The commands themselves on some of them, each exiting 0 or each 65, the file untouched when refused.
        for (index, (damage, text)) in variants.enumerated() where index % (variants.count / 12) == 0 {
            let directory = cli.dataDirectory.appendingPathComponent("variant-\(index)")
            try FileManager.default.copyItem(at: made, to: directory)
            let url = directory.appendingPathComponent("UserDefaults.json")
            try Data(text.utf8).write(to: url)
            var statuses: [String: Int32] = [:]
            var said: [String] = []
            for command in ["doctor", "state", "launch"] {
                let result = try cli.run(arguments: ["--data-dir", directory.path, command], environment: BinaryRunner.fixedStart)
                statuses[command] = result.status
                said.append(result.summary)
            }
            let refusedByDoctor = statuses["doctor"] == 65
            if Set(statuses.values).count != 1 || ![0, 65].contains(statuses["doctor"]!) {
                disagreements.append("\(damage), the commands: \(said.joined(separator: "\n"))")
            }
            if refusedByDoctor, try String(contentsOf: url, encoding: .utf8) != text {
                disagreements.append("\(damage): refused, yet written")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements of \(variants.count) variants:\n\(disagreements.prefix(20).joined(separator: "\n\n"))")
    }

    /// doctor checks UserDefaults.json beside store.sqlite, in text and JSON, naming the key.
    @Test func doctorReportsUserDefaultsBesideTheStore() throws {
        let made = try makeDirectory()
        let store = made.appendingPathComponent("store.sqlite").path
        let defaults = made.appendingPathComponent("UserDefaults.json").path
        // What the purchases were signed with is checked after them.
        let chain = made.appendingPathComponent("signing.pem").path
        let good = try cli.run(arguments: ["--data-dir", made.path, "doctor"])
        #expect(good.status == 0, "\(good.summary)")
        #expect(good.stdout == "\(store): ok\n\(defaults): ok\n\(chain): ok\n", "\(good.summary)")

        try Data(#"{"credits": 5, "credits": 6}"#.utf8).write(to: URL(fileURLWithPath: defaults))
        let twice = try cli.run(arguments: ["--data-dir", made.path, "doctor"])
        #expect(twice.status == 65, "\(twice.summary)")
        #expect(twice.stdout.contains("\(store): ok\n\(defaults): $.credits: is a key given twice in one object"), "\(twice.summary)")

        try Data(#"{"credits": "lots"}"#.utf8).write(to: URL(fileURLWithPath: defaults))
        let json = try cli.run(arguments: ["--data-dir", made.path, "doctor", "--json"])
        #expect(json.status == 65, "\(json.summary)")
        let object = try json.json()
        #expect(object["ok"] as? Bool == false)
        #expect(object["path"] as? String == store, "the store's, as before")
        let files = try #require(object["files"] as? [[String: Any]], "\(json.stdout)")
        #expect(files.map { $0["path"] as? String } == [store, defaults, chain])
        #expect(files.map { $0["ok"] as? Bool } == [true, false, true])
        let problem = try #require((object["problems"] as? [[String: Any]])?.first, "\(json.stdout)")
        #expect(problem["path"] as? String == defaults)
        #expect(problem["location"] as? String == "$.credits")
        #expect((problem["problem"] as? String)?.hasPrefix("must be a whole number of credits") == true, "\(json.stdout)")

        try FileManager.default.removeItem(atPath: defaults)
        let none = try cli.run(arguments: ["--data-dir", made.path, "doctor"])
        #expect(none.status == 0 && none.stdout.contains("\(defaults): none yet"), "\(none.summary)")
    }

    /// `reset --app-only` keeps aside what the commands refuse, rather than deleting it, and
    /// deletes what they accept.
    @Test(arguments: [(#"{"credits": "lots"}"#, true), (#"{"credits": 5, "credits": 6}"#, true), (#"{"credits": 5}"#, false)])
    func resetKeepsAsideWhatTheCommandsRefuse(text: String, refused: Bool) throws {
        let made = try makeDirectory()
        let defaults = made.appendingPathComponent("UserDefaults.json")
        try Data(text.utf8).write(to: defaults)
        let state = try cli.run(arguments: ["--data-dir", made.path, "state"], environment: BinaryRunner.fixedStart)
        #expect(state.status == (refused ? 65 : 0), "\(state.summary)")
        let reset = try cli.run(arguments: ["--data-dir", made.path, "reset", "--app-only"], environment: BinaryRunner.fixedStart)
        #expect(reset.status == 0, "\(reset.summary)")
        #expect(reset.stdout.contains("Kept the unusable UserDefaults.json as ") == refused, "\(reset.summary)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: made.path).filter { $0.hasPrefix("UserDefaults.json.broken-") }
        #expect(kept.count == (refused ? 1 : 0), "\(kept)")
        #expect(!FileManager.default.fileExists(atPath: defaults.path))
    }
}
