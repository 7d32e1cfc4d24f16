import DataFiles
import SampleApp
import AppStoreCore
import Wording

extension DataFileError {
    /// The file, where in it and what is wrong on one line, as the file layer found it (the
    /// same line in every language: a diagnostic to search for); what to do on the next, in
    /// the language of `strings`.
    public func text(_ strings: Strings) -> String { "\(summary)\n\(remedy.text(strings))" }
}

extension DataFileError.Remedy {
    /// What to do, with commands for this data directory and catalog.
    public func text(_ strings: Strings) -> String {
        let words = strings.dataFiles
        return switch self {
        case .resetStore: words.resetStore(CommandLineHint.command("reset"))
        case .resetLegacyStore: words.resetLegacyStore(CommandLineHint.command("reset"))
        case .resetApp(let fix): words.resetApp(fix.text(strings), CommandLineHint.command("reset --app-only"))
        case .repointLink: words.repointLink
        case .startAfresh: words.startAfresh(CommandLineHint.command("reset"))
        case .useNewerVersion: words.useNewerVersion
        case .removeStrayFile: words.removeStrayFile
        case .copyToOwnFile: words.copyToOwnFile
        case .fixDirectoryPermissions: words.fixDirectoryPermissions
        case .fixPermissions: words.fixPermissions
        case .waitForOtherProcess: words.waitForOtherProcess
        case .freeDiskSpace: words.freeDiskSpace
        case .retryWrite: words.retryWrite
        case .replaceLockFile(let isLink): words.replaceLockFile(isLink)
        case .useAnotherDataDirectory: words.useAnotherDataDirectory
        case .checkCatalogPath: words.checkCatalogPath
        case .fixCatalog: words.fixCatalog
        case .fixAppDescription: words.fixAppDescription
        case .chooseStorefront(let suggested, let missing):
            words.chooseStorefront(CommandLineHint.command("set storefront \(suggested)"), missing)
        case .replaceSigningChain: words.replaceSigningChain(CommandLineHint.command("certificate --root FILE"))
        case .replaceSubscriptionOffersKey: words.replaceSubscriptionOffersKey(CommandLineHint.command("offer-key --p8 FILE"))
        case .replaceReceipt: words.replaceReceipt
        }
    }
}

extension DataFileError.UserDefaultsFix {
    /// The fix by hand, as the start of a sentence.
    func text(_ strings: Strings) -> String {
        let words = strings.dataFiles
        return switch self {
        case .editValue: words.editValue
        case .editFile: words.editFile
        case .removeFile: words.removeFile
        case .grantPermission: words.grantPermission
        case .replaceWithFile: words.replaceWithFile
        }
    }
}
