import SampleApp
import Testing
@testable import StorefrontUI
import Wording

@Suite struct TextWrapTests {
    @Test func latinTextBreaksAtSpaces() {
        #expect(TextWrap.lines("the journey of a thousand miles", width: 12) == ["the journey", "of a", "thousand", "miles"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"], "a word longer than the line is cut")
    }

    @Test func japaneseBreaksBetweenCharactersByDisplayWidth() {
        #expect(TextWrap.lines("あいうえおかきくけこ", width: 6) == ["あいう", "えおか", "きくけ", "こ"])
        #expect(TextWrap.lines("あいう", width: 5) == ["あい", "う"], "a wide character never straddles the edge")
    }

    @Test func aFullStopNeverStartsALine() {
        // Without kinsoku the line would break right before 。
        #expect(TextWrap.lines("有料コンテンツ6件を解放します。一度の購入でずっと使えます", width: 29)
                == ["有料コンテンツ6件を", "解放します。一度の", "購入でずっと使えます"])
    }

    @Test(arguments: Array("。、，．」』）】〉》！？ー"))
    func closingPunctuationTakesThePreviousCharacterDown(mark: Character) {
        #expect(TextWrap.lines("あいう\(mark)え", width: 6) == ["あい", "う\(mark)え"])
    }

    @Test(arguments: Array("ぁぃぅぇぉっゃゅょァィゥェォッャュョ"))
    func smallKanaNeverStartsALine(kana: Character) {
        #expect(TextWrap.lines("あいう\(kana)", width: 6) == ["あい", "う\(kana)"])
    }

    @Test func closingMarksInARowGoDownTogether() {
        #expect(TextWrap.lines("あいう。」", width: 6) == ["あい", "う。」"])
        #expect(TextWrap.lines("word。", width: 4) == ["word", "。"], "nothing to carry when the word fills the line alone")
    }

    @Test(arguments: Array("「『（【〈《"))
    func openingBracketsNeverEndALine(bracket: Character) {
        #expect(TextWrap.lines("あい\(bracket)うえ", width: 6) == ["あい", "\(bracket)うえ"])
    }

    @Test func aParagraphThatFitsIsOneLineWithoutItsTrailingSpaces() {
        #expect(TextWrap.lines("  a [App内課金]  b。  ", width: 22) == ["  a [App内課金]  b。"])
        #expect(TextWrap.lines("abc\n\nde ", width: 3) == ["abc", "", "de"])
        #expect(TextWrap.lines("abcd", width: 3) == ["abc", "d"], "one column more wraps")
    }

    @Test func bracketsAndSpacesStayAsTheyWere() {
        #expect(TextWrap.lines("「はい」と言った", width: 8) == ["「はい」", "と言った"])
        #expect(TextWrap.lines("free 。", width: 5) == ["free", "。"], "a mark after a space has nothing to hold on to")
    }
}

/// A name in brackets (a menu path's step, a title in 「」) is never broken when text wraps,
/// and a menu path breaks only between its steps, never before a `>`.
@Suite struct BracketWrapTests {
    static let restricted = Strings.japanese.alerts.restrictedMessage

    /// From where its longest step fits on a line with the `>` after it.
    @Test(arguments: 33...60)
    func aMenuPathBreaksOnlyBetweenItsSteps(width: Int) {
        let lines = TextWrap.lines(Self.restricted, width: width)
        #expect(lines.joined().filter { $0 != " " } == Self.restricted.filter { $0 != " " }, "nothing lost")
        for line in lines {
            #expect(line.filter { $0 == "[" }.count == line.filter { $0 == "]" }.count, "a step cut at \(width): \(lines)")
            #expect(!line.hasPrefix(">"), "a line starts with > at \(width): \(lines)")
        }
    }

    @Test(arguments: 16...60)
    func japaneseBracketsKeepTheirNameWhole(width: Int) {
        let lines = TextWrap.lines(Strings.japanese.alerts.deleteMessage, width: width)
        #expect(lines.contains { $0.contains("「購入を復元」") }, "at \(width): \(lines)")
    }

