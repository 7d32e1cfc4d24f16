import Foundation
import SampleApp
import AppStoreCore
@testable import StorefrontUI

/// The English a Japanese screen shows of the app's own words: what is left of its text, as
/// words of two letters or more, once everything that is not the app's own is taken out. A
/// word cut short where space ran out or a dialog covers it ("Ap…", "unk") counts as the
/// word it begins. `diagnostics`: texts shown as they were found, not the app's words (a data
/// file's path and problem), whose words do not count either.
enum JapaneseScreenText {
    static func englishWords(in screen: String, state: AppState, diagnostics: [String] = []) -> [String] {
        // The device's locale is shown as its identifier (ja_JP), as Settings names it.
        let names = storeAndAppleNames + [state.locale]
        // A JWS in runs of base64url, as a box cuts it, before any name inside it is taken out.
        var text = screen.replacingOccurrences(of: #"[A-Za-z0-9_-]{16,}…?"#, with: " ", options: .regularExpression)
        for literal in (catalogTexts(state.catalog, app: state.appDescription) + names).sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: literal, with: " ")
        }
        for pattern in patterns {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        let words = Set((cutNames + diagnostics + signedFormTexts(state)).flatMap { $0.split { !$0.isLetter } }.map(String.init))
        // An identifier under a dialog shows its start at the dialog's left and its end at its right.
        let identifierWords = state.catalog.products.flatMap { $0.id.split { !$0.isLetter } }.map(String.init)
        return text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { cut in
            !words.contains { $0.hasPrefix(cut) } && !identifierWords.contains { $0.hasSuffix(cut) }
        }
    }

    /// A signed form's data as the Transaction Manager and the full log show it, wrapped as
    /// the box wraps it: its chain's subjects and the file it was saved to (its JWS is a pattern).
    private static func signedFormTexts(_ state: AppState) -> [String] {
        if case .log = state.mode, let summary = state.logSelection.signedForm { return summary.chain + [summary.path] }
        guard case .transactions(let panel) = state.mode, case .signedForm(_, let summary?)? = panel.overlay else { return [] }
        return summary.chain + [summary.path]
    }

    /// The catalog's texts, in every language, and its identifiers.
    private static func catalogTexts(_ catalog: Catalog, app: AppDescription) -> [String] {
        var texts = [app.name]
        for product in catalog.products {
            texts.append(product.id)
            texts += (product.subscription?.offerCodes ?? []).flatMap { [$0.id, $0.referenceName].compactMap { $0 } }
            texts += product.localizations.flatMap { [$0.title, $0.description] }
        }
        for item in app.content.free + (app.content.premium?.items ?? []) {
            texts.append(item.id)
            texts += item.localizations.flatMap { [$0.title, $0.body] }
        }
        return texts + app.productIdentifiers + catalog.storefronts.flatMap { [$0.id, $0.currency] }
    }

    /// Names that stay as they are: the store's for its errors and domains, code, the files
    /// the app keeps, Apple's names, key names.
    private static var storeAndAppleNames: [String] {
        var texts = SKErrorCode.allCases.map(\.name) + StoreAPI.allCases.flatMap { $0.choices.map(\.name) }
        texts += [StoreError.storeKitDomain, StoreError.networkDomain, StoreError.appDomain,
                  StoreError.notConnected.name, StoreError.alreadyOwned.name, StoreError.notSignedIn.name]
        texts += ["SKPaymentQueue.canMakePayments() == false", "invalidProductIdentifiers", "StoreKit",
                  "UserDefaults.json", "store.sqlite", "\"credits\""]
        // The copies reset keeps aside, what the command line's options name, the docs page, a
        // format, a shell command.
        texts += ["UserDefaults.json.broken-", "store.sqlite.broken-", "store.json.broken-",
                  "$STOREFRONT_DATA_DIR", "DIR", "docs/catalogs.md", "JSON", "chmod u+rw"]
        // Apple's names, as Apple's Japanese writes them, and the sandbox sheet's marker.
        texts += ["[Environment: storefront]", "App Store", "Apple Account", "Apple Music", "Apple", "iTunes", "Xcode", "App", "OK", "ID", "API"]
        texts += ["PgUp", "PgDn", "Enter", "Space", "Esc", "Tab"]
        // A signed form's standard names: the format and its algorithm.
        texts += ["JWS", "ES256"]
        return texts
    }

    /// The names a line or a dialog may cut short: errors' and Apple's.
    private static var cutNames: [String] {
        SKErrorCode.allCases.map(\.name) + [StoreError.notConnected.name, StoreError.alreadyOwned.name, StoreError.notSignedIn.name]
            + ["App Store", "Apple Account", "Apple Music", "iTunes"]
    }

    private static let patterns = [
        // Command lines the storefront suggests, with their options, and an option named alone.
        #"storefront(\s+--\S+\s+\S+)*\s+[a-z|]+(\s+(ID|\d+|--[a-z-]+))?"#,
        #"--[a-z]+(-[a-z]+)*"#,
        // Accounts, whole or cut.
        #"\S*@\S*"#,
        // Identifiers: dotted (product ids, cut at either end) and camelCase (error names, cut).
        #"…?[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+…?"#,
        #"[a-z]+[A-Z][A-Za-z0-9]*…?"#,
        // A premium product's UserDefaults value, in the log.
        #"= true"#,
        // A store time rate, in the syntax `set time-rate` takes.
        #"\d+[a-z]+-per-\d*[a-z]+"#,
        // The program by its name, once the identifiers that contain it are out.
        #"storefront"#,
    ]
}
