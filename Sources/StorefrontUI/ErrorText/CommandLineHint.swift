import DataFiles
import Foundation
import AppStoreCore

/// The command lines storefront prints in its hints ("run `storefront approve 1000000004`"),
/// built for the data directory and catalog in use, so a pasted hint acts on the same store.
/// The default directory and the built-in catalog are left out, as a user would type them.
public struct CommandLineHint: Sendable, Equatable {
    /// `--data-dir` as the hints give it: nil for the default data directory.
    public var dataDirectory: String?
    /// `--catalog` as the hints give it: nil for the built-in catalog.
    public var catalog: String?

    public init(dataDirectory: String? = nil, catalog: String? = nil) {
        self.dataDirectory = dataDirectory
        self.catalog = catalog
    }

    /// For the data directory `option` resolves to (absolute, so a hint works from any directory),
    /// given unless it is the one a command without --data-dir would use.
    public init(dataDirectoryOption option: String?, catalogOption catalog: String?,
                environment: [String: String] = ProcessEnvironment.variables) {
        let directory = DataDirectory.resolve(option: option, environment: environment)
        // By path: "/srv/store/" and "/srv/store" are one directory.
        let isDefault = directory.url.path == DataDirectory.resolve(option: nil, environment: environment).url.path
        self.init(dataDirectory: isDefault ? nil : directory.url.path,
                  catalog: catalog.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    }

    /// The hints of the running command or storefront: bound once where the options are read.
    @TaskLocal public static var current = CommandLineHint()

    /// `storefront` with the running command's options, then `arguments`.
    public static func command(_ arguments: String) -> String { current.command(arguments) }

    /// `storefront` and its global options, then `arguments` (as typed: "approve 1000000004").
    public func command(_ arguments: String) -> String {
        var words = ["storefront"]
        if let dataDirectory { words += ["--data-dir", Self.quoted(dataDirectory)] }
        if let catalog { words += ["--catalog", Self.quoted(catalog)] }
        return (words + [arguments]).joined(separator: " ")
    }

    /// A shell word for `text`: as it is when nothing in it is special, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")
        if !text.isEmpty, text.unicodeScalars.allSatisfy(plain.contains) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
