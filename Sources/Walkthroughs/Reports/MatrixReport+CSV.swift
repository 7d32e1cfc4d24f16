import Foundation

/// `--matrix --csv`: every table as one CSV table (RFC 4180 quoting), for a spreadsheet or a
/// script: a file column, then every condition any file varies, then the outcome; a cell with
/// nothing in it is empty.
extension MatrixReport {
    public var csvLines: [String] {
        var conditions: [String] = []
        for condition in tables.flatMap(\.conditions) where !conditions.contains(condition) {
            conditions.append(condition)
        }
        var lines = [Self.csvRow(["file"] + conditions + Self.outcomeColumns)]
        for table in tables {
            for row in table.rows {
                let values = row.result.combination?.values ?? []
                let cells = conditions.map { condition in values.first { $0.condition == condition }?.value ?? "" }
                lines.append(Self.csvRow([table.file] + cells + Self.outcomeCells(row, nothing: "")))
            }
        }
        return lines
    }

    static func csvRow(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",")
    }

    /// One field, as text whatever reads it. One a spreadsheet would take for a formula
    /// (starting with =, +, -, @, a tab or a carriage return, as "+10 credits" does) is made
    /// text by a leading single quote, and quoted, as OWASP's advice on CSV injection says;
    /// one with a comma, a quote or a line break is quoted as RFC 4180 asks, its quotes doubled.
    static func csvField(_ field: String) -> String {
        let formula = field.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
        let text = formula ? "'" + field : field
        guard formula || text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
