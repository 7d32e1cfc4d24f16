import AppStoreCore

/// How the screens and the app's log word a StoreKit error or a refusal.
///
/// In English an error reads as the store recorded it (`StoreError.message`, kept with the
/// transaction in store.sqlite and printed by the command line), so its words have one home;
/// in Japanese as iOS words StoreKit's errors, found by the error itself. Every error the
/// store and the app make has its Japanese here; one this table does not know (recorded by an
/// earlier storefront in other words, or written into store.sqlite by hand) keeps its
/// recorded words.
public struct ErrorStrings: PhraseTable {
    public static let shared = ErrorStrings()

    public let description = Phrase1<StoreError>(en: { error in error.message },
                                                 ja: { error in ErrorStrings.japanese(error) ?? error.message })
    /// The line under an alert's message: "SKErrorDomain code 2 (paymentCancelled)".
    public let detail = Phrase1<StoreError>(en: { error in "\(error.domain) code \(error.code) (\(error.name))" },
                                            ja: { error in "\(error.domain) コード \(error.code) (\(error.name))" })
    /// How a log line names a StoreKit error by its code and name: "error 2 paymentCancelled".
    public let storeKitLabel = Phrase2<Int, String>(en: { code, name in "error \(code) \(name)" },
                                                    ja: { code, name in "エラー \(code) \(name)" })

    // MARK: The sample app's own refusals (SampleApp's `StoreError` values take their English from here)

    public let purchaseInProgress = Phrase(en: "A purchase is already in progress. Wait for it to finish.",
                                           ja: "購入はすでに処理中です。完了するまでお待ちください。")
    public let restoreInProgress = Phrase(en: "Purchases are being restored. Try again when the restore has finished.",
                                          ja: "購入を復元しています。復元が終わってからもう一度お試しください。")
    public let balanceFull = Phrase(
        en: "The balance cannot take this purchase: it would pass \(Int.max), the most the app can hold. The purchase is not finished: it stays in the queue and comes back at the next launch.",
        ja: "残高にこの購入分を加えられません。Appが保持できる上限(\(Int.max))を超えてしまいます。購入は完了処理されずにキューに残り、次回の起動時にもう一度届きます。")

    /// One of the app's refusals, known by its domain and its English.
    private static func appRefusal(_ error: StoreError) -> Phrase? {
        guard error.domain == StoreError.appDomain else { return nil }
        return [shared.purchaseInProgress, shared.restoreInProgress, shared.balanceFull].first { $0.en == error.message }
    }

    /// The store's and the app's own errors, then StoreKit's codes as the store words them.
    static func japanese(_ error: StoreError) -> String? {
        if let refused = error.invalidQuantity {
            let allowed = refused.maximum == 1 ? "1を指定してください(数量を指定できるのは消耗型だけです)" : "1〜\(refused.maximum)を指定してください"
            return "数量\(refused.quantity)は\(refused.productID)には指定できません。\(allowed)。"
        }
        return switch error {
        case .notConnected: "インターネット接続がオフラインのようです。"
        case .alreadyOwned: "このサブスクリプションには登録済みです。変更や解約は[サブスクリプションの管理]で行えます。"
        case .activeSubscriptionInStorefront:
            "サブスクリプションがあるあいだは国または地域を変更できません。[サブスクリプションの管理]で解約し、期限が切れるまでお待ちください。"
        case .notSignedIn: "先にApple Accountでサインインしてください。"
        case .interrupted: "購入が中断されました。App Storeの更新された規約に同意する必要があります。"
        case .declined: "購入のリクエストは拒否されました。"
        case .restricted:
            "App内課金が制限されています。[設定]>[スクリーンタイム]>[コンテンツとプライバシーの制限]>[iTunesおよびApp Storeでの購入]>[App内課金]で許可してください。"
        case .purchaseLimitExceeded: "月の購入限度を超えました。"
        default: appRefusal(error)?.ja
            ?? error.skCode.flatMap { error == StoreError($0) ? japanese($0) : nil }
            ?? StoreKitErrorCode.allCases.first { StoreError.storeKitError($0) == error }.map(japanese)
            ?? VerificationErrorCode.allCases.first { StoreError.verificationError($0) == error }.map(japanese)
            ?? RefundRequestErrorCode.allCases.first { StoreError.refundRequestError($0) == error }.map(japanese)
        }
    }

