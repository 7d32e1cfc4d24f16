/// The store conditions panel: each condition's row and value, its badge in the header, and
/// the list of errors to fail purchases with.
public struct ConditionStrings: PhraseTable {
    public static let shared = ConditionStrings()

    public let panelTitle = Phrase(en: "Store Conditions", ja: "ストア条件")
    public let panelHint = Phrase(en: "⏎ change  ←→ step  · saved in store.sqlite at once",
                                  ja: "⏎ 変更  ←→ 切り替え  · store.sqliteにすぐ保存")

    // MARK: Rows

    public let canMakePayments = Phrase(en: "In-App Purchases allowed", ja: "App内課金を許可")
    public let askToBuy = Phrase(en: "Ask to Buy", ja: "承認と購入のリクエスト")
    public let network = Phrase(en: "Network", ja: "ネットワーク")
    /// The row that opens the list of StoreKit APIs, each failing with an error of its own.
    public let apiErrors = Phrase(en: "StoreKit errors per API", ja: "APIごとのStoreKitエラー")
    public let interrupted = Phrase(en: "Interrupted purchases", ja: "購入の中断")
    public let finishTransactions = Phrase(en: "Finish transactions", ja: "トランザクションを完了")
    public let account = Phrase(both: "Apple Account")
    public let storefront = Phrase(en: "Storefront", ja: "ストアフロント")
    public let locale = Phrase(en: "Device locale", ja: "端末の言語と地域")
    public let latency = Phrase(en: "Store latency", ja: "ストアの遅延")
    public let hold = Phrase(en: "Wait for side button", ja: "サイドボタンを待つ")
    public let dialogs = Phrase(en: "App Store dialogs", ja: "App Storeのダイアログ")
    public let timeRate = Phrase(en: "Store time rate", ja: "ストア時間の速さ")
    public let billingRetry = Phrase(en: "Billing retry on renewal", ja: "更新時の請求の再試行")
    public let gracePeriod = Phrase(en: "Billing grace period", ja: "請求の猶予期間")
    /// Billing grace period eligibility: which failed renewals get it.
    public let graceRenewals = Phrase(en: "Grace period eligibility", ja: "猶予期間の対象")
    public let refundRequests = Phrase(en: "Refund requests", ja: "返金リクエスト")
    /// The environment the App Store's signed data names.
    public let signingEnvironment = Phrase(en: "Signing environment", ja: "署名の環境")

    // MARK: Values

    public let on = Phrase(en: "on", ja: "オン")
    public let off = Phrase(en: "off", ja: "オフ")
    public let signedOut = Phrase(en: "signed out", ja: "サインアウト中")
    public let realTime = Phrase(en: "real time", ja: "リアルタイム")
    public let milliseconds = Phrase1<Int>(en: { ms in "\(ms) ms" }, ja: { ms in "\(ms)ミリ秒" })
    /// Seconds as written ("1.5"), with their unit.
    public let seconds = Phrase1<String>(en: { seconds in "\(seconds) s" }, ja: { seconds in "\(seconds)秒" })
    /// A grace period App Store Connect offers.
    public let graceDays = Phrase1<Int>(en: { days in "\(days) days" }, ja: { days in "\(days)日間" })
    /// Xcode's grace period: 6 days for a weekly plan, 16 for the others.
    public let graceXcode = Phrase(en: "Xcode's (6 or 16 days)", ja: "Xcode (6日間または16日間)")
    public let graceAllRenewals = Phrase(en: "All renewals", ja: "すべての更新")
    public let gracePaidToPaid = Phrase(en: "Only paid to paid renewals", ja: "有料から有料への更新のみ")
    /// The signing environments: StoreKit Testing in Xcode's, and the sandbox's.
    public let xcodeEnvironment = Phrase(both: "Xcode")
    public let sandboxEnvironment = Phrase(en: "Sandbox", ja: "サンドボックス")
    /// The StoreKit errors row's value when more than one API fails (one is named with its error).
    public let apisFailing = Phrase1<Int>(en: { count in "\(count) APIs failing" }, ja: { count in "\(count)個のAPIが失敗" })

