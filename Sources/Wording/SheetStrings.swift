import AppStoreCore

/// The App Store's purchase sheet: the product, its terms, the stepper, the buttons and each
/// stage after Buy.
public struct SheetStrings: PhraseTable {
    public static let shared = SheetStrings()

    public let appStore = Phrase(both: "App Store")
    /// The offer code sheet (`presentCodeRedemptionSheet`), as iOS words it.
    public let redeemCodeTitle = Phrase(en: "Redeem Code", ja: "コードを使う")
    public let enterCode = Phrase(en: "Enter your code to redeem an offer.", ja: "オファーを利用するにはコードを入力してください。")
    public let redeem = Phrase(en: "Redeem", ja: "使う")
    /// The terms of the code typed, stated before it is redeemed: when the offer starts.
    public let codeStartsToday = Phrase(en: "Starts today.", ja: "本日から開始します。")
    public let codeStartsAtRenewal = Phrase1<String>(
        en: { day in "Starts at your next renewal on \(day)." },
        ja: { day in "次回の更新日(\(day))から開始します。" })
    /// A code for another plan: the one it replaces.
    public let codeReplaces = Phrase1<String>(en: { plan in "Replaces \(plan)." }, ja: { plan in "\(plan)から切り替わります。" })
    // A refused code, as the App Store's sheet words it: a sentence for the customer.
    public let codeNotValid = Phrase(en: "This code isn't valid. Check the code and try again.",
                                     ja: "このコードは無効です。コードを確認して、もう一度お試しください。")
    public let codeForNewSubscribers = Phrase(en: "This offer is for new subscribers and can't be redeemed while you're subscribed.",
                                              ja: "このオファーは新規登録者向けのため、登録中はご利用いただけません。")
    public let codeForSubscribers = Phrase(en: "This offer is only for current and previous subscribers.",
                                           ja: "このオファーは現在または以前の登録者のみが対象です。")
    public let codeNotForPreviousSubscribers = Phrase(en: "This offer isn't available to previous subscribers.",
                                                      ja: "このオファーは以前の登録者はご利用いただけません。")
    public let codeAlreadyWaiting = Phrase(en: "You've already redeemed an offer for your next renewal.",
                                           ja: "次回の更新に適用されるオファーをすでに利用済みです。")
    public let codeUnavailable = Phrase(en: "This code can't be redeemed right now.", ja: "このコードは現在ご利用いただけません。")
    /// As the system sheet names its store when testing ([Environment: Sandbox]), in English
    /// on a Japanese device too.
    public let environment = Phrase(both: "[Environment: storefront]")

    // MARK: Labels, their values in one column

    public let account = Phrase(en: "Account", ja: "アカウント")
    public let price = Phrase(en: "Price", ja: "価格")
    public let total = Phrase(en: "Total", ja: "合計")
    public let quantity = Phrase(en: "Quantity", ja: "数量")
    /// A yearly subscription sold monthly too: the sheet's choice of how to pay.
    public let billingPlan = Phrase(en: "Plan", ja: "プラン")
    public let planHint = Phrase(en: "(↑/↓ to change)", ja: "(↑/↓で変更)")
    public let billedUpFront = Phrase(en: "Pay yearly", ja: "年額で支払う")
    public let monthlyCommitment = Phrase(en: "Monthly with 12-month commitment", ja: "12か月契約の月額プラン")
    /// "$4.49/month for 12 months ($53.88 total)".
    public let commitmentTerms = Phrase3<String, Int, String>(
        en: { perMonth, months, total in "\(perMonth) for \(months) months (\(total) total)" },
        ja: { perMonth, months, total in "\(months)か月間 \(perMonth)（合計\(total)）" })
    /// Under the terms of a commitment, instead of `renews`.
    public let commitmentRenews = Phrase1<Int>(
        en: { months in "You pay monthly for \(months) months; the commitment renews automatically until cancelled. Cancelling in Manage Subscriptions (m) stops the next commitment: the months of this one are still paid." },
        ja: { months in "\(months)か月間、毎月お支払いいただきます。契約はキャンセルするまで自動更新されます。「サブスクリプションの管理」(m) でキャンセルすると次の契約は更新されませんが、現在の契約の残りの月のお支払いは続きます。" })
    public let notSignedIn = Phrase(en: "not signed in", ja: "サインインしていません")
    public let each = Phrase1<String>(en: { price in "\(price) each" }, ja: { price in "1個あたり\(price)" })
    public let stepperHint = Phrase1<Int>(en: { most in "(+/− to change, 1–\(most))" }, ja: { most in "(+/−で変更、1–\(most))" })

    // MARK: Buttons (Cancel is the alerts')

    public let buy = Phrase(en: "Buy", ja: "購入")
    public let subscribe = Phrase(en: "Subscribe", ja: "登録")
    public let ask = Phrase(en: "Ask", ja: "承認を求める")
    public let notNow = Phrase(en: "Not Now", ja: "今はしない")
    public let agree = Phrase(en: "Agree", ja: "同意する")

