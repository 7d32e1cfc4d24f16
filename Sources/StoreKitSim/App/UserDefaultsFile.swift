import Foundation

/// The sample app's UserDefaults domain, kept in UserDefaults.json: a flat JSON object.
/// Keys the app does not know are kept as they are.
public final class UserDefaultsFile {
    public let url: URL
    public private(set) var values: [String: JSONValue]

    /// Reads the file; a missing file is an empty domain, as after installing the app.
    public init(url: URL) throws {
        self.url = url
        values = try Self.read(url)
        token = Self.token(url)
    }

    public func reload() throws {
        values = try Self.read(url)
        token = Self.token(url)
    }

    /// Reloads only when the file changed since it was last read or written.
    public func reloadIfChanged() throws {
        if Self.token(url) != token { try reload() }
    }

    private var token: String?

    private static func token(_ url: URL) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "none" }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(attributes[.systemFileNumber] as? Int ?? 0)-\(attributes[.size] as? Int ?? 0)-\(modified)"
    }

    public func bool(forKey key: String) -> Bool { values[key]?.boolValue ?? false }
    public func integer(forKey key: String) -> Int { values[key]?.intValue ?? 0 }
    public func string(forKey key: String) -> String? { values[key]?.stringValue }

    /// Writes on top of what the file holds now: an edit made by hand since the last read is
    /// kept, and a file left broken is reported instead of overwritten.
    public func set(_ value: JSONValue?, forKey key: String) throws {
        try set([key: value])
    }

    /// Sets several keys in one write (nil removes a key): a kill leaves all of them or none.
    public func set(_ changes: [String: JSONValue?]) throws {
        try reloadIfChanged()
        var next = values
        for (key, value) in changes { next[key] = value }
        guard next != values else { return }
        try AtomicFile.write(try JSONCoding.encode(next), to: url)
        values = next
        token = Self.token(url)
    }

    /// "Delete the app": the domain is gone.
    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
        values = [:]
        token = Self.token(url)
    }

    private static func read(_ url: URL) throws -> [String: JSONValue] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [:] }
        let remedy = "storefront leaves it untouched. Fix it by hand, or run `storefront reset --app-only` to delete the app (it keeps this file aside as UserDefaults.json.broken-…)."
        do {
            return try JSONCoding.decoder().decode([String: JSONValue].self, from: data)
        } catch {
            var failure = JSONDiagnostics.error(error, in: data, path: url.path, remedy: remedy)
            if case DecodingError.typeMismatch = error, failure.location == "$" {
                failure.problem = "must be a JSON object of keys and values"
            }
            throw failure
        }
    }
}
