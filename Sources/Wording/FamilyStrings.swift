import Foundation
import AppStoreCore

/// Family Sharing's words: the product's note, the log and banners of a shared purchase and
/// of one revoked, the Transaction Manager's ownership and actions, and the store's refusals
/// (`FamilyError`, worded in StorefrontUI with the commands that answer them).
public struct FamilyStrings: PhraseTable {
    public static let shared = FamilyStrings()

    // The store screen's detail of a family-shareable product.
    public let shareable = Phrase(en: "Family Sharing: can be shared with your family", ja: "ファミリー共有: ファミリーと共有できます")
    /// Bought by this account, and shared with its family now.
    public let sharedWithFamily = Phrase(en: "Family Sharing: shared with your family", ja: "ファミリー共有: ファミリーと共有中")
    /// Owned through a family member's purchase.
    public let sharedWithYou = Phrase(en: "Family Sharing: bought by a family member", ja: "ファミリー共有: ファミリーのメンバーが購入")

    // The log and banners.
    public let sharedBanner = Phrase1<String>(en: { item in "✓ Shared by your family: \(item)" },
                                              ja: { item in "✓ ファミリーから共有されました: \(item)" })
    /// A shared subscription renewed with the purchaser's plan.
    public let sharedRenewalBanner = Phrase1<String>(en: { item in "✓ Subscription renewed: \(item) (shared by your family)" },
                                                     ja: { item in "✓ サブスクリプションを更新しました: \(item) (ファミリー共有)" })
    public let revoked = Phrase2<String, String>(en: { id, takeBack in "\(id) no longer shared by the family  \(takeBack)" },
                                                 ja: { id, takeBack in "\(id) ファミリー共有が終了  \(takeBack)" })
    public let revokedBanner = Phrase2<String, String>(en: { item, end in "✗ No longer shared by your family: \(item) — \(end)" },
                                                       ja: { item, end in "✗ ファミリー共有が終了しました: \(item) — \(end)" })
    /// An update's note in the log.
    public let sharedNote = Phrase(en: "family shared", ja: "ファミリー共有")

    // The Transaction Manager.
    public let familyShared = Phrase(en: "Family Shared", ja: "ファミリー共有")
    /// A family-shared transaction revoked.
    public let sharingEnded = Phrase(en: "Sharing ended", ja: "共有終了")
    public let stopSharing = Phrase(en: "Stop Family Sharing", ja: "ファミリー共有を停止")
    public let startSharing = Phrase(en: "Share with Family", ja: "ファミリーと共有")
    public let leaveFamily = Phrase(en: "Leave Family", ja: "ファミリーから脱退")
    public let createFamily = Phrase(en: "Create Family", ja: "ファミリーを作成")
    public let addMember = Phrase(en: "Add Family Member", ja: "ファミリーのメンバーを追加")
    public let removeMember = Phrase(en: "Remove Family Member", ja: "ファミリーのメンバーを削除")
    public let memberBuys = Phrase(en: "Family Member Buys", ja: "ファミリーのメンバーが購入")

    // Refusals.
    public let noAccount = Phrase(en: "no Apple Account is named or signed in: name the account, or sign in",
                                  ja: "Apple Accountが指定されておらず、サインインもしていません。アカウントを指定するか、サインインしてください。")
    public let alreadyInFamily = Phrase2<String, String>(
        en: { account, organizer in "\(account) is in the family of \(organizer) already: an account is in one family at most" },
        ja: { account, organizer in "\(account)はすでに\(organizer)のファミリーに入っています。入れるファミリーは1つだけです。" })
    /// `create`, `add`: the commands that make a family and add to one.
    public let notInFamily = Phrase3<String, String, String>(
        en: { account, create, add in "\(account) is in no family: `\(create)` makes one, `\(add)` adds to one" },
        ja: { account, create, add in "\(account)はどのファミリーにも入っていません。`\(create)`で作成し、`\(add)`で追加できます。" })
    public let familyFull = Phrase2<String, Int>(
        en: { organizer, most in "the family of \(organizer) is full: an organizer and \(most) members at most" },
        ja: { organizer, most in "\(organizer)のファミリーは満員です(管理者とメンバー\(most)人まで)。" })
    public let notShareable = Phrase1<String>(
        en: { id in "\(id) is not family-shareable (the catalog's familyShareable, non-consumables)" },
        ja: { id in "\(id)はファミリー共有できません(カタログのfamilyShareable、非消耗型のみ)。" })
    public let notPurchased = Phrase2<String, String>(
        en: { account, id in "\(account) has not bought \(id): only a purchase of its own is shared with the family" },
        ja: { account, id in "\(account)は\(id)を購入していません。ファミリーと共有できるのは自分で購入したものだけです。" })
    public let sharedNotRefundable = Phrase1<String>(
        en: { id in "transaction \(id) is family-shared: only the purchaser's purchase can be refunded" },
        ja: { id in "トランザクション\(id)はファミリー共有されたものです。返金できるのは購入者の購入だけです。" })
}
