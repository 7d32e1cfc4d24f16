import AppStoreCore

/// The app's transaction log: its lines (the live pane, `storefront` commands' output in
/// English), the full log screen, and the banners for news from outside.
public struct LogStrings: PhraseTable {
    public static let shared = LogStrings()

    // MARK: Lines

    /// A transaction's state, as StoreKit names it in English.
    public let state = Phrase1<TransactionState>(
        en: { state in state.rawValue },
        ja: { state in
            switch state {
            case .purchasing: "購入処理中"
            case .purchased: "購入済み"
            case .failed: "失敗"
            case .deferred: "保留中"
            case .restored: "復元済み"
            }
        })
    public let delivered = Phrase2<String, String>(en: { id, delivery in "\(id) delivered  \(delivery)" },
                                                   ja: { id, delivery in "\(id) 配信  \(delivery)" })
    public let finished = Phrase1<String>(en: { id in "\(id) finished" }, ja: { id in "\(id) 完了" })
    public let alreadyDelivered = Phrase1<String>(
        en: { id in "\(id) already delivered before the app stopped: not delivered again" },
        ja: { id in "\(id) Appの停止前に配信済み: 再配信しません" })
    public let revokedBeforeDelivery = Phrase1<String>(
        en: { id in "\(id) revoked before the app got it: finished, nothing delivered" },
        ja: { id in "\(id) Appが受け取る前に取り消し済み: 何も配信せず完了します" })
    public let notDelivered = Phrase2<String, String>(
        en: { id, error in "\(id) not delivered, left unfinished in the queue: \(error)" },
        ja: { id, error in "\(id) 配信できず、未完了のままキューに残します: \(error)" })
    public let restoreFinished = Phrase(en: "restore finished", ja: "復元完了")
    public let restoreFailed = Phrase1<String>(en: { error in "restore failed  \(error)" }, ja: { error in "復元失敗  \(error)" })
    /// Asking the store for the subscriptions' statuses failed: the app keeps what it knew.
    public let subscriptionStatusFailed = Phrase1<String>(en: { error in "subscription status failed  \(error)  (the app keeps what it knew)" },
                                                           ja: { error in "サブスクリプションの状態を取得できません  \(error)  (Appは前の状態のまま)" })
    /// UserDefaults.json claimed more than the signed transactions give: written back.
    public let corrected = Phrase3<String, String, String>(
        en: { key, claimed, signed in "UserDefaults.json claimed \(key) = \(claimed), the signed transactions say \(signed): corrected" },
        ja: { key, claimed, signed in "UserDefaults.jsonの\(key) = \(claimed)を、署名付きトランザクションのとおり\(signed)に修正しました" })
    public let correctedBanner = Phrase3<String, String, String>(
        en: { key, claimed, signed in "✗ UserDefaults.json corrected: \(key) \(claimed) → \(signed), as the signed transactions say" },
        ja: { key, claimed, signed in "✗ UserDefaults.jsonを修正しました: \(key) \(claimed) → \(signed)" })
    /// The signed transactions give nothing under the key: it is removed.
    public let noneSigned = Phrase(en: "none", ja: "なし")
    /// AppTransaction.shared could not be read at launch, or did not verify.
    public let appTransactionFailed = Phrase1<String>(en: { error in "app transaction failed  \(error)" },
                                                      ja: { error in "Appのトランザクションを取得できません  \(error)" })
    public let problem = Phrase1<String>(en: { error in "problem: \(error)" }, ja: { error in "問題: \(error)" })
    /// The store's side: an Ask to Buy request dropped, of which the app hears nothing.
    public let requestLapsed = Phrase2<String, String>(
        en: { id, item in "\(id) Ask to Buy request lapsed  \(item)  (24 hours unanswered: dropped by the store, no update to the app)" },
        ja: { id, item in "\(id) 購入のリクエストが失効  \(item)  (24時間応答なし: ストアが取り下げ、Appへの通知なし)" })

    // MARK: What was delivered

