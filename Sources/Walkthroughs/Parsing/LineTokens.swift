import Foundation

/// One word of a step, or one "quoted string", with where it stands on its line.
struct LineToken: Equatable {
    var text: String
    var quoted: Bool
    /// 1-based column of its first character (the opening quote, if quoted).
    var column: Int
    /// The column just after it.
    var end: Int

    /// A bare word equal to `word`: keywords are never quoted.
    func isWord(_ word: String) -> Bool { !quoted && text.lowercased() == word }
}

enum LineTokens {
    /// The tokens of `line` up to its comment: words split at blanks, and strings in double
    /// quotes (`\"` and `\\` inside). A `#` that starts a word starts the comment.
    static func split(_ line: String) throws(LineProblem) -> [LineToken] {
        let characters = Array(line)
        var tokens: [LineToken] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " || c == "\t" {
                i += 1
            } else if c == "#" {
                break
            } else if c == "\"" {
                let start = i
                var text = ""
                i += 1
                var closed = false
                while i < characters.count {
                    let d = characters[i]
                    if d == "\\", i + 1 < characters.count, ["\"", "\\"].contains(characters[i + 1]) {
                        text.append(characters[i + 1])
                        i += 2
                    } else if d == "\"" {
                        closed = true
                        i += 1
                        break
                    } else {
                        text.append(d)
                        i += 1
                    }
                }
                guard closed else {
                    throw LineProblem(start + 1, "expected a closing quote for the string that starts here",
                                      suggestion: line.trimmingCharacters(in: .whitespaces) + "\"")
                }
                // "a"b: the word must end where the string does; a `when` may go on with its
                // comma or colon (`when account "a b": …`).
                if i < characters.count, !" \t#,:".contains(characters[i]) {
                    throw LineProblem(i + 1, "expected a blank after the closing quote")
                }
                tokens.append(LineToken(text: text, quoted: true, column: start + 1, end: i + 1))
            } else {
                let start = i
                while i < characters.count, !" \t\"".contains(characters[i]) { i += 1 }
                if i < characters.count, characters[i] == "\"" {
                    throw LineProblem(i + 1, "expected a blank before the opening quote")
                }
                tokens.append(LineToken(text: String(characters[start..<i]), quoted: false, column: start + 1, end: i + 1))
            }
        }
        return tokens
    }

    /// `line` without its comment, blanks trimmed: the step as a failure quotes it.
    static func source(of line: String, tokens: [LineToken]) -> [Character] {
        guard let first = tokens.first, let last = tokens.last else { return [] }
        return Array(Array(line)[(first.column - 1)..<(last.end - 1)])
    }
}
