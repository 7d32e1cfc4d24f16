/// The unconsumed purchases: the panel (`u`), its log lines and its refusals.
public struct UnconsumedStrings: PhraseTable {
    public static let shared = UnconsumedStrings()

    // MARK: Panel

    public let title = Phrase(en: "Unconsumed Purchases", ja: "未消費の購入")
    public let intro = Phrase(en: "Delivered and not yet used, oldest first. Consuming uses them up.",
                              ja: "配信済みでまだ使っていない購入です(古い順)。消費すると使い切ります。")
    public let transaction = Phrase(en: "Transaction", ja: "取引")
    public let product = Phrase(en: "Product", ja: "商品")
    public let quantity = Phrase(en: "Qty", ja: "数量")
    public let purchased = Phrase(en: "Purchased", ja: "購入日時")
    public let left = Phrase(en: "Left", ja: "残り")
    /// The row of a balance no listed purchase accounts for.
    public let earlier = Phrase(en: "earlier balance", ja: "以前の残高")
    public let earlierNote = Phrase(en: "Earlier balance: held before purchases were listed one by one; used first.",
                                    ja: "以前の残高: 購入ごとに記録する前からの分で、最初に使います。")
    public let none = Phrase(en: "Nothing unconsumed: everything delivered has been used.",
                             ja: "未消費の購入はありません: 配信した分はすべて使いました。")
    /// The balance row under the list: the key it is kept under and its total.
    public let balance = Phrase2<String, Int>(en: { key, total in "\(key): \(total) in all" },
                                              ja: { key, total in "\(key): 合計 \(total)" })

    public let panelWaits = Phrase(en: "the unconsumed purchases wait", ja: "未消費の購入は待機中です")
    public let leftOf = Phrase2<Int, Int>(en: { left, delivered in "\(left) of \(delivered)" },
                                          ja: { left, delivered in "\(delivered)中\(left)" })

    // MARK: Keys

    public let key = Phrase(en: "unconsumed", ja: "未消費")
    public let keyWaiting = Phrase1<Int>(en: { count in "unconsumed (\(count))" }, ja: { count in "未消費 (\(count))" })
    public let help = Phrase(en: "unconsumed purchases: consume them", ja: "未消費の購入: 選んで消費する")
    public let consume = Phrase(en: "consume", ja: "消費")
    public let useOne = Phrase(en: "use 1 (oldest)", ja: "1つ使う (古い順)")

    // MARK: Log

    /// `what`: the units and the balance after (`creditsConsumed`, `unitsConsumed`).
    public let consumed = Phrase2<String, String>(en: { id, what in "\(id) consumed  \(what)" },
                                                  ja: { id, what in "\(id) 消費  \(what)" })
    public let earlierConsumed = Phrase1<String>(en: { what in "earlier balance consumed  \(what)" },
                                                 ja: { what in "以前の残高から消費  \(what)" })
    public let creditsConsumed = Phrase2<Int, Int>(en: { units, balance in "-\(units) credit\(units == 1 ? "" : "s") (balance \(balance))" },
                                                   ja: { units, balance in "-\(units)クレジット (残高 \(balance))" })
    public let unitsConsumed = Phrase2<Int, Int>(en: { units, balance in "-\(units) (balance \(balance))" },
                                                 ja: { units, balance in "-\(units) (残高 \(balance))" })
    public let leftUnconsumed = Phrase1<Int>(en: { left in "(\(left) left unconsumed)" }, ja: { left in "(未消費 残り\(left))" })
    public let usedUp = Phrase(en: "(used up: off the unconsumed list)", ja: "(使い切り: 未消費の一覧から外れました)")

    // MARK: Refusals

    public let notUnconsumed = Phrase1<String>(en: { id in "\(id): nothing unconsumed to consume" },
                                               ja: { id in "\(id): 消費できる未消費の分はありません" })
    public let notEnough = Phrase3<String, Int, Int>(
        en: { id, available, asked in "\(id): only \(available) unconsumed, cannot consume \(asked); nothing was consumed" },
        ja: { id, available, asked in "\(id): 未消費は\(available)だけで、\(asked)は消費できません。何も消費していません" })
    public let invalidQuantity = Phrase1<Int>(en: { quantity in "quantity must be 1 or more, not \(quantity)" },
                                              ja: { quantity in "数量は1以上にしてください(\(quantity)は不可)" })
}