    public let unlockedItems = Phrase2<String, Int>(en: { id, count in "\(id) = true (\(count) premium items unlocked)" },
                                                    ja: { id, count in "\(id) = true (有料コンテンツ\(count)件を解放)" })
    public let refunded = Phrase2<String, String>(en: { id, takeBack in "\(id) refunded  \(takeBack)" },
                                                  ja: { id, takeBack in "\(id) 返金  \(takeBack)" })
    /// A transaction deleted from the purchase history (Xcode's Transaction Manager).
    public let deleted = Phrase2<String, String>(en: { id, takeBack in "\(id) deleted from the purchase history  \(takeBack)" },
                                                 ja: { id, takeBack in "\(id) 購入履歴から削除  \(takeBack)" })
    public let lockedItems = Phrase2<String, Int>(en: { id, count in "\(id) = false (\(count) premium items locked again)" },
                                                  ja: { id, count in "\(id) = false (有料コンテンツ\(count)件を再びロック)" })
    public let creditsTakenBack = Phrase2<Int, Int>(en: { taken, balance in "-\(taken) credits (balance \(balance))" },
                                                    ja: { taken, balance in "-\(taken)クレジット (残高 \(balance))" })
    public let unitsTakenBack = Phrase2<Int, Int>(en: { taken, balance in "-\(taken) (balance \(balance))" },
                                                  ja: { taken, balance in "-\(taken) (残高 \(balance))" })
    public let accessEnded = Phrase1<String>(en: { id in "\(id) access ended" }, ja: { id in "\(id) アクセス終了" })
    public let pastPeriod = Phrase1<String>(en: { id in "\(id) past period, access unchanged" },
                                            ja: { id in "\(id) 過去の期間、アクセスは変わりません" })
    public let refundedBanner = Phrase2<String, String>(en: { item, end in "✗ Refunded: \(item) — \(end)" },
                                                        ja: { item, end in "✗ 返金されました: \(item) — \(end)" })
    public let lockedAgain = Phrase(en: "locked again", ja: "再びロックされました")
    /// A purchase revoked before the app got it: the banner's end.
    public let nothingDeliveredShort = Phrase(en: "not delivered", ja: "配信されませんでした")
    public let creditsTakenBackShort = Phrase1<Int>(en: { taken in "\(taken) credits taken back" },
                                                    ja: { taken in "\(taken)クレジットを取り消しました" })
    public let unitsTakenBackShort = Phrase1<Int>(en: { taken in "\(taken) taken back" }, ja: { taken in "\(taken)個を取り消しました" })
    public let endedShort = Phrase(en: "ended", ja: "終了しました")
    public let pastPeriodShort = Phrase(en: "a past period, access unchanged", ja: "過去の期間、アクセスは変わりません")
    public let creditsDelivered = Phrase2<Int, Int>(en: { added, balance in "+\(added) credits (balance \(balance))" },
                                                    ja: { added, balance in "+\(added)クレジット (残高 \(balance))" })
    /// A consumable with a balance of its own (the generic app's), after its id.
    public let unitsDelivered = Phrase2<Int, Int>(en: { added, balance in "+\(added) (balance \(balance))" },
                                                  ja: { added, balance in "+\(added) (残高 \(balance))" })
    public let activeUntil = Phrase2<String, String>(en: { id, date in "\(id) active until \(date)" },
                                                     ja: { id, date in "\(id) \(date)まで有効" })
    /// The store's answer to a plan change for the next renewal (a downgrade, another period):
    /// no transaction, nothing delivered.
    public let planChangeScheduled = Phrase3<String, String, String>(
        en: { plan, date, current in "\(plan) from the next renewal (\(date)); you keep \(current) until then" },
        ja: { plan, date, current in "\(plan) 次回の更新日(\(date))から。それまでは\(current)をご利用いただけます" })
    /// The plan one has, bought back while a change to another waited: the change is called off.
    public let planChangeCalledOff = Phrase2<String, String>(
        en: { plan, date in "\(plan) stays your plan and renews on \(date); the plan change is cancelled" },
        ja: { plan, date in "\(plan) 現在のプランのまま\(date)に更新されます。プランの変更を取り消しました" })

    // MARK: Notes in parentheses

    public let cancelledAtLaunch = Phrase(en: "left open when the app stopped: cancelled at launch",
                                          ja: "Appの停止時に開いたまま: 起動時にキャンセル")
    public let deliveredAtLaunch = Phrase1<String>(en: { answer in "\(answer), delivered at launch" },
                                                   ja: { answer in "\(answer)、起動時に配信" })
    public let stillWaiting = Phrase(en: "still waiting for approval", ja: "引き続き承認待ち")
    public let redeliveredAtLaunch = Phrase(en: "redelivered at launch", ja: "起動時に再配信")
    public let noteSeparator = Phrase(en: ", ", ja: "、")
    public let approved = Phrase(en: "approved", ja: "承認済み")
    public let declined = Phrase(en: "declined", ja: "拒否")
    public let renewal = Phrase(en: "renewal", ja: "更新")
    public let redownload = Phrase(en: "re-downloaded at no charge", ja: "無料で再ダウンロード")
    public let resolution = Phrase(en: "interruption resolved", ja: "中断を解決")
    public let outsideApp = Phrase(en: "bought outside the app", ja: "App外で購入")
    public let offerCode = Phrase1<String>(en: { code in "offer code \(code) redeemed" }, ja: { code in "オファーコード\(code)を利用" })
    /// A renewal at an offer code's terms.
    public let renewalAtOfferCode = Phrase1<String>(en: { code in "renewal, offer code \(code)" }, ja: { code in "更新、オファーコード\(code)" })
    /// A purchase an App Store product page started, heard by the app (`shouldAddStorePayment`).
    public let promoted = Phrase1<String>(en: { id in "App Store product page: Buy \(id) (a promoted purchase)" },
                                          ja: { id in "App Storeのプロダクトページ: \(id)を購入(プロモーション購入)" })
    /// The app continues it: its sheet opens.
    public let promotedContinued = Phrase1<String>(en: { item in "The app continues the purchase of \(item)" },
                                                   ja: { item in "Appが「\(item)」の購入を続けます" })
    /// The app is not ready (a purchase or restore in progress, a panel open): it holds it.
    public let promotedHeld = Phrase1<String>(en: { item in "The app holds the purchase of \(item) until it is ready" },
                                              ja: { item in "Appは準備ができるまで「\(item)」の購入を保留します" })
    public let lapsed = Phrase(en: "lapsed unanswered", ja: "応答なしで失効")
    public let otherAccount = Phrase1<String>(en: { account in "account \(account)" }, ja: { account in "アカウント \(account)" })

