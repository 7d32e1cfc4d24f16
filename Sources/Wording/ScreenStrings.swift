/// What the screen says of itself: the header's badges beyond the store's conditions, and
/// the message of a terminal too small to draw in.
public struct ScreenStrings: PhraseTable {
    public static let shared = ScreenStrings()

    // MARK: The header

    /// Badges that did not fit, counted.
    public let moreBadges = Phrase1<Int>(en: { count in "+\(count) more" }, ja: { count in "他\(count)件" })
    /// The store's clock, whenever it is not real time.
    public let storeTime = Phrase1<String>(en: { time in "STORE TIME \(time)" }, ja: { time in "ストア時刻 \(time)" })
    /// A store that was behind catching up: its renewals so far, the day it has reached and
    /// the day it catches up to.
    public let catchingUp = Phrase3<String, String, String>(
        en: { renewals, reached, target in "CATCHING UP \(renewals) renewals · \(reached) of \(target)" },
        ja: { renewals, reached, target in "追いつき中 \(renewals)件の更新 · \(target)まで\(reached)" })
    public let catchingUpShort = Phrase1<String>(en: { reached in "CATCHING UP \(reached)" }, ja: { reached in "追いつき中 \(reached)" })
    public let asciiRequested = Phrase(en: "ASCII (STOREFRONT_ASCII)", ja: "ASCII表示 (STOREFRONT_ASCII)")
    public let noUTF8Locale = Phrase(en: "NO UTF-8 LOCALE: ASCII", ja: "UTF-8ロケールなし: ASCII")
    public let ascii = Phrase(both: "ASCII")

    // MARK: Too small

    public let tooSmall = Phrase2<Int, Int>(en: { width, height in "terminal too small (needs \(width)×\(height))" },
                                            ja: { width, height in "端末が小さすぎます (\(width)×\(height)以上が必要)" })
    public let enlarge = Phrase2<Int, Int>(en: { width, height in "now \(width)×\(height) — enlarge the window to continue" },
                                           ja: { width, height in "現在 \(width)×\(height) — 続けるにはウインドウを広げてください" })
    public let keysWorkAgain = Phrase1<String>(en: { what in "\(what); keys work again then" },
                                               ja: { what in "\(what)。広げるとキー操作が戻ります" })
    public let qQuits = Phrase(en: "q quits", ja: "qで終了")
    public let purchaseGoesOn = Phrase(en: "the purchase goes on", ja: "購入は続いています")
    public let sheetWaits = Phrase(en: "the purchase sheet waits", ja: "購入シートは待機中です")
    public let dialogWaits = Phrase(en: "the dialog waits", ja: "ダイアログは待機中です")
    public let manageWaits = Phrase(en: "Manage Subscriptions waits", ja: "サブスクリプションの管理は待機中です")
    public let settingsWait = Phrase(en: "the settings panel waits", ja: "設定パネルは待機中です")
    public let approvalsWait = Phrase(en: "the approvals panel waits", ja: "承認パネルは待機中です")
    public let logWaits = Phrase(en: "the log waits", ja: "ログは待機中です")
    public let managerWaits = Phrase(en: "the Transaction Manager waits", ja: "トランザクションマネージャは待機中です")
    public let helpWaits = Phrase(en: "the help waits", ja: "ヘルプは待機中です")
    public let restoreGoesOn = Phrase(en: "the restore goes on", ja: "復元は続いています")
}