    @Test func aNameGoesDownWhole() {
        #expect(TextWrap.lines("あいうえお「購入を復元」", width: 16) == ["あいうえお", "「購入を復元」"])
        #expect(TextWrap.lines("Open [Environment: storefront] here", width: 28) == ["Open", "[Environment: storefront]", "here"])
    }

    @Test func aNameWiderThanTheLineStillWraps() {
        #expect(TextWrap.lines("「あいうえおかきくけこ」", width: 8) == ["「あいう", "えおかき", "くけこ」"])
    }

    @Test func aSubscriptInAWordStaysInItsWord() {
        let lines = TextWrap.lines("at $.products[0].price here", width: 12)
        #expect(!lines.contains { $0.hasPrefix("[0]") }, "\(lines)")
    }

    @Test func theRestrictedMessageReadsAsJapanese() {
        #expect(Self.restricted.contains("許可したうえで再度お試しください"))
    }
}

/// A katakana word is a word: Japanese text breaks before or after it, as between Latin words,
/// never inside it, unless it is longer than the line.
@Suite struct KatakanaWrapTests {
    @Test func aKatakanaWordGoesDownWhole() {
        #expect(TextWrap.lines("自動更新サブスクリプションを管理", width: 20) == ["自動更新", "サブスクリプションを", "管理"])
        #expect(TextWrap.lines("プレミアム・クオーツ", width: 14) == ["プレミアム・", "クオーツ"], "words part at the middle dot")
        #expect(TextWrap.lines("サブスクリプション", width: 8) == ["サブスク", "リプショ", "ン"], "a word longer than the line is cut")
    }

    @Test(arguments: 20...50)
    func theBillingProblemSheetKeepsItsKatakanaWords(width: Int) {
        let text = Strings.japanese.messages.billingProblemMessage
        let lines = TextWrap.lines(text, width: width)
        #expect(lines.joined() == text, "nothing lost (the message has no spaces)")
        for word in ["サブスクリプション"] where text.contains(word) {
            #expect(lines.contains { $0.contains(word) }, "\(word) broken at \(width): \(lines)")
        }
    }
}

/// Japanese breaks between phrases: after punctuation, where hiragana gives way to another
/// script, before a number or a Latin word; never inside a kanji word, between a word and
/// its hiragana ending, or inside a run of hiragana, unless a phrase is wider than the line.
@Suite struct PhraseWrapTests {
    static let examples: [(text: String, width: Int, lines: [String])] = [
        ("キャンセルするまで自動更新されます。期間終了の24時間以上前までに「サブスクリプションの管理」(m) でいつでもキャンセルできます。", 40,
         ["キャンセルするまで自動更新されます。", "期間終了の24時間以上前までに", "「サブスクリプションの管理」(m)", "でいつでもキャンセルできます。"]),
        ("その日から新しいプランが始まります。", 20, ["その日から新しい", "プランが始まります。"]),
        ("2026年12月22日までアクセス可能 (猶予期間)", 20, ["2026年12月22日まで", "アクセス可能", "(猶予期間)"]),
        ("「プロ 学生プラン」は本日で終了し、未使用期間分は日割りで返金されます。", 30,
         ["「プロ 学生プラン」は本日で", "終了し、未使用期間分は日割りで", "返金されます。"]),
        ("すべての名言を毎月。最初の1週間は無料トライアル。", 20, ["すべての名言を毎月。", "最初の1週間は", "無料トライアル。"]),
        ("UserDefaults.jsonの\"credits\"に保存されています。クレジットパックを購入すると増えます。", 30,
         ["UserDefaults.jsonの\"credits\"に", "保存されています。", "クレジットパックを購入すると", "増えます。"]),
        // A price keeps its period: never "¥1,000/" then "月".
        ("プロ 月額プランの価格は2027年1月22日の更新から¥1,000/月に値上げされます。", 54,
         ["プロ 月額プランの価格は2027年1月22日の更新から", "¥1,000/月に値上げされます。"]),
    ]

    @Test(arguments: examples.indices)
    func japaneseBreaksBetweenPhrases(example: Int) {
        let (text, width, lines) = Self.examples[example]
        #expect(TextWrap.lines(text, width: width) == lines)
    }

    @Test func aPhraseWiderThanTheLineBreaksInside() {
        #expect(TextWrap.lines("保存されています", width: 10) == ["保存されて", "います"])
    }
}