    // MARK: Signing in, as the system did it

    public let signInCancelled = Phrase1<String>(en: { what in "Sign In to the App Store cancelled: \(what)" },
                                                 ja: { what in "App Storeへのサインインをキャンセル: \(what)" })
    public let notBought = Phrase1<String>(en: { title in "\(title) not bought" }, ja: { title in "「\(title)」は購入されていません" })
    public let nothingRestored = Phrase(en: "nothing restored", ja: "何も復元されていません")
    public let signedIn = Phrase1<String>(en: { account in "Signed in to the App Store as \(account)" },
                                          ja: { account in "\(account)としてApp Storeにサインインしました" })

    // MARK: Banners

    public let askApproved = Phrase1<String>(en: { item in "✓ Ask to Buy approved: \(item)" },
                                             ja: { item in "✓ 購入のリクエストが承認されました: \(item)" })
    public let renewed = Phrase1<String>(en: { item in "✓ Subscription renewed: \(item)" },
                                         ja: { item in "✓ サブスクリプションが更新されました: \(item)" })
    public let completed = Phrase1<String>(en: { item in "✓ Purchase completed: \(item)" }, ja: { item in "✓ 購入が完了しました: \(item)" })
    /// A purchase made on another device of the account, or in the App Store.
    public let boughtOutside = Phrase1<String>(en: { item in "✓ Bought outside the app: \(item)" },
                                               ja: { item in "✓ App外で購入されました: \(item)" })
    /// An offer code redeemed in the App Store (its sheet, or elsewhere).
    public let codeRedeemed = Phrase1<String>(en: { item in "✓ Offer code redeemed: \(item)" },
                                              ja: { item in "✓ オファーコードを利用しました: \(item)" })
    public let restored = Phrase1<String>(en: { item in "✓ Restored: \(item)" }, ja: { item in "✓ 復元しました: \(item)" })
    public let askDeclined = Phrase1<String>(en: { item in "✗ Ask to Buy declined: \(item)" },
                                             ja: { item in "✗ 購入のリクエストが拒否されました: \(item)" })
    public let failed = Phrase1<String>(en: { item in "✗ Purchase failed: \(item)" }, ja: { item in "✗ 購入できませんでした: \(item)" })
    public let thenDelivered = Phrase(en: " — delivered", ja: " — 配信済み")

    // MARK: The log pane

    /// The zone the times are in, named once: "times +09:00".
    public let zone = Phrase1<String>(en: { offset in "times \(offset)" }, ja: { offset in "時刻 \(offset)" })
    public let transactions = Phrase(en: "Transactions", ja: "トランザクション")
    public let dimmedEarlier = Phrase(en: "dimmed: before this launch", ja: "薄字: 今回の起動より前")
    public let nothingYet = Phrase(en: "No transactions yet. Buy something, or press r to restore.",
                                   ja: "まだトランザクションはありません。購入するか、rで復元してください。")

    // MARK: The full log

    public let logTitle = Phrase1<Int>(
        en: { count in count == 1 ? "Transaction log · 1 transaction" : "Transaction log · \(count) transactions" },
        ja: { count in "トランザクションログ · \(count)件" })
    public let newestShown = Phrase1<Int>(en: { count in "the newest \(count) shown" }, ja: { count in "最新\(count)件を表示" })
    public let idColumn = Phrase(both: "ID")
    public let dateColumn = Phrase(en: "DATE", ja: "日時")
    public let timeColumn = Phrase(en: "TIME", ja: "時刻")
    public let stateColumn = Phrase(en: "STATE", ja: "状態")
    public let quantityColumn = Phrase(en: "QTY", ja: "数量")
    public let productColumn = Phrase(en: "PRODUCT", ja: "プロダクト")
    public let noTransactions = Phrase(en: "No transactions yet.", ja: "まだトランザクションはありません。")
    /// ←→ choose the entry whose signed form (`jwsRepresentation`) s shows, as the Transaction Manager's s does.
    public let logKeys = Phrase(en: "↑↓ PgUp PgDn g G scroll  ←→ choose  s JWS  Esc/l back",
                                ja: "↑↓ PgUp PgDn g G スクロール  ←→ 選ぶ  s JWS  Esc/l 戻る")
    /// After the keys where the width leaves room.
    public let unfinishedLegend = Phrase(en: "* unfinished", ja: "* 未完了")
}
