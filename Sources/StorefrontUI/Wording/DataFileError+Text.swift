import DataFiles
import StoreKitSim

extension DataFileError {
    /// The file, where in it and what is wrong on one line; what to do on the next.
    public var text: String { "\(summary)\n\(remedy.text)" }
}

extension DataFileError.Remedy {
    /// What to do, with commands for this data directory and catalog.
    public var text: String {
        switch self {
        case .resetStore:
            "storefront leaves it untouched. Run `\(CommandLineHint.command("reset"))` to start afresh (it keeps this file aside as store.sqlite.broken-…), or use another --data-dir."
        case .resetLegacyStore:
            "storefront leaves it untouched and does not migrate it to store.sqlite. Fix it by hand, or run `\(CommandLineHint.command("reset"))` to start afresh (it keeps this file aside as store.json.broken-…)."
        case .resetApp(let fix):
            "storefront leaves it untouched. \(fix.text), or run `\(CommandLineHint.command("reset --app-only"))` to delete the app (it keeps this file aside as UserDefaults.json.broken-…)."
        case .repointLink:
            "storefront leaves it untouched. Point the link at the app's file, or remove it (the app then starts with no data)."
        case .startAfresh:
            "Run `\(CommandLineHint.command("reset"))` to start afresh, or use another --data-dir."
        case .useNewerVersion:
            "Use that newer storefront, or another --data-dir."
        case .removeStrayFile:
            "storefront never writes through it. Remove it if you did not put it there, or use another --data-dir."
        case .fixDirectoryPermissions:
            "Fix the data directory's permissions, or use another --data-dir."
        case .fixPermissions:
            "Fix its permissions (and the data directory's), or use another --data-dir."
        case .waitForOtherProcess:
            "Try again when it has finished."
        case .freeDiskSpace:
            "Free some space, then try again."
        case .retryWrite:
            "Its previous content is kept. Free some disk space or fix the data directory's permissions, then try again."
        case .replaceLockFile(let isLink):
            "storefront leaves it as it is: remove it (storefront makes a new lock file), or use another data directory."
                + (isLink ? " If you did not make the link, someone else can write to this directory." : "")
        case .useAnotherDataDirectory:
            "Use another data directory (--data-dir DIR or $STOREFRONT_DATA_DIR), or fix this one's permissions."
        case .checkCatalogPath:
            "Check the path given to --catalog."
        case .fixCatalog:
            "Fix the catalog (its format is described in the README) or run without --catalog to use the default."
        case .fixAppDescription:
            "Fix the app description (its format is described in the README), or move it away to see the catalog with the generic app."
        case .chooseStorefront(let suggested, let missing):
            "Choose one with `\(CommandLineHint.command("set storefront \(suggested)"))`, or use the --catalog that has \(missing)."
        }
    }
}

extension DataFileError.UserDefaultsFix {
    /// The fix by hand, as the start of a sentence.
    var text: String {
        switch self {
        case .editValue: "Fix the value by hand"
        case .editFile: "Fix it by hand"
        case .removeFile: "Remove it by hand"
        case .grantPermission: "Give yourself read and write permission on it (chmod u+rw)"
        case .replaceWithFile: "Put the app's JSON file there instead"
        }
    }
}
