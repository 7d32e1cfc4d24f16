/// Alerts, their messages and buttons, and the dialogs that show content.
public struct AlertStrings: PhraseTable {
    public static let shared = AlertStrings()

    // MARK: Buttons

    public let ok = Phrase(both: "OK")
    public let cancel = Phrase(en: "Cancel", ja: "キャンセル")
    public let close = Phrase(en: "Close", ja: "閉じる")
    public let delete = Phrase(en: "Delete", ja: "削除")
    public let signIn = Phrase(en: "Sign In", ja: "サインイン")
    public let get = Phrase(en: "Get", ja: "入手")
    public let spendOne = Phrase(en: "Spend 1", ja: "1つ使う")
    public let buyAgain = Phrase(en: "Buy Again", ja: "再度購入")

    // MARK: Manage Subscriptions failing (its StoreKit error chosen)

    public let redeemCodeFailed = Phrase(en: "Cannot Redeem Code", ja: "コードを使えません")
    public let manageSubscriptionsFailed = Phrase(en: "Cannot Open Manage Subscriptions", ja: "サブスクリプションの管理を開けません")

    // MARK: Signing in

    public let signInTitle = Phrase(en: "Sign In to the App Store", ja: "App Storeにサインイン")
    public let restoreNeedsAccount = Phrase(en: "Restoring purchases needs the Apple Account they were bought with.",
                                            ja: "購入を復元するには、購入時のApple Accountが必要です。")
    public let purchaseNeedsAccount = Phrase(en: "Purchases need an Apple Account.", ja: "購入にはApple Accountが必要です。")
    /// After why: "Sign in as sandbox.user@example.com?"
    public let signInAs = Phrase2<String, String>(en: { need, account in "\(need) Sign in as \(account)?" },
                                                  ja: { need, account in "\(need)\(account)としてサインインしますか？" })
    /// After why, above the accounts used on this store to choose from.
    public let signInAsOneOf = Phrase1<String>(en: { need in "\(need) Sign in as:" },
                                               ja: { need in "\(need)サインインするアカウントを選んでください:" })

    // MARK: Before the sheet

