import StoreKitSim

/// A request answered from outside the app that the store cannot take (`QueueError`): an
/// approval, a decline or a resolution of a transaction that is not, or no longer, waiting.
/// A command is given to an entry as its whole command line, built for the store in use.
public struct QueueErrorStrings: PhraseTable {
    public static let shared = QueueErrorStrings()

    public let noSuchTransaction = Phrase3<String, String, String>(
        en: { id, pending, state in "no transaction \(id): `\(pending)` lists the requests waiting, `\(state)` every transaction" },
        ja: { id, pending, state in
            "トランザクション\(id)はありません。待機中のリクエストは`\(pending)`、すべてのトランザクションは`\(state)`で一覧できます。"
        })
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
}
