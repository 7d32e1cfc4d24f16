/// What the keys do: the footer's hints and the help overlay. The keys themselves (Esc, Tab,
/// ↑↓) are not words and stay as they are.
public struct KeyStrings: PhraseTable {
    public static let shared = KeyStrings()

    // MARK: The footer

    public let openOrBuy = Phrase(en: "open/buy", ja: "開く/購入")
    /// Short labels, for a narrow footer.
    public let open = Phrase(en: "open", ja: "開く")
    public let approve = Phrase(en: "approve", ja: "承認")
    public let approveWaiting = Phrase1<Int>(en: { count in "approve (\(count))" }, ja: { count in "承認 (\(count))" })
    public let delete = Phrase(en: "delete", ja: "削除")
    /// `?` when the footer had no room for every key: the help lists them all.
    public let more = Phrase(en: "more", ja: "その他")
    public let restore = Phrase(en: "restore", ja: "復元")
    public let settings = Phrase(en: "settings", ja: "設定")
    public let approvals = Phrase(en: "approvals", ja: "承認")
    public let approvalsWaiting = Phrase1<Int>(en: { count in "approvals (\(count))" }, ja: { count in "承認 (\(count))" })
    public let log = Phrase(en: "log", ja: "ログ")
    public let transactions = Phrase(en: "transactions", ja: "トランザクション")
    public let txns = Phrase(en: "txns", ja: "取引")
    public let subscriptions = Phrase(en: "subscriptions", ja: "サブスクリプション")
    public let subs = Phrase(en: "subs", ja: "サブスク")
    public let deleteApp = Phrase(en: "delete app", ja: "App削除")
    public let move = Phrase(en: "move", ja: "移動")
    public let retry = Phrase(en: "retry", ja: "再試行")
    public let help = Phrase(en: "help", ja: "ヘルプ")
    public let quit = Phrase(en: "quit", ja: "終了")
    public let sideButton = Phrase(en: "side button", ja: "サイドボタン")
    public let cancel = Phrase(en: "cancel", ja: "キャンセル")
    public let waitingForAppStore = Phrase(en: "waiting for the App Store", ja: "App Storeを待っています")
    public let press = Phrase(en: "press", ja: "押す")
    public let choose = Phrase(en: "choose", ja: "選ぶ")
    public let notNow = Phrase(en: "not now", ja: "今はしない")
    public let quantity = Phrase(en: "quantity", ja: "数量")
    public let close = Phrase(en: "close", ja: "閉じる")
    public let restoring = Phrase(en: "restoring purchases", ja: "購入を復元中")
    public let change = Phrase(en: "change", ja: "変更")
    public let step = Phrase(en: "step", ja: "切り替え")
    public let back = Phrase(en: "back", ja: "戻る")
    public let account = Phrase(en: "account", ja: "アカウント")

    // MARK: The help overlay

    public let helpTitle = Phrase(en: "Keys", ja: "キー操作")
    public let helpClose = Phrase(en: "Esc or ? to close", ja: "Escまたは?で閉じる")
    /// The closing line of a list too long for the terminal: how many keys are out of sight
    /// above and below where it is scrolled to.
    public let helpCloseOrScroll = Phrase2<Int, Int>(
        en: { above, below in
            switch (above, below) {
            case (0, _): "Esc or ? to close · ↑ ↓ \(below) more"
            case (_, 0): "Esc or ? to close · ↑ \(above) above"
            default: "Esc or ? to close · ↑ \(above) above · ↓ \(below) more"
            }
        },
        ja: { above, below in
            switch (above, below) {
            case (0, _): "Escまたは?で閉じる・↑ ↓で他に\(below)件"
            case (_, 0): "Escまたは?で閉じる・↑で上に\(above)件"
            default: "Escまたは?で閉じる・↑で上に\(above)件・↓で下に\(below)件"
            }
        })
    public let mouse = Phrase(en: "mouse", ja: "マウス")
    public let helpPage = Phrase(en: "page, top, bottom", ja: "ページ送り、先頭、末尾")
    public let helpOpen = Phrase(en: "read or buy; with hold on: the side button", ja: "読む・購入(サイドボタン待ち中は確定)")
    public let helpClosing = Phrase(en: "close, Cancel; q on the store screen: quit", ja: "閉じる・キャンセル(ストア画面のqは終了)")
    public let helpButtons = Phrase(en: "move between buttons; step a store condition", ja: "ボタン間の移動、ストア条件の切り替え")
    public let helpQuantity = Phrase(en: "quantity in the purchase sheet", ja: "購入シートの数量")
    public let helpConditions = Phrase(en: "store conditions (restrictions)", ja: "ストア条件(制限)")
    public let helpApprovals = Phrase(en: "Ask to Buy and interrupted purchases", ja: "承認と購入のリクエスト・中断された購入")
    public let helpManage = Phrase(en: "Manage Subscriptions", ja: "サブスクリプションの管理")
    public let helpLog = Phrase(en: "full log", ja: "ログ全体")
    public let helpManager = Phrase(en: "Transaction Manager", ja: "トランザクションマネージャ")
    public let helpBuyOutside = Phrase(en: "Transaction Manager: buy outside the app", ja: "トランザクションマネージャ: App外で購入")
    /// The keys of the terms sheet a subscription bought outside the app opens.
    public let helpBuyOutsideTerms = Phrase(en: "buying outside: offer, auto-renew on or off", ja: "App外で購入: オファー、自動更新のオン/オフ")
    public let helpRefund = Phrase(en: "request a refund", ja: "返金を要求")
    public let helpRestore = Phrase(en: "restore purchases", ja: "購入を復元")
    public let helpRetryProducts = Phrase(en: "retry loading products", ja: "プロダクトを再読み込み")
    public let helpRedeemCode = Phrase(en: "redeem an offer code (the App Store's sheet)", ja: "オファーコードを使う(App Storeのシート)")
    public let helpDelete = Phrase(en: "delete app data (simulated reinstall)", ja: "Appのデータを削除(再インストールを再現)")
    public let helpMouse = Phrase(en: "click selects, again opens; wheel scrolls", ja: "クリックで選択・開く、ホイールでスクロール")
}
