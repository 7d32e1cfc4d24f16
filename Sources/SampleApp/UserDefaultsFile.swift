import DataFiles
import Foundation

/// The sample app's UserDefaults domain, kept in UserDefaults.json: a flat JSON object.
/// Keys the app does not know are kept as they are.
public final class UserDefaultsFile {
    public let url: URL
    /// `.scratch`: writes are not synced to disk (a walkthrough's data directory).
    public let durability: Durability
    public private(set) var values: [String: JSONValue] {
        didSet { generation &+= 1 }
    }
    /// Changes each time `values` is set (read again, written, removed): what is worked out
    /// from the values (the app's unconsumed list) is kept until it changes.
    public private(set) var generation = 0
    /// What the app's own keys must hold, checked at every read (none: only that the file is a
    /// JSON object, each key in it once).
    public let rules: UserDefaultsRules?

    /// Reads the file; a missing file is an empty domain, as after installing the app. Anything
    /// else that cannot be read (a directory, no permission, a link loop…) is an error: taking
    /// it for an empty domain would replace it, credits and purchases gone, at the next write.
    /// So is a value `rules` refuses: every reader refuses what one does.
    public init(url: URL, durability: Durability = .durable, rules: UserDefaultsRules? = nil) throws {
        self.url = url
        self.durability = durability
        self.rules = rules
        let read = try Self.read(url, rules: rules)
        values = read.values
        token = read.token
    }

    /// Changes each time the file is read again (not when this object writes it): what someone
    /// else wrote may have come in.
    public private(set) var readGeneration = 0

    public func reload() throws {
        let read = try Self.read(url, rules: rules)
        values = read.values
        token = read.token
        readGeneration &+= 1
    }

    /// What is wrong with the file, reading only (`storefront doctor`): none when it can be
    /// used or there is none.
    public static func problems(_ url: URL, rules: UserDefaultsRules) -> [DataFileError] {
        do {
            _ = try read(url, rules: rules)
            return []
        } catch {
            return [error]
        }
    }

    /// Reloads only when the file changed since it was last read or written.
    public func reloadIfChanged() throws {
        if POSIX.token(url.path) != token { try reload() }
    }

    /// The file as last read or written (`POSIX.token`).
    private var token: String
    /// What was written last, kept so an unchanged value or list entry is not written again.
    private var writer = JSONObjectWriter()

    public func bool(forKey key: String) -> Bool { values[key]?.boolValue ?? false }
    public func integer(forKey key: String) -> Int { values[key]?.intValue ?? 0 }
    public func string(forKey key: String) -> String? { values[key]?.stringValue }

    /// Writes on top of what the file holds now: an edit made by hand since the last read is
    /// kept, and a file left broken is reported instead of overwritten.
    /// Writing replaces the file by rename: if UserDefaults.json is a symbolic link, the link
    /// becomes a file and what it pointed to is left as it was.
    public func set(_ value: JSONValue?, forKey key: String) throws {
        try set([key: value])
    }

    /// Sets several keys in one write (nil removes a key): a kill leaves all of them or none.
    public func set(_ changes: [String: JSONValue?]) throws {
        try reloadIfChanged()
        var next = values
        for (key, value) in changes { next[key] = value }
        // The same domain: nothing is written, so the file (and the modification time another
        // storefront watches) stays as it is, a hand-formatted file included.
        guard next != values else { return }
        token = try AtomicFile.write(try writer.encode(next), to: url, durability: durability)
        values = next
    }

    /// "Delete the app": the domain is gone. Only a file (or a link) is deleted: a directory
    /// where the file should be is reported, not emptied.
    public func removeAll() throws {
        do {
            try POSIX.remove(url.path)
        } catch {
            if error.code != ENOENT {
                throw DataFileError(path: url.path, problem: "cannot be deleted (\(error.text))",
                                    remedy: .resetApp(.removeFile))
            }
        }
        values = [:]
        token = POSIX.token(url.path)
    }

    /// The file's bytes, nil if there is none; what cannot be read is said with what to do.
    private static func contents(of url: URL) throws(DataFileError) -> DataFileReader.Contents? {
        do {
            return try DataFileReader.read(url)
        } catch {
            let remedy: DataFileError.Remedy = switch error {
            case .unreadable(let failure) where failure.code == EACCES: .resetApp(.grantPermission)
            case .unreadable, .tooLarge: .resetApp(.editFile)
            case .notRegular: .resetApp(.replaceWithFile)
            case .linkLoop, .danglingLink: .repointLink
            }
            throw DataFileError(path: url.path, problem: error.problem, remedy: remedy)
        }
    }

    private static func read(_ url: URL, rules: UserDefaultsRules?) throws(DataFileError) -> (values: [String: JSONValue], token: String) {
        guard let contents = try contents(of: url) else { return ([:], POSIX.missingToken) }
        let data = contents.data
        let remedy = DataFileError.Remedy.resetApp(.editFile)
        try JSONNesting.check(data, path: url.path, remedy: remedy)
        // Read without the decoder where its answer is certain (see `JSONNode`): no key is
        // then given twice either.
        if case .object(let read)? = JSONNode.parse(data)?.jsonValue {
            try rules?.check(read, path: url.path)
            return (read, contents.token)
        }
        let values: [String: JSONValue]
        do {
            values = try JSONCoding.decoder().decode([String: JSONValue].self, from: data)
        } catch {
            var failure = JSONDiagnostics.error(error, in: data, path: url.path, remedy: remedy)
            if case DecodingError.typeMismatch = error, failure.location == "$" {
                failure.problem = "must be a JSON object of keys and values"
            }
            throw failure
        }
        // Which of the two a decoder keeps is its accident: refused, whatever the values.
        if let duplicate = JSONDuplicateKeys.first(in: data) {
            throw DataFileError(path: url.path, location: duplicate, problem: "is a key given twice in one object: keep one of them",
                                remedy: .resetApp(.editValue))
        }
        try rules?.check(values, path: url.path)
        return (values, contents.token)
    }
}
