/// The screens a page shows, each distinct one kept once however many runs ended on it, as a
/// `FrameStore` (its rows' HTML once, its frames as differences): a 1,024-combination matrix
/// that ends on a few screens holds a few screens.
struct FinalScreens {
    private(set) var kept: [KeptScreen] = []
    /// The screens with the same text, by their text: few to compare a screen with.
    private var byText: [String: [Int]] = [:]

    /// The screen's index among those kept, adding it if it is new.
    mutating func index(of screen: KeptScreen) -> Int {
        let text = screen.screen.lines.joined(separator: "\n")
        if let same = byText[text]?.first(where: { kept[$0].screen == screen.screen }) { return same }
        kept.append(screen)
        byText[text, default: []].append(kept.count - 1)
        return kept.count - 1
    }

    var store: FrameStore {
        FrameStore(kept.map { Recording.Frame(milliseconds: 0, screen: $0.screen) })
    }
}
