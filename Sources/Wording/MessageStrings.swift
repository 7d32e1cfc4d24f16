import AppStoreCore

/// StoreKit's messages (the Billing Problem sheet, the price-increase consent sheet) and the
/// store's news the log and banners tell from its events.
public struct MessageStrings: PhraseTable {
    public static let shared = MessageStrings()

    // MARK: Billing Problem (Message.Reason.billingIssue), in Apple's words

    public let billingProblemTitle = Phrase(en: "Billing Problem", ja: "請求に関する問題")
    public let billingProblemMessage = Phrase(
        en: "There is a problem with your current payment method. To avoid interruptions to your subscriptions and purchases, update your payment method.",
        ja: "現在のお支払い方法に問題があります。サブスクリプションと購入が中断されないように、お支払い方法をアップデートしてください。")
    public let inGraceUntil = Phrase2<String, String>(en: { name, date in "\(name): access kept until \(date) (grace period)" },
                                                      ja: { name, date in "\(name): \(date)までアクセス可能 (猶予期間)" })
    public let inBillingRetry = Phrase1<String>(en: { name in "\(name): no access until the payment goes through" },
                                                ja: { name in "\(name): 支払いが完了するまでアクセスできません" })
    public let continueFixes = Phrase(en: "Continue updates the payment method: the store then renews the subscription.",
                                      ja: "「続ける」でお支払い方法をアップデートし、ストアがサブスクリプションを更新します。")
    public let continueButton = Phrase(en: "Continue", ja: "続ける")

    // MARK: Price increase (Message.Reason.priceIncreaseConsent)

    public let priceIncreaseTitle = Phrase(en: "Subscription Price Increase", ja: "サブスクリプションの価格の値上げ")
    public let priceIncreaseMessage = Phrase3<String, String, String>(
        en: { name, price, date in "The price of \(name) is increasing to \(price) from your renewal on \(date). Agree to keep your subscription at the new price; if you don't, it ends then." },
        ja: { name, price, date in "\(name)の価格は\(date)の更新から\(price)に値上げされます。新しい価格でサブスクリプションを続けるには同意してください。同意しない場合、その時点で終了します。" })
    /// The consent sheet's button, and Manage Subscriptions' action, in Apple's words.
    public let agreeToNewPrice = Phrase(en: "Agree to New Price", ja: "新しい価格に同意する")

    // MARK: With dialogs off, the log tells the message instead

    public let billingProblemNotShown = Phrase1<String>(
        en: { name in "Billing Problem message for \(name) not shown (dialogs off)" },
        ja: { name in "\(name)の請求に関する問題のメッセージは表示しません (ダイアログオフ)" })
    public let priceIncreaseNotShown = Phrase1<String>(
        en: { name in "price-increase consent message for \(name) not shown (dialogs off)" },
        ja: { name in "\(name)の値上げへの同意のメッセージは表示しません (ダイアログオフ)" })

    // MARK: The store's news, in the log

    public let expired = Phrase2<String, String>(en: { name, reason in "\(name) expired (\(reason))" },
                                                 ja: { name, reason in "\(name)の期限切れ (\(reason))" })
    /// Why it expired (`ExpirationReason`).
    public let reason = Phrase1<ExpirationReason>(
        en: { reason in
            switch reason {
            case .autoRenewDisabled: "auto-renew off"
            case .billingError: "billing problem not fixed"
            case .didNotConsentToPriceIncrease: "price increase not agreed"
            case .productUnavailable: "plan no longer sold"
            case .unknown: "ended by the store"
            }
        },
        ja: { reason in
            switch reason {
            case .autoRenewDisabled: "自動更新オフ"
            case .billingError: "請求の問題が未解決"
            case .didNotConsentToPriceIncrease: "値上げに未同意"
            case .productUnavailable: "プランの販売終了"
            case .unknown: "ストアによる終了"
            }
        })
    public let autoRenewOff = Phrase2<String, String>(en: { name, date in "\(name): auto-renew off, access until \(date)" },
                                                      ja: { name, date in "\(name): 自動更新オフ、\(date)までアクセス可能" })
    /// Auto-renew turned off during a free trial: the trial ends then, and nothing is charged
    /// (short enough for the log's line).
    public let freeTrialAutoRenewOff = Phrase2<String, String>(
        en: { name, date in "\(name): auto-renew off, free trial ends \(date), no charge" },
        ja: { name, date in "\(name): 自動更新オフ、\(date)にトライアル終了(請求なし)" })
    public let priceIncreaseDeclined = Phrase2<String, String>(
        en: { name, date in "\(name): price increase declined, auto-renew off, access until \(date)" },
        ja: { name, date in "\(name): 値上げを拒否、自動更新オフ、\(date)までアクセス可能" })
    public let autoRenewOn = Phrase2<String, String>(en: { name, date in "\(name): auto-renew on, renews \(date)" },
                                                     ja: { name, date in "\(name): 自動更新オン、\(date)に更新" })
    public let renewalFailedInGrace = Phrase2<String, String>(
        en: { name, date in "\(name): renewal failed (billing problem), grace period until \(date)" },
        ja: { name, date in "\(name): 更新に失敗 (請求の問題)、\(date)まで猶予期間" })
    public let renewalFailed = Phrase1<String>(
        en: { name in "\(name): renewal failed (billing problem), billing retry, no access" },
        ja: { name in "\(name): 更新に失敗 (請求の問題)、請求を再試行中、アクセスなし" })
    public let graceEnded = Phrase1<String>(en: { name in "\(name): grace period ended, no access while billing retry goes on" },
                                            ja: { name in "\(name): 猶予期間が終了、請求の再試行中はアクセスなし" })
    public let recovered = Phrase1<String>(en: { name in "\(name): billing problem fixed, renewed" },
                                           ja: { name in "\(name): 請求の問題を解決、更新しました" })
    /// The plan the next renewal is for changed (a downgrade, or the current plan bought back).
    public let renewsTo = Phrase2<String, String>(en: { from, to in "next renewal changes from \(from) to \(to)" },
                                                  ja: { from, to in "次回の更新で\(from)から\(to)に変更" })
    public let upgraded = Phrase3<String, String, String>(en: { from, to, refund in "\(from) upgraded to \(to), \(refund) refunded" },
                                                          ja: { from, to, refund in "\(from)を\(to)にアップグレード、\(refund)を返金" })
    /// A plan of the same level at once (a crossgrade): not higher, so not an upgrade.
    public let switched = Phrase3<String, String, String>(en: { from, to, refund in "\(from) switched to \(to), \(refund) refunded" },
                                                          ja: { from, to, refund in "\(from)を\(to)に変更、\(refund)を返金" })
    public let priceIncreasePending = Phrase2<String, String>(
        en: { name, price in "\(name): price increase to \(price), waiting for the subscriber's agreement" },
        ja: { name, price in "\(name): \(price)への値上げ、登録者の同意待ち" })
    public let priceIncreaseAgreed = Phrase2<String, String>(en: { name, price in "\(name): price increase to \(price) agreed" },
                                                             ja: { name, price in "\(name): \(price)への値上げに同意" })
    public let priceIncreased = Phrase2<String, String>(en: { name, price in "\(name): renews at \(price) from the next renewal" },
                                                        ja: { name, price in "\(name): 次回の更新から\(price)" })

