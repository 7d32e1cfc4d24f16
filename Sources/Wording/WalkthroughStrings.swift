/// The caption band of a played or recorded walkthrough, in the storefront's language: its
/// controls and what a failed step's line says. The step's text and the captions are the
/// walkthrough file's own and stay as written; key names stay as a `key` step writes them.
public struct WalkthroughStrings: PhraseTable {
    public static let shared = WalkthroughStrings()

    // MARK: The controls, right on the step row

    public let playing = Phrase(en: "Space pause · → step · q stop", ja: "Spaceで一時停止 · →で1ステップ · qで停止")
    public let paused = Phrase(en: "PAUSED · your keys drive the storefront · Space resume · → step · q stop",
                               ja: "一時停止 · 自由に操作できます · Spaceで再開 · →で1ステップ · qで停止")
    public let stepping = Phrase(en: "→ one step · Space pause · q stop", ja: "→ 1ステップ実行中 · Spaceで一時停止 · qで停止")
    public let ended = Phrase(en: "END · your keys drive the storefront · q quits", ja: "再生終了 · 自由に操作できます · qで終了")

    // MARK: A terminal too small to play in

    public let tooSmall = Phrase2<Int, Int>(en: { width, height in "terminal too small to play (needs \(width)×\(height))" },
                                            ja: { width, height in "再生するには端末が小さすぎます (\(width)×\(height)以上が必要)" })
    public let waitsForRoom = Phrase(en: "the walkthrough waits until then; q stops", ja: "それまでウォークスルーは待機します。qで停止")

    // MARK: The step row

    /// An expectation that did not hold, or a step that could not be done: its line, then
    /// what was expected and what was seen (in the words of the walkthrough's report).
    public let failure = Phrase3<Int, String, String>(en: { line, expected, saw in "line \(line): expected \(expected), saw \(saw)" },
                                                      ja: { line, expected, saw in "\(line)行目: 期待 \(expected)、結果 \(saw)" })
    /// Keys with no name in a `key` step, as the band shows them pressed.
    public let click = Phrase2<Int, Int>(en: { x, y in "click \(x),\(y)" }, ja: { x, y in "クリック \(x),\(y)" })
    public let wheelUp = Phrase(en: "wheel up", ja: "ホイール上")
    public let wheelDown = Phrase(en: "wheel down", ja: "ホイール下")
}
