import DataFiles
import Foundation

/// A walkthrough file read from disk: only a regular file of UTF-8 text, within a size no
/// hand-written walkthrough comes near.
extension WalkthroughParser {
    /// The most a walkthrough file may hold.
    static let maximumBytes = 1 << 20

    /// Parses the file at `path` (as the user gave it: messages name it so).
    public func parse(file path: String) throws(SyntaxErrors) -> Walkthrough {
        func refused(_ problem: String) -> SyntaxErrors {
            SyntaxErrors(errors: [.file(path, problem + "; expected a walkthrough file")])
        }
        // An empty argument would read the current directory.
        guard !path.isEmpty else { throw SyntaxErrors(errors: [.file("\"\"", "is an empty path; expected a walkthrough file")]) }
        let contents: DataFileReader.Contents?
        do {
            contents = try DataFileReader.read(URL(fileURLWithPath: path), limit: Self.maximumBytes)
        } catch {
            throw refused(error.problem)
        }
        guard let contents else { throw refused("does not exist") }
        guard let text = String(data: contents.data, encoding: .utf8) else { throw refused("is not UTF-8 text") }
        return try parse(text, file: path)
    }
}
