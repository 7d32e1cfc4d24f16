/// The Transaction Manager's sheet for buying a subscription outside the app: the terms it
/// will be bought at, the offer and whether it renews, as Xcode's "+" sheet chooses them.
public struct BuyOutsideStrings: PhraseTable {
    public static let shared = BuyOutsideStrings()

    public let offer = Phrase1<String>(en: { choice in "Offer: ‹ \(choice) ›" }, ja: { choice in "オファー: ‹ \(choice) ›" })
    public let introductoryOffer = Phrase(en: "Introductory offer", ja: "導入オファー")
    public let offerCode = Phrase1<String>(en: { code in "Offer code \(code)" }, ja: { code in "オファーコード \(code)" })
    public let noOffer = Phrase(en: "No offer (full price)", ja: "オファーなし(通常価格)")
    public let renews = Phrase1<Bool>(en: { on in "[\(on ? "x" : " ")] Auto-renew" },
                                      ja: { on in "[\(on ? "x" : " ")] 自動更新" })
    public let renewsNote = Phrase(en: "Renews automatically until cancelled.", ja: "キャンセルされるまで自動的に更新されます。")
    public let endsNote = Phrase(en: "Does not renew: it ends with its period.", ja: "自動更新されません。期間の終了とともに終わります。")
    public let keys = Phrase(en: "⏎ buy  ←→ offer  space auto-renew  Esc back",
                             ja: "⏎ 購入  ←→ オファー  space 自動更新  Esc 戻る")
}
