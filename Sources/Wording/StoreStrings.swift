import AppStoreCore

/// The store list's sections and rows, and the detail pane beside them.
public struct StoreStrings: PhraseTable {
    public static let shared = StoreStrings()

    // MARK: Sections

    public let freeContent = Phrase(en: "Free content", ja: "無料コンテンツ")
    public let premiumContent = Phrase(en: "Premium content", ja: "有料コンテンツ")
    public let creditPacks = Phrase(en: "Credit packs", ja: "クレジットパック")
    public let subscriptions = Phrase(en: "Subscriptions", ja: "サブスクリプション")
    public let nonConsumables = Phrase(en: "Non-consumables", ja: "非消耗型")
    public let consumables = Phrase(en: "Consumables", ja: "消耗型")
    /// A subscription group's section, by the group's name on the device.
    public let subscriptionGroup = Phrase1<String>(en: { name in "Subscriptions · \(name)" }, ja: { name in "サブスクリプション · \(name)" })
    public let nonRenewingSubscriptions = Phrase(en: "Non-renewing subscriptions", ja: "非更新サブスクリプション")
    public let invalidIdentifiers = Phrase(en: "Invalid product identifiers", ja: "無効なプロダクトID")

    // MARK: Rows: a title and what stands at its right

    public let free = Phrase(en: "free", ja: "無料")
    public let owned = Phrase(en: "✓ owned", ja: "✓ 購入済み")
    public let premiumOffer = Phrase(en: "★ Premium content here", ja: "★ 有料コンテンツはこちら")
    public let active = Phrase(en: "✓ active", ja: "✓ 有効")
    /// A promotional offer the app presents, on a row under its subscription.
    public let specialOffer = Phrase(en: "★ Special offer", ja: "★ 特別オファー")
    /// A non-consumable the generic app delivered: the entry named after it is unlocked.
    public let unlocked = Phrase(en: "✓ unlocked", ja: "✓ 解放済み")
    /// The balance's row, before its number.
    public let yourCredits = Phrase(en: "Your credits", ja: "所持クレジット")
    public let spendOne = Phrase(en: "spend one ›", ja: "1つ使う ›")
    public let noCredits = Phrase(en: "none", ja: "なし")
    public let invalidIdentifier = Phrase(en: "invalid identifier", ja: "無効なID")
    /// Its shorter form, for a row whose identifier needs the room.
    public let invalidBrief = Phrase(en: "invalid", ja: "無効")
    /// Its mark, where even the shorter form would cut the identifier (its section's title says what it is).
    public let invalidMark = Phrase(both: "✗")
    public let waitingForApproval = Phrase(en: "waiting for approval", ja: "承認待ち")
    public let actionNeeded = Phrase(en: "action needed", ja: "要対応")
    public let networkDown = Phrase(en: "Network down?", ja: "ネットワーク未接続？")
    public let appStoreDisabled = Phrase(en: "App Store disabled", ja: "App Store使用不可")
    public let activeRestore = Phrase(en: "active · restore (r)", ja: "有効 · 復元 (r)")
    public let loading = Phrase(en: "Loading…", ja: "読み込み中…")
    public let notAvailable = Phrase(en: "not available", ja: "販売なし")

    // MARK: The detail pane

    public let enterToRead = Phrase(en: "Enter to read", ja: "Enterで読む")
    /// A promotional offer's detail: Enter opens the App Store's sheet at its terms.
    public let enterToView = Phrase(en: "Enter to see the offer", ja: "Enterでオファーを表示")
    public let unlocks = Phrase(en: "Unlocks:", ja: "解放されるコンテンツ:")
    /// The balance, in the header and over the credits row's detail ("credits" whatever the number).
    public let creditBalance = Phrase1<Int>(en: { credits in "\(credits) credits" }, ja: { credits in "\(credits)クレジット" })
    public let creditsStored = Phrase1<Bool>(
        en: { hasCredits in
            "Stored in UserDefaults.json under \"credits\". " + (hasCredits ? "Enter to spend one." : "Buy a credit pack to get some.")
        },
        ja: { hasCredits in
            "UserDefaults.jsonの\"credits\"に保存されています。" + (hasCredits ? "Enterで1つ使います。" : "クレジットパックを購入すると増えます。")
        })
    public let invalidDetail = Phrase(
        en: "The products request returned this identifier as invalid: the App Store does not sell it.",
        ja: "プロダクトリクエストはこのIDを無効として返しました。App Storeでは販売されていません。")
    public let activeAtStoreUntil = Phrase1<String>(en: { date in "Active at the store until \(date)" },
                                                    ja: { date in "App Storeでは\(date)まで有効" })
    public let notInAppData = Phrase(
        en: "This app's data no longer has it: Restore Purchases (r) brings it back.",
        ja: "このAppのデータからは消えています。「購入を復元」(r) で戻せます。")
    public let activeUntil = Phrase1<String>(en: { date in "Active until \(date)" }, ja: { date in "\(date)まで有効" })
    public let expired = Phrase1<String>(en: { date in "Expired \(date)" }, ja: { date in "\(date)に期限切れ" })
    public let extendHint = Phrase(en: "Enter, then Buy Again, to extend it.", ja: "Enterを押して「再度購入」で延長できます。")
    public let waitingSince = Phrase1<String>(
        en: { date in "Waiting for approval since \(date). Enter shows the request." },
        ja: { date in "\(date)から承認を待っています。Enterでリクエストを表示します。" })
    public let interruptedHint = Phrase(
        en: "Action needed: the purchase was interrupted. Enter to finish it.",
        ja: "対応が必要です: 購入が中断されました。Enterで完了します。")
    public let productsFailed = Phrase1<String>(
        en: { error in "Products could not be loaded: \(error) Press R to retry." },
        ja: { error in "プロダクトを読み込めませんでした: \(error)Rで再試行します。" })
    public let restrictedHere = Phrase(en: "In-App Purchases are restricted on this device.",
                                       ja: "このデバイスではApp内課金が制限されています。")