    // MARK: Stages

    public let askPermission = Phrase(en: "Ask Permission", ja: "承認を求める")
    public let askQuestion = Phrase1<String>(
        en: { item in "Would you like to ask your family organizer for permission to buy \(item)?" },
        ja: { item in "「\(item)」の購入について、ファミリー共有の管理者に承認を求めますか？" })
    public let purchasing = Phrase(en: "Purchasing…", ja: "購入処理中…")
    public let reviewTerms = Phrase(en: "Review Updated Terms", ja: "更新された規約の確認")
    public let termsMessage = Phrase1<String>(
        en: { title in
            "The App Store needs you to agree to its updated Terms and Conditions before this purchase of \(title) can complete."
        },
        ja: { title in "「\(title)」の購入を完了するには、App Storeの更新された利用規約に同意する必要があります。" })
    public let termsNote = Phrase(
        en: "StoreKit reported the purchase as failed (interrupted); agreeing completes it as a new transaction.",
        ja: "StoreKitはこの購入を失敗(中断)として報告しました。同意すると新しいトランザクションとして完了します。")
    /// The system sheet's last step with hold on.
    public let sideButton = Phrase(en: "Double-click the side button to confirm", ja: "サイドボタンをダブルクリックして確定")
    public let pressEnter = Phrase(en: "press Enter", ja: "Enterを押す")
    public let restorePurchases = Phrase(en: "Restore Purchases", ja: "購入を復元")
    public let restoring = Phrase(en: "Restoring purchases…", ja: "購入を復元中…")

    // MARK: What a product is and what it costs

    public let productType = Phrase1<ProductType>(
        en: { type in
            switch type {
            case .consumable: "Consumable"
            case .nonConsumable: "Non-Consumable"
            case .autoRenewable: "Auto-Renewable Subscription"
            case .nonRenewing: "Non-Renewing Subscription"
            }
        },
        ja: { type in
            switch type {
            case .consumable: "消耗型"
            case .nonConsumable: "非消耗型"
            case .autoRenewable: "自動更新サブスクリプション"
            case .nonRenewing: "非更新サブスクリプション"
            }
        })
    /// "1 month", "1 week", "3 days".
    public let period = Phrase1<SubscriptionPeriod>(en: englishPeriod, ja: japanesePeriod)
    /// An auto-renewable subscription's price per period: "$4.99/month", "$9.99/3 months".
    public let perPeriod = Phrase2<String, SubscriptionPeriod>(
        en: { price, period in
            guard period.value == 1 else { return "\(price)/\(englishPeriod(period))" }
            return switch period.unit {
            case .day: "\(price)/day"
            case .week: "\(price)/week"
            case .month: "\(price)/month"
            case .year: "\(price)/year"
            }
        },
        ja: { price, period in
            guard period.value == 1 else { return "\(price)/\(japanesePeriod(period))" }
            return switch period.unit {
            case .day: "\(price)/日"
            case .week: "\(price)/週"
            case .month: "\(price)/月"
            case .year: "\(price)/年"
            }
        })
    /// The same, short, for a narrow row: "$4.99/mo", "$9.99/3 mo" (Japanese is short already).
    public let perPeriodShort = Phrase2<String, SubscriptionPeriod>(
        en: { price, period in period.value == 1 ? "\(price)/\(englishUnitShort(period.unit))" : "\(price)/\(englishPeriodShort(period))" },
        ja: { price, period in
            guard period.value == 1 else { return "\(price)/\(japanesePeriod(period))" }
            return switch period.unit {
            case .day: "\(price)/日"
            case .week: "\(price)/週"
            case .month: "\(price)/月"
            case .year: "\(price)/年"
            }
        })
    /// A non-renewing subscription's price: "$29.99 for 1 year".
    public let forPeriod = Phrase2<String, SubscriptionPeriod>(en: { price, period in "\(price) for \(englishPeriod(period))" },
                                                               ja: { price, period in "\(price) (\(japanesePeriod(period)))" })
    /// "1 week free", when buying now starts with the free trial.
    public let trial = Phrase1<SubscriptionPeriod>(en: { period in "\(englishPeriod(period)) free" },
                                                   ja: { period in "\(japanesePeriod(period))無料" })
    /// A pay-up-front offer, as the App Store writes it: "3 months for $9.99".
    public let upFront = Phrase2<String, SubscriptionPeriod>(en: { price, period in "\(englishPeriod(period)) for \(price)" },
                                                             ja: { price, period in "\(japanesePeriod(period)) \(price)" })
    /// A pay-as-you-go offer: "$0.99/month for 3 months".
    public let payAsYouGo = Phrase2<String, SubscriptionPeriod>(en: { perPeriod, total in "\(perPeriod) for \(englishPeriod(total))" },
                                                                ja: { perPeriod, total in "\(japanesePeriod(total))間 \(perPeriod)" })
    /// The same, short, its length kept: "$0.99/mo for 3 mo", "3か月 ¥160/月".
    public let payAsYouGoShort = Phrase2<String, SubscriptionPeriod>(en: { perPeriod, total in "\(perPeriod) for \(englishPeriodShort(total))" },
                                                                     ja: { perPeriod, total in "\(japanesePeriodShort(total)) \(perPeriod)" })
    /// An introductory offer, then the regular charge: "1 week free, then $4.99/month".
    public let offerThen = Phrase2<String, String>(en: { offer, charge in "\(offer), then \(charge)" },
                                                   ja: { offer, charge in "\(offer)、その後\(charge)" })

