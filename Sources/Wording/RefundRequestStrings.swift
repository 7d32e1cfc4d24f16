import AppStoreCore

/// The refund request sheet (StoreKit's `beginRefundRequest`), what the app logs of its answer,
/// and the App Store's answers as the log and the Transaction Manager tell them.
public struct RefundRequestStrings: PhraseTable {
    public static let shared = RefundRequestStrings()

    // MARK: The sheet

    public let title = Phrase(en: "Request a Refund", ja: "返金をリクエスト")
    public let purchased = Phrase2<String, String>(en: { day, price in "Purchased \(day) · \(price)" },
                                                   ja: { day, price in "\(day)に購入 · \(price)" })
    public let chooseReason = Phrase(en: "Why are you requesting a refund?", ja: "返金をリクエストする理由を選んでください。")
    public let reasonFirst = Phrase(en: "Choose a reason (↑↓) to submit.", ja: "送信するには理由を選んでください(↑↓)。")
    public let submit = Phrase(en: "Submit", ja: "送信")
    public let unintendedPurchase = Phrase(en: "I didn't intend to make this purchase", ja: "意図せずに購入しました")
    public let fulfillmentIssue = Phrase(en: "I didn't receive what I purchased, or it doesn't work",
                                         ja: "購入したものが届かない、または機能しません")
    public let unsatisfiedWithPurchase = Phrase(en: "The purchase didn't meet my expectations",
                                                ja: "購入したものが期待どおりではありませんでした")
    public let legal = Phrase(en: "A legal reason (consumer law)", ja: "法的な理由(消費者保護法)")
    public let other = Phrase(en: "Other", ja: "その他")

    /// The sheet's words for `reason`.
    public func reason(_ reason: RefundRequestReason, in strings: Strings) -> String {
        let words = strings.refunds
        return switch reason {
        case .unintendedPurchase: words.unintendedPurchase
        case .fulfillmentIssue: words.fulfillmentIssue
        case .unsatisfiedWithPurchase: words.unsatisfiedWithPurchase
        case .legal: words.legal
        case .other: words.other
        }
    }

    // MARK: Before the sheet

    public let cannotRequestTitle = Phrase(en: "Cannot Request a Refund", ja: "返金をリクエストできません")
    public let nothingToRefundTitle = Phrase(en: "No Purchase to Refund", ja: "返金できる購入はありません")
    public let nothingToRefund = Phrase(
        en: "Select a product this Apple Account bought (and the app finished) to request a refund of its latest purchase.",
        ja: "このApple Accountが購入した(Appが完了した)プロダクトを選ぶと、その最新の購入の返金をリクエストできます。")
    public let alreadyRequested = Phrase1<String>(
        en: { status in "A refund of this purchase was requested already (\(status))." },
        ja: { status in "この購入の返金はすでにリクエストされています(\(status))。" })
    public let statusPending = Phrase(en: "waiting for the App Store", ja: "App Storeの回答待ち")
    public let statusApproved = Phrase(en: "approved", ja: "承認済み")
    public let statusDeclined = Phrase(en: "declined", ja: "却下")

    public func status(_ status: RefundRequestStatus, in strings: Strings) -> String {
        let words = strings.refunds
        return switch status {
        case .pending: words.statusPending
        case .approved: words.statusApproved
        case .declined: words.statusDeclined
        }
    }

    // MARK: The log

    public let submitted = Phrase2<String, String>(
        en: { id, name in "\(id) refund requested: \(name)  → .success" },
        ja: { id, name in "\(id) 返金をリクエスト: \(name)  → .success" })
    public let cancelled = Phrase1<String>(
        en: { name in "refund request cancelled: \(name)  → .userCancelled" },
        ja: { name in "返金リクエストをキャンセル: \(name)  → .userCancelled" })
    public let declinedNews = Phrase1<String>(
        en: { name in "\(name): the App Store declined the refund request (nothing is revoked)" },
        ja: { name in "\(name): App Storeが返金リクエストを却下しました(取り消されるものはありません)" })

    // MARK: The store condition

    public let policyApprove = Phrase(en: "approve at once, in full", ja: "すぐに全額を承認")
    public let policyProrated = Phrase(en: "approve at once, 50% prorated", ja: "すぐに50%の一部返金で承認")
    public let policyDecline = Phrase(en: "decline", ja: "却下")
    public let policyManual = Phrase(en: "wait for an answer (t)", ja: "回答を待つ(t)")

    public func policy(_ policy: RefundRequestPolicy, in strings: Strings) -> String {
        let words = strings.refunds
        return switch policy {
        case .approve: words.policyApprove
        case .prorated: words.policyProrated
        case .decline: words.policyDecline
        case .manual: words.policyManual
        }
    }

    // MARK: Keys

    public let key = Phrase(en: "refund", ja: "返金")
    /// The sheet's ↑↓.
    public let reasonKey = Phrase(en: "reason", ja: "理由")
}
