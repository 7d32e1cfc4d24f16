import Foundation

extension AppState {
    /// The help overlay: closed by what closes a dialog, scrolled as the full log scrolls when
    /// the terminal is too short for every key.
    mutating func handleHelp(_ scroll: Int, _ key: Key) -> [Effect] {
        if [.escape, .enter, .char("?"), .char("q"), .char(" ")].contains(key) {
            mode = .store
            return []
        }
        let maxScroll = HelpOverlay.maxScroll(strings, layout: Layout(width: width, height: height))
        let scroll = min(scroll, maxScroll)
        switch key {
        case .up, .char("k"): mode = .help(scroll: max(0, scroll - 1))
        case .down, .char("j"): mode = .help(scroll: min(maxScroll, scroll + 1))
        case .pageUp, .home, .char("g"): mode = .help(scroll: 0)
        case .pageDown, .end, .char("G"): mode = .help(scroll: maxScroll)
        default: break
        }
        return []
    }
}
