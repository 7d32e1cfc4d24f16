extension DataFileError {
    /// What can be done about a refused file, by kind: the words (and the commands they
    /// name) are written where the error is shown.
    public enum Remedy: Equatable, Sendable {
        /// store.sqlite, left untouched: reset starts afresh and keeps it aside, or another data directory.
        case resetStore
        /// store.json of an earlier version, left untouched and not migrated: fix it by hand, or reset.
        case resetLegacyStore
        /// UserDefaults.json, left untouched: fix it by hand, or delete the app (which keeps it aside).
        case resetApp(UserDefaultsFix)
        /// UserDefaults.json is a link to nothing, left untouched: point it at a file, or remove it.
        case repointLink
        /// The store has run out of transaction ids: reset, or another data directory.
        case startAfresh
        /// Written by a newer version: use that one, or another data directory.
        case useNewerVersion
        /// Not SQLite's own file beside the store: remove it, or another data directory.
        case removeStrayFile
        /// A file with another name too (a hard link): make it a file of its own, or another data directory.
        case copyToOwnFile
        /// The store cannot be made: fix the data directory's permissions, or use another.
        case fixDirectoryPermissions
        /// The store cannot be opened for writing: fix its permissions, or another data directory.
        case fixPermissions
        /// Another process holds the store: try again later.
        case waitForOtherProcess
        /// The disk is full.
        case freeDiskSpace
        /// A write failed and the previous content was kept: make room or fix permissions, then retry.
        case retryWrite
        /// A lock file that is not a regular file: remove it, or another data directory.
        /// `isLink`: a symbolic link, which someone else may have made.
        case replaceLockFile(isLink: Bool)
        /// The data directory cannot be used: another one, or fix its permissions.
        case useAnotherDataDirectory
        /// The catalog file cannot be read: check the path given for it.
        case checkCatalogPath
        /// The catalog is not valid: fix it, or use the built-in one.
        case fixCatalog
        /// The app description beside the catalog is not valid: fix it, or move it away for the generic app.
        case fixAppDescription
        /// The store's storefront setting is not one of the catalog's: set `suggested`, or use
        /// a catalog that has `missing`.
        case chooseStorefront(suggested: String, missing: String)
        /// The signing chain (signing.pem), left untouched: move it aside for a new chain, whose
        /// root every backend that trusted the old one must then be given.
        case replaceSigningChain
        /// The subscription-offers key, left untouched: move it aside for a new key, which every
        /// backend that signed promotional offers with the old one must then be given.
        case replaceSubscriptionOffersKey
        /// The App Store receipt (StoreKit/receipt), left untouched: move it aside and the
        /// account's receipt is written again from the store's records.
        case replaceReceipt
    }

    /// How a UserDefaults.json that cannot be used is fixed by hand.
    public enum UserDefaultsFix: Equatable, Sendable {
        case editValue, editFile, removeFile, grantPermission, replaceWithFile
    }
}
