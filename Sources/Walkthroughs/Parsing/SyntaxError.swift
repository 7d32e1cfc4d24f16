/// A line of a walkthrough that is not a step: where, what was expected there, and the
/// nearest valid step. Printed as a compiler prints, so editors jump to it.
public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 for the file as a whole (it cannot be read as a walkthrough).
    public var line: Int
    /// 1-based, in characters; 0 with line 0.
    public var column: Int
    /// What was expected there ("expected a duration after advance: …").
    public var message: String
    /// The nearest valid step, as it would be written.
    public var suggestion: String?

    public var description: String {
        let place = line == 0 ? file : "\(file):\(line):\(column)"
        return "\(place): \(message)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// The file as a whole is not a walkthrough: what it is ("does not exist", "is a directory,
    /// not a file"), said of it as every data file's refusal is.
    static func file(_ file: String, _ problem: String) -> SyntaxError {
        SyntaxError(file: file, line: 0, column: 0, message: problem)
    }
}

/// Every error in the files given: none of them runs while one has an error.
public struct SyntaxErrors: Error, Sendable {
    public var errors: [SyntaxError]
}

/// A problem found on one line, before the file and line are known.
struct LineProblem: Error {
    var column: Int
    var message: String
    var suggestion: String?

    init(_ column: Int, _ message: String, suggestion: String? = nil) {
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }
}
