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

    // MARK: The page a recording is written as (record --html)

    public let pagePlay = Phrase(en: "Play", ja: "再生")
    public let pageBack = Phrase(en: "Previous step", ja: "前のステップ")
    public let pageForward = Phrase(en: "Next step", ja: "次のステップ")
    public let pageSlower = Phrase(en: "Slower", ja: "遅く")
    public let pageFaster = Phrase(en: "Faster", ja: "速く")
    public let pageSpeed = Phrase(en: "Speed", ja: "速度")
    public let pageStep = Phrase(en: "Step", ja: "ステップ")
    public let pageScreen = Phrase(en: "The storefront's screen", ja: "ストアフロントの画面")
    public let pageSteps = Phrase(en: "Steps", ja: "ステップ")
    public let pageKeys = Phrase(en: "Space play or pause · ← → step · + − speed",
                                 ja: "Spaceで再生/一時停止 · ← →でステップ移動 · + −で速度")
    /// How the run went, above the steps.
    public let pagePassed = Phrase1<Int>(en: { "\($0) steps · every expectation held" }, ja: { "\($0)ステップ · すべての確認に成功" })
    /// A failed run: every step, how many failed, and how many never ran after the failure.
    public let pageFailedCount = Phrase3<Int, Int, Int>(
        en: { steps, failed, notRun in "\(steps) steps · \(steps - notRun) ran · \(failed) failed" + (notRun > 0 ? " · \(notRun) not run" : "") },
        ja: { steps, failed, notRun in "\(steps)ステップ · \(steps - notRun)件実行 · \(failed)件失敗" + (notRun > 0 ? " · \(notRun)件未実行" : "") })
    /// Which step: the number its address (`#step-N`) uses, and its line in the file.
    public let pageStepLine = Phrase2<Int, Int>(en: { step, line in "step \(step) · line \(line)" },
                                                ja: { step, line in "ステップ\(step) · \(line)行目" })
    /// The step slider's value as a screen reader says it; the page's script fills in the
    /// step's number and text (`{n}`, `{step}`).
    public let pageStepOf = Phrase3<String, Int, String>(en: { step, total, text in "Step \(step) of \(total): \(text)" },
                                                         ja: { step, total, text in "ステップ\(step)/\(total): \(text)" })
    public let pageOpeningScreen = Phrase(en: "The opening screen, before step 1", ja: "最初の画面（ステップ1の前）")
    /// The matrix panel's way back to the row it shows, which may be far above it.
    public let matrixBackToRow = Phrase(en: "Back to its row", ja: "表の行に戻る")
    /// What an expectation checked: the step's words after `expect`.
    public let pageHeld = Phrase1<String>(en: { "✓ held: \($0)" }, ja: { "✓ 確認済み: \($0)" })
    public let pageSaw = Phrase2<String, String>(en: { expected, saw in "✗ expected \(expected), saw \(saw)" },
                                                 ja: { expected, saw in "✗ 期待 \(expected)、結果 \(saw)" })
    public let pageNotRun = Phrase(en: "not run", ja: "未実行")

    // MARK: The pages `test --html` writes: the matrix's outcomes, and a report of many walkthroughs

    public let matrixTitle = Phrase(en: "Outcome matrix", ja: "結果マトリクス")
    public let matrixSummary = Phrase3<Int, Int, Int>(en: { all, passed, failed in "\(all) combinations · \(passed) passed · \(failed) failed" },
                                                      ja: { all, passed, failed in "\(all)通りの組み合わせ · 成功 \(passed) · 失敗 \(failed)" })
    /// The outcome's columns, after the conditions'.
    public let matrixState = Phrase(en: "State", ja: "状態")
    public let matrixError = Phrase(en: "Error", ja: "エラー")
    public let matrixDelivered = Phrase(en: "Delivered", ja: "アプリに付与")
    public let matrixResult = Phrase(en: "Result", ja: "結果")
    public let matrixPass = Phrase(en: "pass", ja: "成功")
    public let matrixFailLines = Phrase1<String>(en: { "FAIL: line \($0)" }, ja: { "失敗: \($0)行目" })
    public let matrixCouldNotStart = Phrase(en: "FAIL: could not start", ja: "失敗: 開始できませんでした")
    public let matrixAll = Phrase(en: "All", ja: "すべて")
    public let matrixFilter = Phrase(en: "Filter", ja: "絞り込み")
    /// The numbers as text: the page writes them in, its script after each filter.
    public let matrixShown = Phrase2<String, String>(en: { shown, all in "\(shown) of \(all) shown" }, ja: { shown, all in "\(all)件中\(shown)件を表示" })
    public let matrixOpen = Phrase(en: "Show this combination", ja: "この組み合わせを表示")
    public let matrixPick = Phrase(en: "Choose a row to see where it ended.", ja: "行を選ぶと、その組み合わせの最終画面が表示されます。")
    public let matrixFinalScreen = Phrase(en: "Final screen", ja: "最終画面")
    /// The steps a combination ran that not every combination ran (its `when` steps).
    public let matrixOwnSteps = Phrase(en: "Steps only some combinations run", ja: "一部の組み合わせだけで実行されたステップ")
    public let matrixNoOwnSteps = Phrase(en: "It ran the steps every combination runs.", ja: "すべての組み合わせと同じステップを実行しました。")
    public let matrixFailures = Phrase(en: "Failures", ja: "失敗")

    public let reportTitle = Phrase(en: "Walkthrough results", ja: "ウォークスルーの結果")
    public let reportSummary = Phrase2<Int, Int>(en: { passed, failed in "\(passed) passed · \(failed) failed" },
                                                 ja: { passed, failed in "成功 \(passed) · 失敗 \(failed)" })
    public let reportPassed = Phrase(en: "passed", ja: "成功")
    public let reportFailed = Phrase(en: "failed", ja: "失敗")
    public let reportFailureScreen = Phrase(en: "The screen when it failed", ja: "失敗したときの画面")
    public let reportCouldNotStart = Phrase1<String>(en: { "could not start: \($0)" }, ja: { "開始できませんでした: \($0)" })
    /// The table of walkthroughs above them: each one's result and the store time it covered
    /// (by the store's clock, the same on every run), and all of them together.
    public let reportWalkthrough = Phrase(en: "Walkthrough", ja: "ウォークスルー")
    public let reportStoreTime = Phrase(en: "Store time covered", ja: "経過したストア時間")
    public let reportAll = Phrase(en: "All", ja: "合計")
    /// A stretch of store time in seconds, to its two largest units: "32 days 4 h", "5 min 30 s".
    public let storeTime = Phrase1<Int>(
        en: { seconds in
            let (days, hours, minutes, rest) = Self.parts(seconds)
            if days > 0 { return "\(days) day\(days == 1 ? "" : "s")" + (hours > 0 ? " \(hours) h" : "") }
            if hours > 0 { return "\(hours) h" + (minutes > 0 ? " \(minutes) min" : "") }
            if minutes > 0 { return "\(minutes) min" + (rest > 0 ? " \(rest) s" : "") }
            return "\(rest) s"
        },
        ja: { seconds in
            let (days, hours, minutes, rest) = Self.parts(seconds)
            if days > 0 { return "\(days)日" + (hours > 0 ? "\(hours)時間" : "") }
            if hours > 0 { return "\(hours)時間" + (minutes > 0 ? "\(minutes)分" : "") }
            if minutes > 0 { return "\(minutes)分" + (rest > 0 ? "\(rest)秒" : "") }
            return "\(rest)秒"
        })

    private static func parts(_ seconds: Int) -> (days: Int, hours: Int, minutes: Int, seconds: Int) {
        let seconds = max(0, seconds)
        return (seconds / 86_400, seconds % 86_400 / 3_600, seconds % 3_600 / 60, seconds % 60)
    }

    // MARK: A matrix's outcome cells: what the app holds at the end

    public let outcomeCredits = Phrase1<Int>(en: { "+\($0) credits" }, ja: { "+\($0)クレジット" })
    public let outcomeUnlocked = Phrase1<String>(en: { "\($0) unlocked" }, ja: { "\($0)を解放済み" })
    public let outcomeActive = Phrase1<String>(en: { "\($0) active" }, ja: { "\($0)が有効" })
}
