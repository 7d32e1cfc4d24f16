/// The panel of Ask to Buy requests and interrupted purchases waiting for someone.
public struct ApprovalStrings: PhraseTable {
    public static let shared = ApprovalStrings()

    public let title = Phrase(en: "Waiting: Ask to Buy and Interrupted Purchases",
                              ja: "保留中: 承認と購入のリクエスト・中断された購入")
    public let noneWaiting = Phrase(en: "No requests are waiting.", ja: "保留中のリクエストはありません。")
    public let askToBuy = Phrase(en: "ask to buy", ja: "承認と購入")
    public let interrupted = Phrase(en: "interrupted", ja: "中断")
    public let approve = Phrase(en: "Approve", ja: "承認")
    public let decline = Phrase(en: "Decline", ja: "拒否")
    public let agreeToTerms = Phrase(en: "Agree to terms", ja: "規約に同意")
    /// Where else requests are answered: the command, on one line when it fits…
    public let alsoFromAnotherTerminal = Phrase1<String>(en: { command in "Also from another terminal: \(command)" },
                                                         ja: { command in "別のターミナルからも: \(command)" })
    /// …else shorter, wrapped.
    public let also = Phrase1<String>(en: { command in "Also: \(command)" }, ja: { command in "別端末から: \(command)" })
}
