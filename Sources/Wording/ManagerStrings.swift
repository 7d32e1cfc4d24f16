import AppStoreCore

/// The Transaction Manager: every transaction of every account, as the App Store keeps them,
/// and what the store can do to each (Xcode's StoreKit Transaction Manager).
public struct ManagerStrings: PhraseTable {
    public static let shared = ManagerStrings()

    public let title = Phrase(en: "Transaction Manager", ja: "トランザクションマネージャ")
    public let count = Phrase2<Int, Bool>(
        en: { count, more in more ? "\(count)+ transactions" : count == 1 ? "1 transaction" : "\(count) transactions" },
        ja: { count, more in more ? "\(count)件以上" : "\(count)件" })
    public let loading = Phrase(en: "Loading…", ja: "読み込み中…")
    public let none = Phrase(en: "No transactions.", ja: "トランザクションはありません。")
    public let noneMatching = Phrase(en: "No transactions match the filter.", ja: "条件に合うトランザクションはありません。")
    /// The filters: "Account: all" / "Product: Pro Monthly".
    public let accountFilter = Phrase1<String?>(en: { account in "Account: \(account ?? "all")" },
                                                ja: { account in "アカウント: \(account ?? "すべて")" })
    public let productFilter = Phrase1<String?>(en: { product in "Product: \(product ?? "all")" },
                                                ja: { product in "プロダクト: \(product ?? "すべて")" })

    // MARK: Columns

    public let dateColumn = Phrase(en: "DATE", ja: "日時")
    public let accountColumn = Phrase(en: "ACCOUNT", ja: "アカウント")
    public let productColumn = Phrase(en: "PRODUCT", ja: "プロダクト")
    public let statusColumn = Phrase(en: "STATUS", ja: "状態")
    public let priceColumn = Phrase(en: "PRICE", ja: "価格")

    // MARK: A transaction's status, beyond its state

    public let upgraded = Phrase(en: "upgraded", ja: "アップグレード済み")
    public let waitingApproval = Phrase(en: "waiting for approval", ja: "承認待ち")
    public let lapsed = Phrase(en: "request lapsed", ja: "リクエスト失効")
    public let interrupted = Phrase(en: "interrupted", ja: "中断")
    public let unfinished = Phrase(en: "unfinished", ja: "未完了")
    public let inFlight = Phrase(en: "waiting for the store", ja: "ストアの応答待ち")
    public let sheetOpen = Phrase(en: "sheet open", ja: "シート表示中")
    /// A subscription period's state where it is not plainly paid for (`RenewalState`).
    public let billingRetry = Phrase(en: "billing retry", ja: "請求を再試行中")
    public let gracePeriod = Phrase(en: "grace period", ja: "猶予期間")
    public let expired = Phrase(en: "expired", ja: "期限切れ")
    public let revoked = Phrase(en: "revoked", ja: "取り消し済み")
    /// A family member's copy of a purchase, in the list's casing (once its purchaser stops
    /// sharing it, `revoked`).
    public let familyShared = Phrase(en: "family shared", ja: "ファミリー共有")
    public let held = Phrase(en: "held (side button)", ja: "サイドボタン待ち")
    /// How many renewals an original purchase holds, after its product in the list.
    public let renewalCount = Phrase1<Int>(en: { count in "+\(count)" }, ja: { count in "+\(count)件" })

    // MARK: The selected transaction's facts

