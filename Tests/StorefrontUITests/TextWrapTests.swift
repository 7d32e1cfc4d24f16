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
                == ["有料コンテンツ6件を解放しま", "す。一度の購入でずっと使えま", "す"])
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
