/// `--junit OUT.xml`: one testsuite, a testcase per walkthrough (per combination under
/// --matrix), its failures in one `failure` element, as CI systems read them.
extension TestReport {
    public var junitXML: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failed)\">\n"
        xml += "  <testsuite name=\"storefront walkthroughs\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
        for result in results {
            let name = Self.escaped(result.name)
            guard let first = result.failures.first else {
                xml += "    <testcase classname=\"walkthroughs\" name=\"\(name)\"/>\n"
                continue
            }
            let message = first.line == 0 ? "could not start: \(first.saw)" : first.summary(file: result.file)
            let body = result.failures.map { failure -> String in
                var text = failure.summary(file: result.file)
                if let screen = failure.screen { text += "\n" + screen }
                return text
            }.joined(separator: "\n")
            xml += "    <testcase classname=\"walkthroughs\" name=\"\(name)\">\n"
            xml += "      <failure message=\"\(Self.escaped(message))\" type=\"expectation\">\(Self.escaped(body, keepingLines: true))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text made safe for XML 1.0: markup characters as entities, and characters XML cannot
    /// hold at all (controls, U+FFFE, U+FFFF) written out as `\u{1B}`. Line breaks stay in
    /// element text (`keepingLines`) and become `&#10;` in attributes.
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += keepingLines ? "\n" : "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