    private static func englishPeriod(_ period: SubscriptionPeriod) -> String {
        let unit = switch period.unit {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
        return "\(period.value) \(unit)\(period.value == 1 ? "" : "s")"
    }

    /// "mo", "yr": the units the App Store abbreviates where room is short.
    private static func englishUnitShort(_ unit: SubscriptionPeriod.Unit) -> String {
        switch unit {
        case .day: "day"
        case .week: "wk"
        case .month: "mo"
        case .year: "yr"
        }
    }

    /// "3 mo", "1 yr", "2 wk", "3 days".
    private static func englishPeriodShort(_ period: SubscriptionPeriod) -> String {
        period.unit == .day ? englishPeriod(period) : "\(period.value) \(englishUnitShort(period.unit))"
    }

    /// "3か月", "2週": without 間.
    private static func japanesePeriodShort(_ period: SubscriptionPeriod) -> String {
        switch period.unit {
        case .day: "\(period.value)日"
        case .week: "\(period.value)週"
        case .month: "\(period.value)か月"
        case .year: "\(period.value)年"
        }
    }

    private static func japanesePeriod(_ period: SubscriptionPeriod) -> String {
        switch period.unit {
        case .day: "\(period.value)日間"
        case .week: "\(period.value)週間"
        case .month: "\(period.value)か月"
        case .year: "\(period.value)年間"
        }
    }

    // MARK: A subscription's terms

    public let startingOn = Phrase2<String, String>(en: { price, day in "\(price) starting \(day)" },
                                                    ja: { price, day in "\(day)から\(price)" })
    public let thenStartingOn = Phrase2<String, String>(en: { price, day in "then \(price) starting \(day)" },
                                                        ja: { price, day in "その後、\(day)から\(price)" })
    public let renews = Phrase(
        en: "Renews automatically until cancelled. Cancel anytime in Manage Subscriptions (m), at least 24 hours before the end of the period.",
        ja: "キャンセルするまで自動更新されます。期間終了の24時間以上前までに「サブスクリプションの管理」(m) でいつでもキャンセルできます。")

    // MARK: Another plan of a group subscribed to

    /// A change at once (an upgrade, a crossgrade of the same period).
    public let startingToday = Phrase1<String>(en: { price in "\(price) starting today" }, ja: { price in "本日から\(price)" })
    public let replacesToday = Phrase1<String>(
        en: { plan in "Replaces \(plan) today; you get a prorated refund for its unused time." },
        ja: { plan in "「\(plan)」は本日で終了し、未使用期間分は日割りで返金されます。" })
    /// A change at the renewal (a downgrade, a crossgrade of another period).
    public let keepsUntil = Phrase2<String, String>(
        en: { plan, day in "\(plan) stays until \(day), when your new plan starts. No charge today." },
        ja: { plan, day in "「\(plan)」は\(day)まで続き、その日から新しいプランが始まります。本日の請求はありません。" })
    /// The same while the renewal's payment is failing (grace period, billing retry): the
    /// renewal, and the new plan with it, comes when the payment goes through.
    public let startingOncePaid = Phrase1<String>(en: { price in "\(price) starting when your renewal payment goes through" },
                                                  ja: { price in "更新のお支払いが完了した時点から\(price)" })
    public let keepsUntilPaid = Phrase1<String>(
        en: { plan in "\(plan) stays until its renewal payment goes through, when your new plan starts. No charge today." },
        ja: { plan in "「\(plan)」は更新のお支払いが完了するまで続き、その時点から新しいプランが始まります。本日の請求はありません。" })
    /// The current plan bought back while a change to another waits.
    public let keepsPlan = Phrase2<String, String>(
        en: { plan, other in "Keeps \(plan): the change to \(other) is called off." },
        ja: { plan, other in "「\(plan)」を継続し、「\(other)」への変更は取り消されます。" })
    public let extendsTo = Phrase1<String>(en: { day in "Extends your pass to \(day). Does not renew." },
                                           ja: { day in "\(day)まで延長されます。自動更新されません。" })
    public let lastsUntil = Phrase1<String>(en: { day in "Lasts until \(day). Does not renew." },
                                            ja: { day in "\(day)まで有効です。自動更新されません。" })
}
