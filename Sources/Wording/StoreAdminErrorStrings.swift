import Foundation
import AppStoreCore

/// A request answered from outside the app that the store cannot take (`StoreAdminError`): an
/// approval, a decline or a resolution of a transaction that is not, or no longer, waiting.
/// A command is given to an entry as its whole command line, built for the store in use.
public struct StoreAdminErrorStrings: PhraseTable {
    public static let shared = StoreAdminErrorStrings()

    public let noSuchTransaction = Phrase2<String, String>(
        en: { id, state in "no transaction \(id) in the history: `\(state)` lists every transaction" },
        ja: { id, state in "トランザクション\(id)は履歴にありません。すべてのトランザクションは`\(state)`で一覧できます。" })
    public let notDeferred = Phrase3<String, TransactionState, String>(
        en: { id, state, pending in
            "transaction \(id) is not waiting for approval (its state is \(state.rawValue)): `\(pending)` lists those that are"
        },
        ja: { id, state, pending in
            "トランザクション\(id)は承認を待っていません(状態: \(LogStrings.shared.state.ja(state)))。承認待ちのものは`\(pending)`で一覧できます。"
        })
    public let lapsed = Phrase1<String>(
        en: { id in
            "transaction \(id) was an Ask to Buy request nobody answered within 24 hours, so the store dropped it: buy again to ask again"
        },
        ja: { id in
            "トランザクション\(id)は24時間以内に誰も応答しなかった承認と購入のリクエストのため、ストアが取り下げました。もう一度購入すると、改めてリクエストできます。"
        })
    public let notInterrupted = Phrase2<String, String>(
        en: { id, pending in
            "transaction \(id) is not an interrupted purchase waiting to be resolved: `\(pending)` lists those that are"
        },
        ja: { id, pending in
            "トランザクション\(id)は解決を待っている中断された購入ではありません。解決待ちのものは`\(pending)`で一覧できます。"
        })