    // MARK: Banners for what the store did from elsewhere

    public let expiredBanner = Phrase1<String>(en: { name in "✗ Subscription expired: \(name)" },
                                               ja: { name in "✗ サブスクリプションの期限が切れました: \(name)" })
    public let autoRenewOffBanner = Phrase1<String>(en: { name in "Auto-renew turned off: \(name)" },
                                                    ja: { name in "自動更新がオフになりました: \(name)" })
    /// Declining a price increase (auto-renew goes off): the plan, and the day it ends.
    public let priceIncreaseDeclinedBanner = Phrase2<String, String>(
        en: { name, day in "Price increase declined: \(name); it ends \(day)" },
        ja: { name, day in "値上げを拒否しました: \(name)(\(day)に終了)" })
    /// After "Bought outside the app: NAME", for one bought with auto-renew off.
    public let boughtNotRenewing = Phrase1<String>(en: { day in " · does not renew, ends \(day)" },
                                                   ja: { day in " · 自動更新なし、\(day)に終了" })
    public let autoRenewOnBanner = Phrase1<String>(en: { name in "✓ Auto-renew turned on: \(name)" },
                                                   ja: { name in "✓ 自動更新がオンになりました: \(name)" })
    public let billingProblemBanner = Phrase1<String>(en: { name in "✗ Billing problem: \(name)" },
                                                      ja: { name in "✗ 請求に関する問題: \(name)" })
    public let refundedNews = Phrase3<String, String, String>(
        en: { name, kind, reason in "\(name): refunded by the App Store (\(kind), \(reason))" },
        ja: { name, kind, reason in "\(name): App Storeが返金しました(\(kind)、\(reason))" })
    public let refundFull = Phrase(en: "in full", ja: "全額")
    public let refundProrated = Phrase1<String>(en: { percent in "\(percent) prorated" }, ja: { percent in "\(percent)の一部返金" })
    public let reasonDeveloperIssue = Phrase(en: "developer issue", ja: "開発者側の問題")
    public let reasonOther = Phrase(en: "other reason", ja: "その他の理由")
    public let transactionDeleted = Phrase2<String, String>(
        en: { id, name in "transaction \(id) deleted from the history (\(name))" },
        ja: { id, name in "トランザクション\(id)を履歴から削除しました(\(name))" })
    public let transactionDeletedBanner = Phrase2<String, String>(
        en: { id, name in "✓ Transaction \(id) deleted: \(name)" },
        ja: { id, name in "✓ トランザクション\(id)を削除しました: \(name)" })
    public let purchaseHistoryCleared = Phrase(en: "purchase history cleared (settings kept)",
                                               ja: "購入履歴を消去しました(設定はそのまま)")
    public let purchaseHistoryClearedBanner = Phrase(en: "Purchase history cleared", ja: "購入履歴を消去しました")
    /// An active subscriber's offer code: the plan whose next renewal starts at its terms, and when.
    public let offerCodeAtRenewal = Phrase3<String, String, String>(
        en: { name, charge, day in "offer code redeemed: \(name) renews at \(charge) on \(day)" },
        ja: { name, charge, day in "オファーコードを利用しました。\(day)に\(name)が\(charge)で更新されます" })
    public let offerCodeAtRenewalBanner = Phrase2<String, String>(
        en: { name, day in "✓ Offer code redeemed: \(name) — from your next renewal on \(day)" },
        ja: { name, day in "✓ オファーコードを利用しました: \(name) — 次回の更新日(\(day))から" })
    public let recoveredBanner = Phrase1<String>(en: { name in "✓ Billing problem fixed: \(name)" },
                                                 ja: { name in "✓ 請求の問題が解決しました: \(name)" })
    /// A price increase asked for: the plan, its new price, and the renewal it starts at.
    public let priceIncreaseBanner = Phrase3<String, String, String>(
        en: { name, price, day in "✓ Price increase: \(name), \(price) from \(day)" },
        ja: { name, price, day in "✓ 値上げ: \(name)、\(day)から\(price)" })
}