    // MARK: A subscription's status (the store's, per group): rows, the detail pane, Manage Subscriptions

    public let renewsOn = Phrase1<String>(en: { day in "Renews \(day)" }, ja: { day in "\(day)に更新" })
    /// Its shortest form, for a narrow row.
    public let renewsBrief = Phrase(en: "Renews", ja: "自動更新")
    // A monthly plan with a 12-month commitment: the months still to pay, and what happens at
    // the commitment's end ("Renews Feb 1, 2030 · 11 payments left · Commitment renews Jan 1, 2031").
    public let paymentsLeft = Phrase1<Int>(en: { left in left == 1 ? "1 payment left" : "\(left) payments left" },
                                           ja: { left in "残り\(left)回のお支払い" })
    public let commitmentRenewsOn = Phrase1<String>(en: { day in "Commitment renews \(day)" }, ja: { day in "\(day)に契約を更新" })
    public let commitmentEndsOn = Phrase1<String>(en: { day in "Commitment ends \(day)" }, ja: { day in "\(day)に契約終了" })
    /// A new price agreed to, until the renewal that charges it: "Renews Dec 29, 2026 at $2.99/month".
    public let renewsAt = Phrase2<String, String>(en: { day, price in "Renews \(day) at \(price)" },
                                                  ja: { day, price in "\(day)に\(price)で更新" })
    /// A family member's subscription, shared with this account for its current period.
    public let sharedByFamily = Phrase1<String>(en: { day in "Shared by your family until \(day)" },
                                                ja: { day in "\(day)までファミリー共有" })
    /// The same, renewing with the purchaser's plan.
    public let sharedByFamilyRenews = Phrase1<String>(en: { day in "Shared by your family · renews \(day)" },
                                                      ja: { day in "ファミリー共有・\(day)に更新" })
    /// Their shortest form, for a narrow row.
    public let sharedByFamilyBrief = Phrase(en: "Shared by your family", ja: "ファミリー共有")
    /// Auto-renew off: the plan runs to the end of its period.
    public let expiresOn = Phrase1<String>(en: { day in "Expires \(day)" }, ja: { day in "\(day)に終了" })
    public let expiresBrief = Phrase(en: "Expires", ja: "終了予定")
    /// A free trial running: "Free trial until 2026-12-26, then $4.99/month".
    public let freeTrialUntil = Phrase2<String, String>(en: { day, charge in "Free trial until \(day), then \(charge)" },
                                                        ja: { day, charge in "\(day)まで無料トライアル、その後\(charge)" })
    public let freeTrialUntilBrief = Phrase1<String>(en: { day in "Free trial until \(day)" }, ja: { day in "\(day)まで無料トライアル" })
    public let freeTrial = Phrase(en: "Free trial", ja: "無料トライアル")
    /// A free trial with auto-renew off: it ends, and nothing is charged.
    public let freeTrialEnds = Phrase1<String>(en: { day in "Free trial ends \(day)" }, ja: { day in "\(day)に無料トライアル終了" })
    public let freeTrialEndsBrief = Phrase(en: "Free trial ends", ja: "トライアル終了")
    /// Auto-renew turned off during a free trial, as the App Store confirms it: the trial
    /// ends then, and nothing is charged.
    public let freeTrialWillEnd = Phrase1<String>(en: { day in "Your free trial will end on \(day) and you won't be charged" },
                                                  ja: { day in "無料トライアルは\(day)に終了し、料金は請求されません" })
    /// A price increase agreed to: "$2.99/month from the renewal on 2026-12-26".
    public let priceFromRenewal = Phrase2<String, String>(en: { price, day in "\(price) from the renewal on \(day)" },
                                                          ja: { price, day in "\(day)の更新から\(price)" })
    /// The subscriber agreed to a price increase: "Agreed to $2.99/month from the renewal on 2026-12-26".
    public let agreedTo = Phrase1<String>(en: { terms in "Agreed to \(terms)" }, ja: { terms in "\(terms)に同意しました" })
    /// A free trial whose renewal changes plan: "Free trial until DATE, then Lite Monthly at $1.99/month".
    public let freeTrialThenPlan = Phrase3<String, String, String>(
        en: { day, plan, charge in "Free trial until \(day), then \(plan) at \(charge)" },
        ja: { day, plan, charge in "\(day)まで無料トライアル、その後「\(plan)」\(charge)" })
    /// A pay-as-you-go offer going on at the renewal, as Manage Subscriptions states it:
    /// "Renews Feb 1, 2030 · $0.99/month for 2 months, then $4.99/month".
    public let renewsAtOffer = Phrase2<String, String>(en: { day, terms in "Renews \(day) · \(terms)" },
                                                       ja: { day, terms in "\(day)に更新・\(terms)" })
    /// The shortest form of it: "Offer $0.99/month".
    public let offerPrice = Phrase1<String>(en: { price in "Offer \(price)" }, ja: { price in "オファー \(price)" })
    /// A price increase waiting for the subscriber's consent: "New price $5.99/month from 2026-12-26".
    public let newPriceFrom = Phrase2<String, String>(en: { price, day in "New price \(price) from \(day)" },
                                                      ja: { price, day in "\(day)から新価格 \(price)" })
    public let newPrice = Phrase1<String>(en: { price in "New price \(price)" }, ja: { price in "新価格 \(price)" })
    /// A price increase waiting for consent during a free trial: the trial first, as it runs.
    /// "Free trial until Dec 6, 2026, then $5.99/month if you agree".
    public let freeTrialThenNewPrice = Phrase2<String, String>(
        en: { day, price in "Free trial until \(day), then \(price) if you agree" },
        ja: { day, price in "\(day)まで無料トライアル、同意するとその後\(price)" })
    /// Its shorter form in a row: "Free trial until Dec 6, 2026 · New price $5.99/month".
    public let freeTrialNewPriceBrief = Phrase2<String, String>(
        en: { day, price in "Free trial until \(day) · New price \(price)" },
        ja: { day, price in "\(day)まで無料トライアル・新価格 \(price)" })
    public let freeTrialNewPriceShort = Phrase1<String>(en: { price in "Free trial · New price \(price)" },
                                                        ja: { price in "無料トライアル・新価格 \(price)" })
    public let newPriceBrief = Phrase(en: "New price", ja: "新価格")
    /// Under a price increase waiting for consent, in the detail pane.
    public let agreeHint = Phrase(en: "Enter or m: agree to the new price in Manage Subscriptions",
                                  ja: "Enterまたはm: 「サブスクリプションの管理」で新しい価格に同意")
    public let inGraceUntil = Phrase1<String>(en: { day in "In grace period until \(day)" }, ja: { day in "\(day)まで猶予期間" })
    public let inGraceBrief = Phrase(en: "In grace period", ja: "猶予期間中")
    public let billingProblem = Phrase(en: "Billing problem", ja: "お支払いの問題")
    /// "Expired 2026-12-26 (cancelled)".
    public let expiredBecause = Phrase2<String, ExpirationReason?>(
        en: { day, reason in
            let why: String? = switch reason {
            case .autoRenewDisabled: "cancelled"
            case .billingError: "billing problem"
            case .didNotConsentToPriceIncrease: "price increase not accepted"
            case .productUnavailable: "plan unavailable"
            case .unknown: "ended by the store"
            case nil: nil
            }
            return why.map { "Expired \(day) (\($0))" } ?? "Expired \(day)"
        },
        ja: { day, reason in
            let why: String? = switch reason {
            case .autoRenewDisabled: "キャンセル済み"
            case .billingError: "お支払いの問題"
            case .didNotConsentToPriceIncrease: "価格の値上げに未同意"
            case .productUnavailable: "プランの提供終了"
            case .unknown: "ストアにより終了"
            case nil: nil
            }
            return why.map { "\(day)に期限切れ (\($0))" } ?? "\(day)に期限切れ"
        })
    /// Its shortest form, for a narrow row (with its date, `expired`).
    public let expiredBrief = Phrase(en: "Expired", ja: "期限切れ")
    /// Refunded, or taken back from a family member: "Revoked 2026-12-26".
    public let revokedOn = Phrase1<String>(en: { day in "Revoked \(day)" }, ja: { day in "\(day)に取り消し済み" })
    public let revokedBrief = Phrase(en: "Revoked", ja: "取り消し済み")
    /// A plan change waiting for the renewal: "Changes to Lite Monthly on 2026-12-26".
    public let changesTo = Phrase2<String, String>(en: { plan, day in "Changes to \(plan) on \(day)" },
                                                   ja: { plan, day in "\(day)に「\(plan)」へ変更" })
    /// Its shorter forms, for a narrow row: "Changes to Lite Monthly", "Plan change".
    public let changesToBrief = Phrase1<String>(en: { plan in "Changes to \(plan)" }, ja: { plan in "「\(plan)」へ変更" })
    public let planChangeBrief = Phrase(en: "Plan change", ja: "プラン変更")
    /// The plan a waiting change is to: "Starts 2026-12-26".
    public let startsOn = Phrase1<String>(en: { day in "Starts \(day)" }, ja: { day in "\(day)に開始" })
    public let startsBrief = Phrase(en: "Next plan", ja: "次のプラン")
    /// The renewal it starts with is past due (a grace period, billing retry): no date to give.
    public let startsOncePaid = Phrase(en: "Starts when the renewal is paid", ja: "更新の支払い後に開始")
    /// What buying another plan of the group does: at once, or at the renewal.
    public let upgradeNow = Phrase(en: "upgrade now", ja: "今すぐ変更")
    public let switchNow = Phrase(en: "switch now", ja: "今すぐ変更")
    public let atRenewal = Phrase(en: "at renewal", ja: "次回更新時")
    public let manageHint = Phrase(en: "Enter or m: Manage Subscriptions", ja: "Enterまたはm: サブスクリプションの管理")