    public let purchased = Phrase1<String>(en: { date in "Purchased \(date)" }, ja: { date in "購入 \(date)" })
    public let originally = Phrase2<String, String>(en: { id, date in "original \(id), \(date)" },
                                                    ja: { id, date in "オリジナル \(id)、\(date)" })
    /// The price as the storefront formats it in the device's locale, which names its
    /// currency ("¥480", "CA$4.99"): the currency is written once.
    public let paid = Phrase2<String, String>(en: { price, storefront in "\(price) in \(storefront)" },
                                              ja: { price, storefront in "\(storefront)で\(price)" })
    /// An original purchase's renewals: how many, and the day of the newest.
    public let renewals = Phrase2<Int, String>(
        en: { count, day in count == 1 ? "1 renewal, \(day)" : "\(count) renewals, the last \(day)" },
        ja: { count, day in count == 1 ? "更新1件(\(day))" : "更新\(count)件(最新 \(day))" })
    public let expires = Phrase1<String>(en: { date in "expires \(date)" }, ja: { date in "有効期限 \(date)" })
    /// The offer a purchase used: its type and how it was paid.
    public let offer = Phrase2<TransactionOffer.OfferType, SubscriptionOffer.PaymentMode>(
        en: { type, mode in
            let kind = switch type {
            case .introductory: "introductory offer"
            case .promotional: "promotional offer"
            case .code: "offer code"
            case .winBack: "win-back offer"
            }
            let paid = switch mode {
            case .freeTrial: "free trial"
            case .payAsYouGo: "pay as you go"
            case .payUpFront: "pay up front"
            }
            return "\(kind), \(paid)"
        },
        ja: { type, mode in
            let kind = switch type {
            case .introductory: "導入オファー"
            case .promotional: "プロモーションオファー"
            case .code: "オファーコード"
            case .winBack: "ウィンバックオファー"
            }
            let paid = switch mode {
            case .freeTrial: "無料トライアル"
            case .payAsYouGo: "都度払い"
            case .payUpFront: "前払い"
            }
            return "\(kind)、\(paid)"
        })
    /// Why the store made it (`Transaction.reason`).
    public let reason = Phrase1<TransactionReason>(
        en: { reason in
            switch reason {
            case .purchase: "bought"
            case .renewal: "renewal"
            case .redownload: "downloaded again"
            case .resolution: "resolved interruption"
            case .outsideApp: "bought outside the app"
            }
        },
        ja: { reason in
            switch reason {
            case .purchase: "購入"
            case .renewal: "更新"
            case .redownload: "再ダウンロード"
            case .resolution: "中断の解決"
            case .outsideApp: "App外で購入"
            }
        })

    // MARK: Actions

