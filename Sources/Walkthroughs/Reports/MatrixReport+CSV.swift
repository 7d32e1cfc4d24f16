import Foundation

/// `--matrix --csv`: every table as one CSV table (RFC 4180 quoting), for a spreadsheet or a
/// script: a file column, then every condition any file varies (empty where a file does not).
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
                lines.append(Self.csvRow([table.file] + cells + Self.outcomeCells(row)))
            }
        }
        return lines
    }

    /// A field with a comma, a quote or a line break goes in quotes, its quotes doubled.
    static func csvRow(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { ",\"\r\n".contains($0) }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",")
    }
}
