import AppStoreSigning
import DataFiles
import Foundation
import Testing
import X509

/// `storefront certificate` and `storefront verify` on the binary: the data directory's chain
/// made once and handed out, a JWS checked as a backend checks it, anything wrong refused by
/// name with exit status 65.
@Suite(.ownThreads) final class SigningCommandTests {
    let cli = BinaryRunner()
    var chainURL: URL { cli.dataDirectory.appendingPathComponent("signing.pem") }
    var scratch: URL { cli.dataDirectory.appendingPathComponent("scratch") }

    deinit { cli.cleanUp() }

    func writeScratch(_ name: String, _ data: Data) throws -> URL {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func identity() throws -> SigningIdentity {
        try #require(try SigningChainFile.load(from: chainURL))
    }

    static let transaction = Data(#"{"bundleId":"com.example.storefront","environment":"Sandbox","productId":"com.storefront.premium","signedDate":1893488400000,"transactionId":"1000000001"}"#.utf8)

    @Test func certificateMakesTheChainOnceAndWritesItsRootAsDEROrPEM() throws {
        let der = scratch.appendingPathComponent("root.der"), pem = scratch.appendingPathComponent("root.pem")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let first = try cli.command("certificate", "--root", der.path)
        #expect(first.stdout.contains("Wrote \(der.path): the root certificate (DER) of \(chainURL.path)."), "\(first.summary)")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: chainURL.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let chainBytes = try Data(contentsOf: chainURL)
        let root = try identity().root
        #expect(try Data(contentsOf: der) == SigningChainText.der(root))

        let json = try cli.command("certificate", "--root", pem.path, "--pem", "--json").json()
        #expect(json["format"] as? String == "PEM")
        #expect(json["sha256"] as? String == SigningChainText.fingerprint(SigningChainText.der(root)))
        #expect(try Certificate(pemEncoded: String(contentsOf: pem, encoding: .utf8)) == root)
        #expect(try Data(contentsOf: chainURL) == chainBytes, "the chain is made once")
    }

    @Test func twoProcessesMakingTheChainAtOnceEndWithOne() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let started = try (0..<4).map { try cli.start("certificate", "--root", scratch.appendingPathComponent("root-\($0).der").path) }
        for background in started { #expect(try background.wait().status == 0) }
        let roots = try (0..<4).map { try Data(contentsOf: scratch.appendingPathComponent("root-\($0).der")) }
        #expect(Set(roots).count == 1)
        #expect(roots[0] == SigningChainText.der(try identity().root))
    }

    @Test func verifyPrintsTheKindDateChainAndPayload() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = try cli.command("certificate", "--root", scratch.appendingPathComponent("root.der").path)
        let jws = try JWSSigner(identity: identity()).sign(payload: Self.transaction)
        let file = try writeScratch("transaction.jws", Data((jws + "\n").utf8))
        let result = try cli.command("verify", file.path)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Verified: a transaction, signed 2030-01-01T09:00:00.000Z.", "\(result.summary)")
        #expect(lines[1].hasPrefix("leaf: ") && lines[1].contains("storefront App Store Signing"))
        #expect(lines[3].hasPrefix("root: ") && lines[3].contains("storefront Root CA"))
        #expect(result.stdout.contains(#""transactionId" : "1000000001""#), "\(result.summary)")

        let stdin = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "verify", "--json"], stdin: FileHandle(forReadingFrom: file))
        #expect(stdin.status == 0, "\(stdin.summary)")
        let json = try stdin.json()
        #expect(json["kind"] as? String == "transaction")
        #expect((json["payload"] as? [String: Any])?["productId"] as? String == "com.storefront.premium")
        #expect((json["chain"] as? [String])?.count == 3)
    }

    @Test func verifyRefusesAnotherDirectorysChainUnlessGivenItsRoot() throws {
        let other = BinaryRunner()
        defer { other.cleanUp() }
        let otherRoot = scratch.appendingPathComponent("other-root.pem")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = try other.command("certificate", "--root", otherRoot.path, "--pem")
        let otherIdentity = try #require(try SigningChainFile.load(from: other.dataDirectory.appendingPathComponent("signing.pem")))
        let file = try writeScratch("other.jws", Data(try JWSSigner(identity: otherIdentity).sign(payload: Self.transaction).utf8))

        let refused = try cli.command("verify", file.path, status: 65)
        #expect(refused.stderr.contains("\(file.path): the certificate chain fails: The chain's root is not the trusted root"), "\(refused.summary)")
        let json = try cli.command("verify", file.path, "--json", status: 65).error()
        #expect(json["name"] as? String == "invalidCertificateChain")
        #expect(json["location"] as? String == "certificate chain")
        #expect(json["kind"] as? String == "data")

        _ = try cli.command("verify", file.path, "--root", otherRoot.path)
    }

    @Test(arguments: [
        ("", "the input fails: A compact JWS is three base64url parts joined by dots; this has 1."),
        ("WzFd.e30.e30", "the header fails: The header is not a JSON object."),
        ("e30.e30.e30", "the header fails: The header has no alg; the App Store signs with ES256."),
        ("eyJhbGciOiJub25lIn0.e30.", #"the header fails: The header's alg is "none""#),
        ("not base64!.x.y", "the header fails: The header is not base64url without padding."),
    ])
    func verifyNamesThePartAndTheCheckThatFail(input: String, message: String) throws {
        let file = try writeScratch("bad.jws", Data(input.utf8))
        let result = try cli.command("verify", file.path, status: 65)
        #expect(result.stderr.contains("\(file.path): \(message)"), "\(result.summary)")
    }

    @Test func aHundredMegabytesAreRefusedBySizeUnread() throws {
        let big = scratch.appendingPathComponent("big.jws")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let file = try cli.command("verify", big.path, status: 65)
        #expect(file.stderr.contains("the input fails: The input is larger than 1024 KiB"), "\(file.summary)")
        let stdin = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "verify"], stdin: FileHandle(forReadingFrom: big))
        #expect(stdin.status == 65)
        #expect(stdin.stderr.contains("standard input: the input fails: The input is larger than 1024 KiB"), "\(stdin.summary)")
    }

    // MARK: A damaged signing.pem

    /// What signing.pem can be found as, besides whole, and the problem each is named by.
    static let damages: [(name: String, problem: String)] = [
        ("empty", "is empty, not a signing chain"),
        ("not PEM", "holds no PEM blocks"),
        ("not UTF-8", "is not PEM text (not UTF-8)"),
        ("truncated", "signing.pem: "),
        ("flipped byte", "signing.pem: "),
        ("another root", "its chain does not verify: the intermediate is not signed by the root"),
        ("directory", "is a directory, not a file"),
        ("fifo", "is a named pipe (FIFO), not a regular file"),
        ("loop", "is a symbolic link loop"),
        ("device", "is a character device, not a regular file"),
    ]

    private func damage(_ name: String) throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let path = chainURL.path
        let whole = SigningChainPEMText.of(try SigningIdentity.make(label: "whole"))
        switch name {
        case "empty": try Data().write(to: chainURL)
        case "not PEM": try Data("my notes\n".utf8).write(to: chainURL)
        case "not UTF-8": try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: chainURL)
        case "truncated": try Data(whole.utf8.prefix(whole.utf8.count / 2)).write(to: chainURL)
        case "flipped byte":
            var bytes = [UInt8](whole.utf8)
            // Inside the intermediate's base64, a letter changed.
            let at = bytes.count * 5 / 8
            bytes[at] = bytes[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            try Data(bytes).write(to: chainURL)
        case "another root":
            let one = try SigningIdentity.make(label: "one"), two = try SigningIdentity.make(label: "two")
            try Data(SigningChainPEMText.of(SigningIdentity(root: two.root, intermediate: one.intermediate, leaf: one.leaf, leafKey: one.leafKey)).utf8).write(to: chainURL)
        case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "fifo": try #require(mkfifo(path, 0o600) == 0)
        case "loop": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
    }

    /// Read link-free and whatever it is: what a command must leave as it found it.
    private func snapshot() throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: chainURL.path)
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular else { return "\(String(describing: type))" }
        return try Data(contentsOf: chainURL).base64EncodedString()
    }

    @Test(arguments: damages.map(\.name))
    func aDamagedChainIsRefusedWithExit65AndLeftAsItWas(name: String) throws {
        try damage(name)
        let before = try snapshot()
        let problem = try #require(Self.damages.first { $0.name == name }).problem
        let jws = try writeScratch("any.jws", Data("a.b.c".utf8))
        for arguments in [["certificate", "--root", scratch.appendingPathComponent("root.der").path], ["verify", jws.path]] {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, environment: BinaryRunner.fixedStart)
            #expect(result.status == 65, "\(name) \(arguments): \(result.summary)")
            #expect(result.stderr.contains("\(chainURL.path)"), "\(name) \(arguments): \(result.summary)")
            #expect(result.stderr.contains(problem), "\(name) \(arguments): \(result.summary)")
            #expect(result.stderr.contains("Move it aside and storefront makes a new signing chain"), "\(result.summary)")
            #expect(result.stderr.contains(cli.hint("certificate --root FILE")), "\(result.summary)")
            #expect(try snapshot() == before, "\(name): left as it was")
        }
        let json = try cli.command("certificate", "--root", scratch.appendingPathComponent("root.der").path, "--json", status: 65).error()
        #expect(json["path"] as? String == chainURL.path)
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("root.der").path))
    }

    // MARK: Killed while making it

    /// Killed before the chain's rename into place, nothing is there and the next command makes
    /// a chain; killed after, the next command reads that one.
    @Test func killedWhileMakingTheChainLeavesNoneOrAWholeOne() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let root = scratch.appendingPathComponent("root.der")
        let counted = BinaryRunner()
        defer { counted.cleanUp() }
        let counting = try counted.run("certificate", "--root", root.path, environment: ["STOREFRONT_KILL_AT_WRITE": "1000000"])
        #expect(counting.status == 0, "\(counting.summary)")
        #expect(counting.stderr.contains("write point 1: before the rename into signing.pem"), "\(counting.summary)")
        #expect(counting.stderr.contains("write point 2: after the rename into signing.pem"), "\(counting.summary)")

        let before = try cli.run("certificate", "--root", root.path, environment: ["STOREFRONT_KILL_AT_WRITE": "1"])
        #expect(before.killed, "\(before.summary)")
        #expect(!FileManager.default.fileExists(atPath: chainURL.path))
        #expect(try cli.files().contains { $0.hasPrefix(".signing.pem.") }, "the half-made chain is a temporary file only")
        _ = try cli.command("certificate", "--root", root.path)
        #expect(try Data(contentsOf: root) == SigningChainText.der(try identity().root))
        #expect(try !cli.files().contains { $0.hasPrefix(".signing.pem.") }, "cleared")

        let after = BinaryRunner()
        defer { after.cleanUp() }
        let killed = try after.run("certificate", "--root", root.path, environment: ["STOREFRONT_KILL_AT_WRITE": "2"])
        #expect(killed.killed, "\(killed.summary)")
        let kept = try #require(try SigningChainFile.load(from: after.dataDirectory.appendingPathComponent("signing.pem")))
        _ = try after.command("certificate", "--root", root.path)
        #expect(try Data(contentsOf: root) == SigningChainText.der(kept.root))
    }
}

/// signing.pem's text for a chain, as storefront writes it (for damaging it by hand).
enum SigningChainPEMText {
    static func of(_ identity: SigningIdentity) -> String { SigningChainFile.text(of: identity) }
}