    // A store-side operation on a subscription. `subscriptions`: the command that lists them.
    public let noSuchProduct = Phrase2<String, String>(
        en: { id, products in "no product \(id) in the catalog: `\(products)` lists the products sold" },
        ja: { id, products in "カタログにプロダクト\(id)はありません。販売中のプロダクトは`\(products)`で一覧できます。" })
    public let notAutoRenewable = Phrase1<String>(
        en: { id in "\(id) is not an auto-renewable subscription" },
        ja: { id in "\(id)は自動更新サブスクリプションではありません。" })
    public let notSubscribed = Phrase1<String>(
        en: { id in "the signed-in account has no subscription in the group of \(id): buy it first" },
        ja: { id in "サインイン中のアカウントは\(id)のグループのサブスクリプションに登録していません。先に購入してください。" })
    public let subscriptionExpired = Phrase1<String>(
        en: { id in "the subscription to \(id) has ended: buy it again to resubscribe" },
        ja: { id in "\(id)のサブスクリプションは終了しています。もう一度購入すると再登録できます。" })
    public let inBillingRetry = Phrase1<String>(
        en: { id in "the renewal of \(id) is failing (billing retry): fix the billing issue instead of forcing a renewal" },
        ja: { id in "\(id)の更新の支払いが失敗しています(請求の再試行中)。更新を強制せず、請求の問題を解決してください。" })
    public let noBillingIssue = Phrase1<String>(
        en: { id in "the subscription to \(id) has no billing issue to fix" },
        ja: { id in "\(id)のサブスクリプションに解決すべき請求の問題はありません。" })
    public let noPriceIncreasePending = Phrase1<String>(
        en: { id in "the subscription to \(id) has no price increase waiting for consent" },
        ja: { id in "\(id)のサブスクリプションに同意を待っている価格の値上げはありません。" })
    public let unknownStorefront = Phrase1<String>(
        en: { id in "no App Store storefront \(id): use a code such as USA, JPN or DEU" },
        ja: { id in "App Storeのストアフロント\(id)はありません。USA、JPN、DEUなどのコードを指定してください。" })
    public let notSoldIn = Phrase2<String, String>(
        en: { id, storefront in "\(id) is not sold in the \(storefront) storefront, so it has no price there to change" },
        ja: { id, storefront in "\(id)はストアフロント\(storefront)で販売されていないため、変更する価格がありません。" })
    public let invalidPrice = Phrase1<Decimal>(
        en: { price in "a price must be above zero, not \(price)" },
        ja: { price in "価格は0より大きくしてください(\(price)は指定できません)。" })
    public let samePrice = Phrase3<String, Decimal, String>(
        en: { id, price, storefront in "\(id) is charged \(price) in the \(storefront) storefront already: that price is no change" },
        ja: { id, price, storefront in "\(id)はストアフロント\(storefront)ですでに\(price)で請求されています。価格は変わりません。" })
    public let alreadyPurchased = Phrase1<String>(
        en: { id in "the signed-in account owns \(id) already: bought again elsewhere it is only downloaded again, so nothing reaches the app" },
        ja: { id in "サインイン中のアカウントは\(id)をすでに所有しています。ほかの場所でもう一度購入しても再ダウンロードされるだけで、アプリには何も届きません。" })
    // `catalog`: the command that lists the catalog's offers; `expire`: the one that ends the plan subscribed to.
    public let noSuchOfferCode = Phrase3<String, String?, String>(
        en: { code, id, catalog in id.map { "\($0) has no offer code \"\(code)\": `products` lists each subscription's offer codes (\(catalog))" }
            ?? "no subscription sold here has the offer code \"\(code)\": `products` lists each subscription's offer codes (\(catalog))" },
        ja: { code, id, catalog in id.map { "\($0)にオファーコード「\(code)」はありません。各サブスクリプションのオファーコードは products で確認できます（\(catalog)）。" }
            ?? "オファーコード「\(code)」を持つサブスクリプションはこのストアフロントで販売されていません。各サブスクリプションのオファーコードは products で確認できます（\(catalog)）。" })
    public let offerCodeWhileSubscribed = Phrase3<String, String, String>(
        en: { code, id, expire in "the offer code \"\(code)\" starts a subscription, and the signed-in account is subscribed to \(id) in its group: redeem it once that ends (\(expire))" },
        ja: { code, id, expire in "オファーコード「\(code)」はサブスクリプションを開始するものですが、サインイン中のアカウントは同じグループの\(id)を購読中です。終了してから利用してください（\(expire)）。" })
    /// A code not for customers new to its group, or not for those whose plan of it ended.
    public let offerCodeNotForNew = Phrase1<String>(
        en: { code in "the offer code \"\(code)\" is not for customers new to its subscription group, and the signed-in account never subscribed to it" },
        ja: { code in "オファーコード「\(code)」はサブスクリプショングループの新規顧客向けではありません。サインイン中のアカウントはこのグループを購読したことがありません。" })
    public let offerCodeNotForExpired = Phrase1<String>(
        en: { code in "the offer code \"\(code)\" is not for customers whose subscription ended, and the signed-in account's plan of its group has" },
        ja: { code in "オファーコード「\(code)」はサブスクリプションが終了した顧客向けではありません。サインイン中のアカウントのこのグループのプランは終了しています。" })
    public let offerCodeAlreadyRedeemed = Phrase1<String>(
        en: { code in "the offer code \"\(code)\" cannot be redeemed: a code redeemed by the signed-in account already waits for its subscription's next renewal" },
        ja: { code in "オファーコード「\(code)」は利用できません。サインイン中のアカウントが利用したコードが、すでに次回の更新を待っています。" })
    public let noIntroductoryOffer = Phrase2<String, String>(
        en: { id, catalog in "\(id) has no introductory offer: `products` lists each subscription's offers (\(catalog))" },
        ja: { id, catalog in "\(id)に導入オファーはありません。各サブスクリプションのオファーは products で確認できます（\(catalog)）。" })
    public let noSuchBillingPlan = Phrase3<String, String, String>(
        en: { plan, id, catalog in "\(id) sells no billing plan \(plan): `products` lists each subscription's billing plans (\(catalog))" },
        ja: { plan, id, catalog in "\(id)に請求プラン\(plan)はありません。各サブスクリプションの請求プランは products で確認できます（\(catalog)）。" })
    /// `subscribed`: the plan subscribed to, with the command that ends it.
    public let introductoryOfferUnavailable = Phrase2<String, (plan: String, expire: String)?>(
        en: { id, subscribed in subscribed.map { "the introductory offer of \(id) starts a subscription, and the signed-in account is subscribed to \($0.plan) in its group: buy it with no offer, or once that ends (\($0.expire))" }
            ?? "the signed-in account has had an introductory offer in the group of \(id) already (one per group): buy it with no offer" },
        ja: { id, subscribed in subscribed.map { "\(id)の導入オファーはサブスクリプションを開始するものですが、サインイン中のアカウントは同じグループの\($0.plan)を購読中です。オファーなしで購入するか、終了してから購入してください（\($0.expire)）。" }
            ?? "サインイン中のアカウントは\(id)のグループの導入オファーをすでに利用しています（グループごとに1回）。オファーなしで購入してください。" })
    /// `autoRenewOff`: the command that cancels the plan subscribed to instead.
    public let changesAtRenewal = Phrase3<String, String, String>(
        en: { id, plan, autoRenewOff in "\(id) takes the place of \(plan) at its next renewal, so it starts by renewing: it cannot be bought with auto-renew off; buy it renewing, or cancel \(plan) instead (\(autoRenewOff))" },
        ja: { id, plan, autoRenewOff in "\(id)は\(plan)の次回更新時に切り替わるため、更新によって開始されます。自動更新オフでは購入できません。自動更新ありで購入するか、代わりに\(plan)をキャンセルしてください（\(autoRenewOff)）。" })
    public let notCompletedPurchase = Phrase2<String, TransactionState>(
        en: { id, state in "transaction \(id) is not a completed purchase (its state is \(state.rawValue)): only a purchase can be refunded" },
        ja: { id, state in "トランザクション\(id)は完了した購入ではありません(状態は\(state.rawValue))。返金できるのは購入だけです。" })
    public let alreadyRefunded = Phrase1<String>(
        en: { id in "transaction \(id) has already been refunded" },
        ja: { id in "トランザクション\(id)はすでに返金されています。" })
    public let notFinished = Phrase1<String>(
        en: { id in "transaction \(id) is still in the queue: the app has not finished it yet" },
        ja: { id in "トランザクション\(id)はまだキューにあります。アプリがまだ完了していません。" })
    public let consumableProrated = Phrase1<String>(
        en: { id in "transaction \(id) is a consumable: it is refunded in full only" },
        ja: { id in "トランザクション\(id)は消耗型です。全額でのみ返金できます。" })
    public let periodEnded = Phrase1<String>(
        en: { id in "transaction \(id)'s period has ended: no time of it is left to refund in part; refund it in full" },
        ja: { id in "トランザクション\(id)の期間は終了しています。一部返金できる残りの期間がないため、全額で返金してください。" })
    /// `ask`: how the refund by the time left is asked for where the message is read
    /// ("--prorated time-left" on the command line).
    public let proratedByTimeLeft = Phrase2<String, String>(
        en: { id, ask in
            "transaction \(id) is a subscription's period: the App Store refunds part of it by the time left in it, not by a percentage; give \(ask)"
        },
        ja: { id, ask in
            "トランザクション\(id)はサブスクリプションの期間です。App Storeは期間の一部を、割合ではなく残りの期間で返金します。\(ask)を指定してください。"
        })
    /// `ask`: a percentage as it is asked for where the message is read ("--prorated 50").
    public let noPeriodToProrate = Phrase2<String, String>(
        en: { id, ask in "transaction \(id) has no period to refund by the time left in it: give a percentage such as \(ask)" },
        ja: { id, ask in "トランザクション\(id)には残りの期間で返金できる期間がありません。\(ask)のように割合を指定してください。" })
    public let invalidRefundPercentage = Phrase1<String>(
        en: { percent in "a prorated refund is more than 0% and less than 100% of the price, not \(percent)" },
        ja: { percent in "一部返金は価格の0%より大きく100%未満にしてください(\(percent)は指定できません)。" })
    public let signedOut = Phrase(
        en: "no Apple Account is signed in: sign in to clear its purchase history",
        ja: "Apple Accountにサインインしていません。購入履歴を消去するにはサインインしてください。")
    public let otherAccountsPurchase = Phrase1<String>(
        en: { id in "transaction \(id) is another account's purchase: only the signed-in account asks for a refund of its own" },
        ja: { id in "トランザクション\(id)は別のアカウントの購入です。返金をリクエストできるのはサインイン中のアカウント自身の購入だけです。" })
    public let refundAlreadyRequested = Phrase1<String>(
        en: { id in "a refund of transaction \(id) was requested already (RefundRequestError.duplicateRequest)" },
        ja: { id in "トランザクション\(id)の返金はすでにリクエストされています(RefundRequestError.duplicateRequest)。" })
    public let noRefundRequest = Phrase2<String, String>(
        en: { id, pending in "no refund was requested for transaction \(id): `\(pending)` lists the requests waiting" },
        ja: { id, pending in "トランザクション\(id)の返金はリクエストされていません。待機中のリクエストは`\(pending)`で一覧できます。" })
    public let refundRequestAnswered = Phrase2<String, String>(
        en: { id, status in "the refund request for transaction \(id) was answered already (\(status))" },
        ja: { id, status in "トランザクション\(id)の返金リクエストはすでに回答済みです(\(status))。" })
}
