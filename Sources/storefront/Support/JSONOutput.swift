import DataFiles
import Foundation
import StorefrontUI

enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let data = try JSONCoding.encode(value)
        Swift.print(terminalSafe(String(decoding: data, as: UTF8.self)))
    }

    /// The encoder escapes C0 controls but writes DEL, C1 controls and bidi overrides as they
    /// are, which a terminal may obey. Inside a JSON string `\uXXXX` means the same character,
    /// and outside strings JSON has none of them, so every one is written that way.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isEscaped) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if TerminalText.isEscaped(scalar) && scalar.value > 0x1F {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
