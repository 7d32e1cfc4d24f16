import Foundation
import StorefrontUI

/// The locale curses draws in. ncurses writes characters in the locale's encoding: without a
/// UTF-8 one (LANG unset, LANG=C, or a UTF-8 locale that is not installed) box lines and ★
/// reach the terminal as `~T~@` and `~X~E`. A UTF-8 character type is borrowed when the
/// environment names none; with none installed at all, the screen is drawn in ASCII.
enum UTF8Locale {
    /// Stand-ins the system usually has: glibc's C.UTF-8 (spelled both ways), then the most
    /// common full locale, then macOS's.
    static let candidates = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"]

    /// Sets the locale from the environment, then, if its characters are not UTF-8, the first
    /// installed candidate for LC_CTYPE alone (messages and numbers keep the user's choice).
    /// Returns nil when the characters are now UTF-8, otherwise why the screen is drawn in
    /// ASCII. STOREFRONT_ASCII=1 asks for ASCII anyway: for a terminal or font without the
    /// box-drawing characters.
    static func adopt() -> ASCIIReason? {
        setlocale(LC_ALL, "")
        if asciiRequested { return .requested }
        if isUTF8 { return nil }
        for name in candidates where setlocale(LC_CTYPE, name) != nil {
            if isUTF8 { return nil }
        }
        return .noUTF8Locale
    }

    /// STOREFRONT_ASCII set, and not to 0: ASCII asked for.
    static var asciiRequested: Bool {
        guard let ascii = getenv("STOREFRONT_ASCII") else { return false }
        return ascii.pointee != 0 && String(cString: ascii) != "0"
    }

    /// Whether the current character type is UTF-8 ("UTF-8" on glibc and macOS, "utf8" on some).
    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased().filter { $0 != "-" }
        return name == "utf8"
    }
}