    // MARK: Manage Subscriptions

    public let manageTitle = Phrase(en: "Manage Subscriptions", ja: "サブスクリプションの管理")
    public let noSubscriptions = Phrase(en: "This app has no subscriptions.", ja: "このAppにはサブスクリプションがありません。")
    public let current = Phrase(en: "current", ja: "現在")
    public let cancelSubscription = Phrase(en: "Cancel Subscription", ja: "サブスクリプションをキャンセルする")
    public let cancelFreeTrial = Phrase(en: "Cancel Free Trial", ja: "無料トライアルをキャンセルする")
    /// Auto-renew back on, before a cancelled subscription ends.
    public let resubscribe = Phrase(en: "Resubscribe", ja: "再登録する")
    /// Resubscribe while a change to another plan waits: it renews to that plan, so it says so.
    public let resubscribeTo = Phrase1<String>(en: { plan in "Resubscribe to \(plan)" }, ja: { plan in "\(plan)で再登録する" })
    public let confirmCancellation = Phrase(en: "Confirm Cancellation", ja: "キャンセルの確認")
    public let cancelMessage = Phrase2<Bool, String>(
        en: { trial, day in "If you confirm and end your \(trial ? "free trial" : "subscription") now, you can still access it until \(day)." },
        ja: { trial, day in "確定して\(trial ? "無料トライアル" : "サブスクリプション")を今すぐ終了しても、\(day)までは引き続き利用できます。" })
    public let confirm = Phrase(en: "Confirm", ja: "確認")
    public let manageHelp = Phrase(en: "Choose a plan to change to it.", ja: "プランを選ぶと変更できます。")
    /// Under a subscription that ended (or none): a plan chosen is a new subscription.
    public let manageHelpEnded = Phrase(en: "Choose a plan to resubscribe.", ja: "プランを選ぶと再登録できます。")
    /// Under a subscription a family member shares: the purchaser manages it.
    public let manageHelpShared = Phrase(en: "Shared with you. Choose a plan to subscribe yourself.",
                                         ja: "共有中のプランです。選ぶとご自身で登録できます。")
    /// Under a plan a family member no longer shares (taken back, or ended): a plan chosen is
    /// one's own subscription, said in one line: "No longer shared (revoked Dec 6, 2026). Choose a plan to subscribe."
    public let manageHelpSharingRevoked = Phrase1<String>(
        en: { day in "No longer shared (revoked \(day)). Choose a plan to subscribe." },
        ja: { day in "共有は終了(\(day)に取り消し)。プランを選ぶと登録できます。" })
    public let manageHelpSharingEnded = Phrase1<String>(
        en: { day in "No longer shared (ended \(day)). Choose a plan to subscribe." },
        ja: { day in "共有は終了(\(day)に終了)。プランを選ぶと登録できます。" })
}
