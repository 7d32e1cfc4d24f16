import Testing
@testable import StorefrontUI

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

    @Test func bracketsAndSpacesStayAsTheyWere() {
        #expect(TextWrap.lines("「はい」と言った", width: 8) == ["「はい」", "と言った"])
        #expect(TextWrap.lines("free 。", width: 5) == ["free", "。"], "a mark after a space has nothing to hold on to")
    }
}
