import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// The `settings` table: one row per setting, its value in JSON. Only changed settings are
/// written, so two processes changing different settings never undo each other.
enum StoreSettingsRows {
    static func read(_ db: Database) throws -> Settings {
        var fields: [String: JSONValue] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT name, value FROM settings")) {
            let name = (try? row.decode(String.self, forColumn: "name")) ?? "?"
            guard let text = try? row.decode(String.self, forColumn: "value"),
                  let value = JSONNode.parse(text)?.jsonValue ?? (try? JSONCoding.decoder().decode(JSONValue.self, from: Data(text.utf8))) else {
                throw RowProblem(location: "settings, name \(name)", problem: "the value is not JSON")
            }
            fields[name] = value
        }
        do {
            return try Settings(fields: fields)
        } catch let DecodingError.dataCorrupted(context) {
            let name = context.codingPath.last?.stringValue ?? "?"
            throw RowProblem(location: "settings, name \(name)", problem: context.debugDescription)
        } catch {
            throw RowProblem(location: "settings", problem: "\(error)")
        }
    }

    /// Writes the settings that differ from `before` (all of them when nil).
    static func write(_ settings: Settings, over before: Settings?, _ db: Database) throws {
        guard settings != before else { return }
        let old = before?.fields ?? [:]
        for (name, value) in settings.fields where old[name] != value {
            let text = try JSONCoding.line(value)
            try db.cachedStatement(sql: """
                INSERT INTO settings (name, value) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """).execute(arguments: [name, text])
        }
    }
}
