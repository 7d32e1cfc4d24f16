/// Where PEM text that does not parse is damaged, told by line and block and never by
/// quoting it: the text holds a private key, and an error message is read, logged and pasted
/// into bug reports. (swift-asn1's own errors quote the markers they found, which in a file cut
/// short run on into the key's base64.)
enum PEMTextDamage {
    /// The block types a data directory's PEM files hold, the only ones a problem names.
    static let knownTypes: Set<String> = ["PRIVATE KEY", "CERTIFICATE"]

    /// What is wrong with `text`, which `PEMDocument.parseMultiple` refused.
    static func problem(in text: String) -> String {
        var open: (type: String, line: Int, block: Int)?
        var blocks = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if let block = open {
                let name = "block \(block.block) (\(named(block.type)), from line \(block.line))"
                if line.hasPrefix("-----END ") {
                    guard line == "-----END \(block.type)-----" else { return "line \(number): \(name) ends with an END line that does not match its BEGIN line" }
                    open = nil
                } else if line.hasPrefix("-----") {
                    return "line \(number): \(name) has no END line before this marker"
                } else if line.count > 64 || !line.allSatisfy(isBase64) {
                    return "line \(number): \(name) holds a line that is not base64"
                }
            } else if line.hasPrefix("-----BEGIN ") {
                blocks += 1
                guard line.count > 16, line.hasSuffix("-----") else { return "line \(number): block \(blocks)'s BEGIN line is cut short or damaged" }
                open = (String(line.dropFirst(11).dropLast(5)), number, blocks)
            } else if line.hasPrefix("-----END ") {
                return "line \(number): an END line with no BEGIN line before it"
            }
        }
        if let block = open {
            return "block \(block.block) (\(named(block.type)), from line \(block.line)) is cut short: it has no END line"
        }
        return "a block's base64 is damaged (its padding or its lines' lengths)"
    }

    /// A block's type as a problem names it: the known ones by name, anything else unquoted.
    private static func named(_ type: String) -> String {
        knownTypes.contains(type) ? type : "of an unknown type"
    }

    private static func isBase64(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "+/=".contains(character))
    }
}
