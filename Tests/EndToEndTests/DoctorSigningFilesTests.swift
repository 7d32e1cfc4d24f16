import Foundation
import Testing

/// `storefront doctor` checks the signing files where they have been made: signing.pem and the
/// App Store receipt (StoreKit/receipt), read as the commands that sign read them. A damaged one
/// is reported with the remedy those commands give, exit status 65, and left as it was.
@Suite(.ownThreads) final class DoctorSigningFilesTests {
    let cli = BinaryRunner()
    var chainURL: URL { cli.dataDirectory.appendingPathComponent("signing.pem") }
    var receiptURL: URL { cli.dataDirectory.appendingPathComponent("StoreKit/receipt") }
    var rootURL: URL { cli.dataDirectory.appendingPathComponent("scratch-root.der") }

    deinit { cli.cleanUp() }

    /// The files `doctor --json` lists, by path.
    private func files(_ result: BinaryRunner.Result) throws -> [String: [String: Any]] {
        let files = try #require(try result.json()["files"] as? [[String: Any]], "\(result.stdout)")
        return Dictionary(files.map { ($0["path"] as? String ?? "", $0) }) { first, _ in first }
    }

    @Test func wholeSigningFilesAreOkAndFilesNotMadeAreNotListed() throws {
        // A store with nothing signed yet: no purchase, so no chain made to sign one.
        try cli.command("products")
        let before = try cli.command("doctor")
        #expect(!before.stdout.contains("signing.pem") && !before.stdout.contains("receipt"), "not made yet: \(before.summary)")
        try cli.command("receipt")
        let doctor = try cli.command("doctor")
        #expect(doctor.stdout.contains("\(chainURL.path): ok\n"), "\(doctor.summary)")
        #expect(doctor.stdout.contains("\(receiptURL.path): ok\n"), "\(doctor.summary)")
        let listed = try files(try cli.command("doctor", "--json"))
        #expect(listed.count == 4)
        #expect(listed[chainURL.path]?["ok"] as? Bool == true && listed[receiptURL.path]?["ok"] as? Bool == true, "\(listed)")
    }

    @Test(arguments: ["truncated", "flipped byte"])
    func aDamagedChainIsReportedWithTheCommandsRemedyAndLeftAsItWas(damage: String) throws {
        try cli.command("certificate", "--root", rootURL.path)
        var bytes = [UInt8](try Data(contentsOf: chainURL))
        if damage == "truncated" {
            bytes.removeLast(bytes.count / 2)
        } else {
            // Inside the intermediate's base64, a letter changed.
            let at = bytes.count * 5 / 8
            bytes[at] = bytes[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        }
        try Data(bytes).write(to: chainURL)

        let refused = try cli.command("certificate", "--root", rootURL.path, status: 65)
        let doctor = try cli.command("doctor", status: 65)
        let said = doctor.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(said.first { $0.hasPrefix(chainURL.path + ": ") }, "\(doctor.summary)")
        #expect(refused.stderr.contains(problem), "the problem the command names: \(refused.summary)\n\(doctor.summary)")
        let remedy = try #require(said.last)
        #expect(remedy.contains("Move it aside and storefront makes a new signing chain"), "\(doctor.summary)")
        #expect(remedy.contains(cli.hint("certificate --root FILE")), "\(doctor.summary)")
        #expect(refused.stderr.contains(remedy), "the remedy the command gives: \(refused.summary)")
        #expect(doctor.stdout.contains("store.sqlite: "), "the other files still checked: \(doctor.summary)")

        let json = try cli.command("doctor", "--json", status: 65)
        #expect(try json.json()["ok"] as? Bool == false)
        let chain = try #require(try files(json)[chainURL.path])
        #expect(chain["ok"] as? Bool == false && chain["exists"] as? Bool == true, "\(chain)")
        let listed = try #require((chain["problems"] as? [[String: Any]])?.first)
        #expect(remedy.hasPrefix(try #require(listed["remedy"] as? String).prefix(40)), "\(listed)")
        #expect(try Data(contentsOf: chainURL) == Data(bytes), "doctor left it as it was")
    }

    @Test(arguments: ["truncated", "not DER"])
    func aDamagedReceiptIsReportedWithTheCommandsRemedyAndLeftAsItWas(damage: String) throws {
        try cli.command("buy", "com.storefront.premium")
        try cli.command("receipt")
        let whole = try Data(contentsOf: receiptURL)
        let damaged = damage == "truncated" ? whole.prefix(whole.count / 2) : Data("my notes\n".utf8)
        try damaged.write(to: receiptURL)

        let refused = try cli.run("receipt")
        #expect(refused.status == 65, "\(refused.summary)")
        let doctor = try cli.command("doctor", status: 65)
        let said = doctor.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(said.first { $0.hasPrefix(receiptURL.path + ": ") }, "\(doctor.summary)")
        #expect(problem.contains("not an App Store receipt"), "\(doctor.summary)")
        #expect(refused.stderr.contains(problem), "the problem the command names: \(refused.summary)\n\(doctor.summary)")
        let remedy = try #require(said.last)
        #expect(remedy.contains("Move it aside and storefront writes the account's receipt again"), "\(doctor.summary)")
        #expect(refused.stderr.contains(remedy), "the remedy the command gives: \(refused.summary)")
        #expect(doctor.stdout.contains("\(chainURL.path): ok\n"), "\(doctor.summary)")
        #expect(try files(try cli.command("doctor", "--json", status: 65))[receiptURL.path]?["ok"] as? Bool == false)
        #expect(try Data(contentsOf: receiptURL) == damaged, "doctor left it as it was")
    }
}
