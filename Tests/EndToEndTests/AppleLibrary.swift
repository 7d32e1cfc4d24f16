import AppStoreJSON
import Foundation
import Testing

/// Apple's App Store Server Library (Python) in the test venv: whether it can run here, the
/// trait that skips a suite where it cannot (and fails under CI=true), and the payload reader.
extension Trait where Self == ConditionTrait {
    /// Runs a test where the test venv has Apple's App Store Server Library, or must (CI=true);
    /// skips it elsewhere with the note that says what installs it.
    static var appleLibrary: Self {
        .enabled(if: AppleLibrary.missing == nil || BrowserCheck.isRequired, AppleLibrary.missing.map { Comment(rawValue: $0) })
    }
}

enum AppleLibrary {
    /// Why Apple's library cannot run here, or nil.
    static let missing: String? = {
        guard FileManager.default.isExecutableFile(atPath: BrowserCheck.python.path) else {
            return "the Apple library tests need the Python test venv at \(BrowserCheck.venv.path): ./test.sh makes it (or scripts/setup.sh --tests)"
        }
        let process = Process()
        process.executableURL = BrowserCheck.python
        process.arguments = ["-c", "import appstoreserverlibrary.signed_data_verifier"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "the Apple library tests could not run \(BrowserCheck.python.path)" }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil
            : "the Apple library tests need app-store-server-library in \(BrowserCheck.venv.path): ./test.sh installs it"
    }()

    /// Tests/AppleLibrary/decode_payload.py: the library's own models read each payload.
    static let decodeScript = BrowserCheck.root.appendingPathComponent("Tests/AppleLibrary/decode_payload.py")

    struct Item {
        var kind: String
        var name: String
        var object: [String: Any]

        init(kind: String, name: String, object: [String: Any]) {
            self.kind = kind
            self.name = name
            self.object = object
        }

        init(kind: String, name: String, payload: some Encodable) throws {
            let data = try SignedPayloadJSON.data(payload)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            self.init(kind: kind, name: name, object: object)
        }
    }

    struct Outcome: Decodable {
        var checked: Int
        var failures: [String]
    }

    static func decode(_ items: [Item]) throws -> Outcome {
        let list = items.map { ["kind": $0.kind, "name": $0.name, "payload": $0.object] as [String: Any] }
        let input = try JSONSerialization.data(withJSONObject: list)
        let result = try run([decodeScript.path], input: input)
        return try #require(try? JSONDecoder().decode(Outcome.self, from: Data(result.stdout.utf8)),
                            "decode_payload.py exited \(result.status): \(result.stdout)\n\(result.stderr)")
    }

    /// Runs the venv's python; stdin from a file, stderr to one, so no pipe fills while another is read.
    static func run(_ arguments: [String], input: Data) throws -> (status: Int32, stdout: String, stderr: String) {
        let directory = FileManager.default.temporaryDirectory
        let name = "apple-library-\(UUID().uuidString)"
        let inputFile = directory.appendingPathComponent("\(name).json")
        let errors = directory.appendingPathComponent("\(name).txt")
        try input.write(to: inputFile)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: errors)
        }
        let process = Process()
        process.executableURL = BrowserCheck.python
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), stderr)
    }
}
