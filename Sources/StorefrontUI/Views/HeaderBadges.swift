import SampleApp
import AppStoreCore
import Wording

extension HeaderView {
    struct Badge: Equatable {
        var text: String
        var tint: Tint
        /// What the badge reads when space is short.
        var short: String?
    }

    /// A badge for every active condition, most important first (the table's order).
    static func badges(_ s: Settings, strings: Strings) -> [Badge] {
        StoreCondition.all.compactMap { $0.badge(s, strings: strings) }
    }

    /// What the screen itself lacks, after the store's conditions: drawn in ASCII, it says why.
    static func screenBadges(_ state: AppState) -> [Badge] {
        let words = state.strings.screen
        return switch state.ascii {
        case .requested: [Badge(text: words.asciiRequested, tint: .muted, short: words.ascii)]
        case .noUTF8Locale: [Badge(text: words.noUTF8Locale, tint: .muted, short: words.ascii)]
        case nil: []
        }
    }

    /// The badges that fit in `width` columns, in order. When they don't all fit, badges
    /// take their short form, then the least important give way to a "+N more" marker:
    /// a badge is shown whole or not at all.
    static func fitting(_ badges: [Badge], width: Int, strings: Strings) -> [Badge] {
        // Each badge is drawn with a space either side and one rule cell after it.
        func fits(_ shown: [Badge]) -> Bool { shown.reduce(0) { $0 + DisplayWidth.of($1.text) + 3 } <= width }
        if fits(badges) { return badges }
        let short = badges.map { Badge(text: $0.short ?? $0.text, tint: $0.tint) }
        if fits(short) { return short }
        for kept in stride(from: short.count - 1, through: 0, by: -1) {
            let shown = Array(short.prefix(kept)) + [Badge(text: strings.screen.moreBadges(short.count - kept), tint: .muted)]
            if fits(shown) { return shown }
        }
        return []
    }
}