    static func japanese(_ code: VerificationErrorCode) -> String {
        switch code {
        case .revokedCertificate: "署名付きデータの証明書チェーンにある証明書が失効しています。"
        case .invalidCertificateChain: "署名付きデータの証明書チェーンが無効です。"
        case .invalidDeviceVerification: "署名付きデータはこのデバイス向けのものではありません。"
        case .invalidEncoding: "署名付きデータのエンコードが正しくありません。"
        case .invalidSignature: "署名付きデータの署名が無効です。"
        case .missingRequiredProperties: "署名付きデータに必須のプロパティがありません。"
        }
    }

    static func japanese(_ code: RefundRequestErrorCode) -> String {
        switch code {
        case .duplicateRequest: "このトランザクションの返金リクエストはすでに送信されています。"
        case .failed: "返金リクエストを送信できませんでした。"
        }
    }

    /// StoreKit 2's StoreKitError, as a Japanese device words it.
    static func japanese(_ code: StoreKitErrorCode) -> String {
        switch code {
        case .unknown: "不明なエラーが発生しました。"
        case .userCancelled: "ユーザがリクエストをキャンセルしました。"
        case .networkError: "ネットワークエラーが発生したため、App Storeに接続できませんでした。"
        case .systemError: "システムエラーが発生しました。"
        case .notAvailableInStorefront: "現在のストアフロントでは利用できません。"
        case .notEntitled: "Appにはこのリクエストを行う権限がありません。"
        case .unsupported: "このデバイスはこのリクエストに対応していません。"
        }
    }

    /// StoreKit's descriptions of its codes, as a Japanese device shows them.
    static func japanese(_ code: SKErrorCode) -> String {
        switch code {
        case .unknown: "iTunes Storeに接続できません。"
        case .clientInvalid: "クライアントはこのリクエストを発行できません。"
        case .paymentCancelled: "ユーザが支払いリクエストをキャンセルしました。"
        case .paymentInvalid: "支払いのパラメータのいずれかがApp Storeで認識されませんでした。"
        case .paymentNotAllowed: "このユーザは支払いを承認できません。"
        case .storeProductNotAvailable: "リクエストされたプロダクトはストアで入手できません。"
        case .cloudServicePermissionDenied: "ユーザがクラウドサービス情報へのアクセスを許可していません。"
        case .cloudServiceNetworkConnectionFailed: "デバイスがネットワークに接続できませんでした。"
        case .cloudServiceRevoked: "ユーザがこのクラウドサービスの使用許可を取り消しました。"
        case .privacyAcknowledgementRequired: "ユーザがApple MusicのAppleプライバシーポリシーにまだ同意していません。"
        case .unauthorizedRequestData: "Appが必要なエンタイトルメントのないプロパティを使用しようとしています。"
        case .invalidOfferIdentifier: "オファーIDが無効です。"
        case .invalidSignature: "支払い割引の署名が無効です。"
        case .missingOfferParams: "支払い割引のパラメータが不足しています。"
        case .invalidOfferPrice: "選択したオファーの価格が無効です。"
        case .overlayCancelled: "ユーザがオーバーレイをキャンセルしました。"
        case .overlayInvalidConfiguration: "オーバーレイの構成が無効です。"
        case .overlayTimeout: "オーバーレイがタイムアウトしました。"
        case .ineligibleForOffer: "ユーザはこのサブスクリプションオファーの対象ではありません。"
        case .unsupportedPlatform: "このプラットフォームはこのリクエストに対応していません。"
        case .overlayPresentedInBackgroundScene: "オーバーレイがバックグラウンドのシーンで表示されました。"
        }
    }
}