    public let deleteTitle = Phrase(en: "Delete App Data?", ja: "Appのデータを削除しますか？")
    public let deleteMessage = Phrase(
        en: "This deletes UserDefaults.json, as deleting the app would: premium content, credits and subscription status are gone. The App Store keeps your purchases, so Restore Purchases (r) brings back what can be restored.",
        ja: "Appを削除したときと同じく、UserDefaults.jsonを削除します。有料コンテンツ、クレジット、サブスクリプションの状態は失われます。購入の記録はApp Storeに残るため、「購入を復元」(r) で復元できるものは戻ります。")
    public let invalidTitle = Phrase(en: "Invalid Product Identifier", ja: "無効なプロダクトID")
    public let invalidMessage = Phrase1<String>(
        en: { id in
            "The App Store does not know \(id): the products request returned it in invalidProductIdentifiers, so the app cannot sell it."
        },
        ja: { id in
            "App Storeは\(id)を認識していません。プロダクトリクエストがinvalidProductIdentifiersで返したため、Appでは販売できません。"
        })
    public let alreadyPurchasedTitle = Phrase(en: "You've already purchased this.", ja: "この項目はすでに購入済みです")
    public let getAgain = Phrase(en: "Would you like to get it again for free?", ja: "無料でもう一度入手しますか？")
    /// Buying the plan a waiting downgrade already renews to: nothing to buy.
    public let changeWaitsTitle = Phrase(en: "Your Plan Change Is Set", ja: "プランの変更は設定済みです")
    public let changeWaitsMessage = Phrase2<String, String>(
        en: { plan, day in "\(plan) starts at your renewal on \(day); your current plan stays until then. Manage Subscriptions (m) can call the change off." },
        ja: { plan, day in "\(plan)は\(day)の更新から始まります。それまでは現在のプランが続きます。変更は「サブスクリプションの管理」(m) で取り消せます。" })
    /// The plan one has, bought back while a change to another waited: the change is called off.
    public let planKeptTitle = Phrase(en: "Your Plan Change Is Cancelled", ja: "プランの変更を取り消しました")
    public let planKeptMessage = Phrase2<String, String>(
        en: { plan, day in "\(plan) stays your plan and renews on \(day). Nothing is charged now." },
        ja: { plan, day in "\(plan)は現在のプランのまま、\(day)に更新されます。現時点での請求はありません。" })
    public let subscribedTitle = Phrase(en: "You're currently subscribed to this.", ja: "このサブスクリプションには登録済みです")
    public let subscribedMessage = Phrase1<String>(
        en: { title in
            "\(title) stays active on this Apple Account until it ends; change or cancel it in Manage Subscriptions (m). Restore Purchases (r) brings it back to this app."
        },
        ja: { title in
            "「\(title)」は期間が終わるまでこのApple Accountで有効です。「サブスクリプションの管理」(m) で変更やキャンセルができます。「購入を復元」(r) でこのAppに戻せます。"
        })
    public let waitingTitle = Phrase(en: "Waiting for Approval", ja: "承認待ち")
    public let waitingMessage = Phrase1<String>(
        en: { title in
            "You asked to buy \(title); the request is waiting for your family organizer. Asking again only sends the same request again. Press a for approvals, or from another terminal run"
        },
        ja: { title in
            "「\(title)」の購入をリクエスト済みで、ファミリー共有の管理者の承認を待っています。もう一度求めても同じリクエストが再送されるだけです。aで承認の一覧を開くか、別のターミナルで次を実行してください:"
        })
    /// The seed's canMakePayments alert, in its own words.
    public let restrictedTitle = Phrase(en: "In-App Purchases Restricted", ja: "App内の購入が不可")
    public let restrictedMessage = Phrase(
        en: "In-App Purchases are turned off on this device. Allow them in Settings > Screen Time > Content & Privacy Restrictions > iTunes & App Store Purchases > In-app Purchases, then try again.",
        ja: "機能制限でApp内の購入が不可になっています。[設定]>[スクリーンタイム]>[コンテンツとプライバシーの制限]>[iTunesおよびApp Storeでの購入]>[App内課金]を許可したうえで再度お試しください。")

    // MARK: Outcomes

    public let allSet = Phrase(en: "You're all set.", ja: "完了しました")
    public let purchaseSuccessful = Phrase(en: "Your purchase was successful.", ja: "購入が完了しました。")
    public let downloadedAgain = Phrase(en: "Downloaded again at no charge.", ja: "無料で再ダウンロードしました。")
    public let requestSentTitle = Phrase(en: "Ask Permission — request sent", ja: "承認を求める — リクエストを送信しました")
    public let requestSentMessage = Phrase1<String>(
        en: { item in
            "A request to buy \(item) was sent to your family organizer. The purchase completes when they approve it: press a for approvals, or from another terminal run"
        },
        ja: { item in
            "「\(item)」の購入リクエストをファミリー共有の管理者に送信しました。承認されると購入が完了します。aで承認の一覧を開くか、別のターミナルで次を実行してください:"
        })
    public let purchaseFailedTitle = Phrase(en: "Purchase Failed", ja: "購入できませんでした")
    public let couldNotBuy = Phrase2<String, String>(en: { item, error in "Could not buy \(item). \(error)" },
                                                     ja: { item, error in "「\(item)」を購入できませんでした。\(error)" })
    public let cannotRestoreTitle = Phrase(en: "Cannot Restore Purchases", ja: "購入を復元できません")
    public let cannotConnectTitle = Phrase(en: "Cannot Connect to the App Store", ja: "App Storeに接続できません")
    public let cannotUseFilesTitle = Phrase(en: "Cannot Use the Data Files", ja: "データファイルを使用できません")
    public let cannotCompleteTitle = Phrase(en: "Cannot Complete Purchase", ja: "購入を完了できません")
    /// The app's refusal of a purchase whose signed transaction did not verify.
    public let notVerified = Phrase2<String, String>(
        en: { item, error in "The App Store's signature on \(item) could not be verified, so the app has not delivered it. \(error)" },
        ja: { item, error in "「\(item)」のApp Storeの署名を検証できなかったため、Appはこの項目を配信していません。\(error)" })
    /// The App Store's refusal of another country or region while a subscription has not ended.
    public let cannotChangeStorefrontTitle = Phrase(en: "Cannot Change Country or Region", ja: "国または地域を変更できません")
    /// An approval, a decline or a resolution the store cannot take (answered elsewhere).
    public let cannotAnswerTitle = Phrase(en: "Cannot Answer the Request", ja: "リクエストに応答できません")