    // MARK: Badges, while a condition is not as the store normally is

    public let restrictedBadge = Phrase(en: "IAP RESTRICTED", ja: "App内課金制限")
    public let askToBuyBadge = Phrase(en: "ASK TO BUY", ja: "承認と購入")
    public let offlineBadge = Phrase(en: "OFFLINE", ja: "オフライン")
    /// The error by name, or by code where space is short.
    public let failingBadge = Phrase1<String>(en: { error in "FAILING: \(error)" }, ja: { error in "失敗: \(error)" })
    /// Another API than purchases failing: "LOAD PRODUCTS FAILING: networkError"; where space is short, without the error.
    public let apiFailingBadge = Phrase2<String, String>(en: { api, error in "\(api.uppercased()) FAILING: \(error)" },
                                                         ja: { api, error in "\(api)失敗: \(error)" })
    public let apiFailingShortBadge = Phrase1<String>(en: { api in "\(api.uppercased()) FAILING" }, ja: { api in "\(api)失敗" })
    public let interruptingBadge = Phrase(en: "INTERRUPTING", ja: "中断あり")
    public let notFinishingBadge = Phrase(en: "NOT FINISHING", ja: "未完了")
    public let signedOutBadge = Phrase(en: "SIGNED OUT", ja: "サインアウト")
    public let holdBadge = Phrase(en: "HOLD", ja: "サイドボタン待ち")
    public let noDialogsBadge = Phrase(en: "NO DIALOGS", ja: "ダイアログなし")
    public let billingRetryBadge = Phrase(en: "BILLING RETRY", ja: "請求の再試行")
    /// The grace period's length in days: "16", or "6/16" for Xcode's.
    public let graceBadge = Phrase1<String>(en: { days in "GRACE: \(days) DAYS" }, ja: { days in "猶予: \(days)日" })

    // MARK: The StoreKit APIs, each failing with its own error (Xcode's StoreKit errors per API)

    public let apiListTitle = Phrase(en: "StoreKit Errors per API", ja: "APIごとのStoreKitエラー")
    public let loadProductsAPI = Phrase(en: "Load Products", ja: "商品の読み込み")
    public let purchaseAPI = Phrase(en: "Purchase", ja: "購入")
    public let verificationAPI = Phrase(en: "Verification", ja: "署名の検証")
    public let appStoreSyncAPI = Phrase(en: "App Store Sync (restore)", ja: "App Storeと同期 (復元)")
    public let subscriptionStatusAPI = Phrase(en: "Subscription Status", ja: "サブスクリプションの状態")
    public let appTransactionAPI = Phrase(en: "App Transaction", ja: "Appトランザクション")
    public let manageSubscriptionsAPI = Phrase(en: "Manage Subscriptions", ja: "サブスクリプションの管理")
    public let refundRequestAPI = Phrase(en: "Refund Request", ja: "返金リクエスト")
    public let offerCodeRedemptionAPI = Phrase(en: "Offer Code Redemption", ja: "オファーコードの利用")
    /// Beside an API storefront does not have yet.
    public let notYetMark = Phrase(both: "*")
    public let notYetNote = Phrase(en: "* not in storefront yet: kept; takes effect once it is",
                                   ja: "* まだ対応していないAPI: 設定は保存され、対応後に有効")
    public let apiListHint = Phrase(en: "⏎ choose  ←→ step  Esc/q back", ja: "⏎ 選ぶ  ←→ 切り替え  Esc/q 戻る")

    // MARK: Choosing the error

    public let chooserTitle = Phrase(en: "Fail Purchases With", ja: "購入を失敗させるエラー")
    public let chooserOff = Phrase(en: "off: purchases go through", ja: "オフ: 購入は成功します")
    /// Another API than purchases: "Fail Load Products With".
    public let apiChooserTitle = Phrase1<String>(en: { api in "Fail \(api) With" }, ja: { api in "\(api)を失敗させるエラー" })
    public let apiChooserOff = Phrase(en: "off: no error", ja: "オフ: エラーなし")
    public let chooserHint = Phrase(en: "⏎ choose  Esc/q back", ja: "⏎ 選ぶ  Esc/q 戻る")
}