    public let actionsTitle = Phrase1<String>(en: { id in "Transaction \(id)" }, ja: { id in "トランザクション \(id)" })
    public let noActions = Phrase(en: "Nothing applies to this transaction now.", ja: "このトランザクションに今できる操作はありません。")
    public let otherAccount = Phrase1<String>(
        en: { account in "Its subscription is \(account)'s: sign in as that account (s) to change it." },
        ja: { account in "このサブスクリプションは\(account)のものです。変更するにはそのアカウントでサインインしてください (s)。" })
    public let approve = Phrase(en: "Approve", ja: "承認")
    public let decline = Phrase(en: "Decline", ja: "拒否")
    public let resolve = Phrase(en: "Resolve", ja: "解決")
    public let fixBilling = Phrase(en: "Resolve billing issue", ja: "請求の問題を解決")
    public let buyOutside = Phrase(en: "Buy outside the app…", ja: "App外で購入…")
    public let redeemCode = Phrase(en: "Redeem an offer code", ja: "オファーコードを利用")
    public let promote = Phrase(en: "Buy on the App Store product page", ja: "App Storeのプロダクトページで購入")
    public let expire = Phrase(en: "Expire subscription", ja: "サブスクリプションを期限切れにする")
    public let renew = Phrase(en: "Renew now", ja: "今すぐ更新")
    public let autoRenewOff = Phrase(en: "Turn auto-renew off", ja: "自動更新をオフにする")
    public let autoRenewOn = Phrase(en: "Turn auto-renew on", ja: "自動更新をオンにする")
    public let priceIncrease = Phrase(en: "Request price increase consent…", ja: "値上げへの同意をリクエスト…")
    public let agreePrice = Phrase(en: "Agree to price increase", ja: "値上げに同意")
    public let declinePrice = Phrase(en: "Decline price increase", ja: "値上げを拒否")
    public let refund = Phrase(en: "Refund", ja: "返金")
    public let refundProrated = Phrase1<String>(en: { percent in "Refund prorated \(percent)" }, ja: { percent in "\(percent)を一部返金" })
    /// A subscription's period refunded in part: by the time left in it, whatever was asked.
    public let refundProratedTimeLeft = Phrase1<String>(en: { percent in "Refund prorated \(percent) (time left)" },
                                                        ja: { percent in "残り期間分の\(percent)を一部返金" })
    public let deleteTransaction = Phrase(en: "Delete transaction", ja: "トランザクションを削除")
    public let clearHistory = Phrase(en: "Clear purchase history", ja: "購入履歴を消去")
    public let clearHistoryQuestion = Phrase1<String>(
        en: { account in "Clear every finished transaction of \(account)? The store's settings are kept, and so is what waits in the queue." },
        ja: { account in "\(account)の完了したトランザクションをすべて消去しますか?ストアの設定とキューで待っているものはそのままです。" })
    public let clearHistoryHint = Phrase(en: "Enter clears; Esc keeps it.", ja: "Enterで消去、Escでそのまま。")
    public let confirmKeys = Phrase(en: "⏎ clear  Esc back", ja: "⏎ 消去  Esc 戻る")
    public let refundedOn = Phrase1<String>(en: { day in "refunded \(day)" }, ja: { day in "\(day)に返金" })
    /// A refund in the facts: its day, how much ("in full") and why ("developer issue").
    public let refundedBecause = Phrase3<String, String, String>(en: { day, kind, reason in "refunded \(day) (\(kind), \(reason))" },
                                                                 ja: { day, kind, reason in "\(day)に返金(\(kind)、\(reason))" })
    /// A family member's copy taken back in the facts: its day and why.
    public let revokedBySharing = Phrase1<String>(en: { day in "revoked \(day) (Family Sharing ended)" },
                                                  ja: { day in "\(day)に取り消し(ファミリー共有の終了)" })
    public let refundRequested = Phrase(en: "refund requested", ja: "返金リクエスト中")
    public let refundDeclined = Phrase(en: "refund declined", ja: "返金は却下")
    public let requestRefund = Phrase(en: "Request refund", ja: "返金をリクエスト")
    public let approveRefundRequest = Phrase(en: "Approve refund request", ja: "返金リクエストを承認")
    public let declineRefundRequest = Phrase(en: "Decline refund request", ja: "返金リクエストを却下")
    /// The new price, typed.
    public let newPrice = Phrase2<String, String>(en: { product, currency in "New price of \(product) (\(currency)):" },
                                                  ja: { product, currency in "\(product)の新しい価格 (\(currency)):" })
    public let priceHint = Phrase(en: "Enter asks subscribers to agree; Esc cancels.", ja: "Enterで購読者に同意を求めます。Escで取り消し。")
    public let actionKeys = Phrase(en: "⏎ do it  ↑↓ choose  Esc back", ja: "⏎ 実行  ↑↓ 選ぶ  Esc 戻る")
    /// On a refund by a part chosen: the part is changed there, as `--prorated N` chooses it.
    public let refundPartKeys = Phrase(en: "⏎ do it  ↑↓ choose  ←→ 0-9 part refunded  Esc back",
                                       ja: "⏎ 実行  ↑↓ 選ぶ  ←→ 0-9 返金する割合  Esc 戻る")
    public let priceKeys = Phrase(en: "0-9 . type  ⌫ erase  ⏎ ask  Esc cancel", ja: "0-9 . 入力  ⌫ 削除  ⏎ 同意を求める  Esc 取り消し")
    public let keys = Phrase(en: "⏎ actions  ←→ fold  a account  p product  b buy outside  s JWS  Esc back",
                             ja: "⏎ 操作  ←→ 開閉  a アカウント  p プロダクト  b 外部購入  s JWS  Esc 戻る")
    // The selected transaction's signed form (s): StoreKit's `jwsRepresentation`.
    public let signedFormTitle = Phrase1<String>(en: { id in "Signed Transaction \(id)" }, ja: { id in "署名済みトランザクション \(id)" })
    public let signedFormFacts = Phrase3<String, String, String>(
        en: { alg, date, size in "\(alg) · signed \(date) · \(size) bytes" },
        ja: { alg, date, size in "\(alg) · 署名日時 \(date) · \(size)バイト" })
    public let signedFormChain = Phrase1<String>(en: { chain in "Chain: \(chain)" }, ja: { chain in "証明書チェーン: \(chain)" })
    public let signedFormWritten = Phrase1<String>(en: { path in "Saved to \(path)" }, ja: { path in "保存先: \(path)" })
    public let signedFormCheck = Phrase1<String>(en: { command in "Check it: \(command)" }, ja: { command in "検証: \(command)" })
    public let readingSignedForm = Phrase(en: "Reading the signed form…", ja: "署名済みデータを読み込み中…")
    public let noSignedForm = Phrase(en: "No signed form: the App Store signs a transaction once it completes it.",
                                     ja: "署名済みデータはありません。App Storeはトランザクションの完了時に署名します。")
    public let signedFormKeys = Phrase(en: "⏎ Esc close", ja: "⏎ Esc 閉じる")
    public let buyOutsideTitle = Phrase(en: "Buy Outside the App", ja: "App外で購入")
    public let buyOutsideNote = Phrase1<String>(
        en: { account in "\(account) buys on another device: the app hears of it as an update it did not start." },
        ja: { account in "\(account)が別のデバイスで購入します。Appは自分で始めていないアップデートとして受け取ります。" })
    public let signedOut = Phrase(en: "Nobody (signed out)", ja: "誰も(サインアウト中)")
    /// The signed-in account's plan, marked in the list of products to buy outside the app.
    public let currentPlan = Phrase(en: "current", ja: "現在のプラン")
    /// The store refused a purchase outside the app, and why: "Pro Monthly not bought: …".
    public let notBoughtOutside = Phrase2<String, String>(en: { product, reason in "\(product) not bought: \(reason)" },
                                                          ja: { product, reason in "\(product)は購入されませんでした: \(reason)" })
}