    // MARK: What was delivered, under "You're all set."

    public let premiumUnlocked = Phrase1<Int>(en: { count in "\(count) premium items are unlocked." },
                                              ja: { count in "有料コンテンツ\(count)件が解放されました。" })
    public let itemUnlocked = Phrase1<String>(en: { title in "\(title) is unlocked." }, ja: { title in "「\(title)」が解放されました。" })
    public let creditsAdded = Phrase2<String, Int>(en: { item, credits in "\(item): +\(credits) credits." },
                                                   ja: { item, credits in "\(item): +\(credits)クレジット。" })
    /// A consumable with a balance of its own (the generic app's) bought: how many there are now.
    public let unitsOwned = Phrase2<String, Int>(en: { item, units in "\(item): you have \(units)." },
                                                 ja: { item, units in "\(item): 残り\(units)個。" })
    /// A subscription bought; `trialStarted`: with its free trial.
    public let subscriptionActive = Phrase2<Bool, String>(
        en: { trialStarted, title in (trialStarted ? "Your free trial has started. " : "") + "\(title) is active." },
        ja: { trialStarted, title in (trialStarted ? "無料トライアルが始まりました。" : "") + "「\(title)」が有効になりました。" })

    // MARK: Restoring

    public let restoredTitle = Phrase(en: "Purchases Restored", ja: "購入を復元しました")
    public let restored = Phrase(en: "Restored:", ja: "復元したもの:")
    public let nothingToRestoreTitle = Phrase(en: "No Purchases to Restore", ja: "復元する購入はありません")
    /// Nothing the store restores; `saysWhatNever`: and says what it never restores.
    public let nothingRestorable = Phrase1<Bool>(
        en: { saysWhatNever in
            "This Apple Account has no non-consumable or auto-renewable purchases."
                + (saysWhatNever ? " Consumables and non-renewing subscriptions are never restored." : "")
        },
        ja: { saysWhatNever in
            "このApple Accountには非消耗型または自動更新サブスクリプションの購入がありません。"
                + (saysWhatNever ? "消耗型と非更新サブスクリプションは復元されません。" : "")
        })
    public let notRestored = Phrase(
        en: "Not restored (the App Store never restores consumables or non-renewing subscriptions: the app must keep them itself):",
        ja: "App Storeは消耗型と非更新サブスクリプションを復元しません(App自身で保持する必要があります)。復元されないもの:")

    // MARK: Content

    public let creditsTitle = Phrase(en: "Your Credits", ja: "所持クレジット")
    public let creditCount = Phrase1<Int>(en: { count in "\(count) credit\(count == 1 ? "" : "s")" },
                                          ja: { count in "\(count)クレジット" })
    public let spendingConsumes = Phrase(en: "Spending one is what consumes a consumable: buy packs again to top up.",
                                         ja: "使うと消耗型アイテムが消費されます。補充するにはパックをもう一度購入してください。")
    public let noCreditsLeft = Phrase(en: "No credits left. Buy a credit pack to top up.",
                                      ja: "クレジットが残っていません。クレジットパックを購入して補充してください。")
    public let subscriptionTitle = Phrase(en: "Subscription", ja: "サブスクリプション")
    public let buyingAgainExtends = Phrase2<String, String>(
        en: { price, day in "Buying it again (\(price)) extends it to \(day)." },
        ja: { price, day in "\(price)でもう一度購入すると、\(day)まで延長されます。" })
    public let keepsDate = Phrase1<String>(en: { key in "The app keeps this date in UserDefaults.json under \(key)." },
                                           ja: { key in "Appはこの日付をUserDefaults.jsonの\(key)に保存しています。" })
}
