/// One text of the app's own, in English and Japanese.
public struct Phrase: Sendable {
    public let en: String
    public let ja: String
    /// The same words in both languages, on purpose: Apple's names ("App Store"), "OK".
    public let isSameInBoth: Bool

    init(en: String, ja: String) {
        self.en = en
        self.ja = ja
        isSameInBoth = false
    }

    init(both text: String) {
        en = text
        ja = text
        isSameInBoth = true
    }

    func text(_ strings: Strings) -> String {
        switch strings {
        case .english: en
        case .japanese: ja
        }
    }
}

/// A text with a value in it (a title, a count, a date), worded in each language.
public struct Phrase1<A>: Sendable {
    public let en: @Sendable (A) -> String
    public let ja: @Sendable (A) -> String

    func text(_ strings: Strings) -> (A) -> String {
        switch strings {
        case .english: en
        case .japanese: ja
        }
    }
}

/// A text with two values in it.
public struct Phrase2<A, B>: Sendable {
    public let en: @Sendable (A, B) -> String
    public let ja: @Sendable (A, B) -> String

    func text(_ strings: Strings) -> (A, B) -> String {
        switch strings {
        case .english: en
        case .japanese: ja
        }
    }
}

/// A text with three values in it.
public struct Phrase3<A, B, C>: Sendable {
    public let en: @Sendable (A, B, C) -> String
    public let ja: @Sendable (A, B, C) -> String

    func text(_ strings: Strings) -> (A, B, C) -> String {
        switch strings {
        case .english: en
        case .japanese: ja
        }
    }
}
