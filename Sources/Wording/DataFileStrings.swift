/// What to do about a data file storefront refuses (`DataFileError.Remedy`), the line under
/// the file, where in it and what is wrong. A command is given to an entry as its whole
/// command line (`storefront --data-dir … reset`), built for the store in use.
public struct DataFileStrings: PhraseTable {
    public static let shared = DataFileStrings()

    // MARK: Remedies

    public let resetStore = Phrase1<String>(
        en: { reset in
            "storefront leaves it untouched. Run `\(reset)` to start afresh (it keeps this file aside as store.sqlite.broken-…), or use another --data-dir."
        },
        ja: { reset in
            "storefrontはこのファイルに手を付けません。`\(reset)`で最初からやり直すか(このファイルはstore.sqlite.broken-…として残します)、別の--data-dirを使ってください。"
        })
    public let resetLegacyStore = Phrase1<String>(
        en: { reset in
            "storefront leaves it untouched and does not migrate it to store.sqlite. Fix it by hand, or run `\(reset)` to start afresh (it keeps this file aside as store.json.broken-…)."
        },
        ja: { reset in
            "storefrontはこのファイルに手を付けず、store.sqliteへの移行もしません。手で直すか、`\(reset)`で最初からやり直してください(このファイルはstore.json.broken-…として残します)。"
        })
    /// `fix`: one of the fixes by hand below.
    public let resetApp = Phrase2<String, String>(
        en: { fix, deleteApp in
            "storefront leaves it untouched. \(fix), or run `\(deleteApp)` to delete the app (it keeps this file aside as UserDefaults.json.broken-…)."
        },
        ja: { fix, deleteApp in
            "storefrontはこのファイルに手を付けません。\(fix)か、`\(deleteApp)`でAppを削除してください(このファイルはUserDefaults.json.broken-…として残します)。"
        })
    public let repointLink = Phrase(
        en: "storefront leaves it untouched. Point the link at the app's file, or remove it (the app then starts with no data).",
        ja: "storefrontはこのリンクに手を付けません。リンクの参照先をAppのファイルにするか、リンクを削除してください(Appはデータなしで始まります)。")
    public let startAfresh = Phrase1<String>(
        en: { reset in "Run `\(reset)` to start afresh, or use another --data-dir." },
        ja: { reset in "`\(reset)`で最初からやり直すか、別の--data-dirを使ってください。" })
    public let useNewerVersion = Phrase(en: "Use that newer storefront, or another --data-dir.",
                                        ja: "そのより新しいstorefrontを使うか、別の--data-dirを使ってください。")
    public let removeStrayFile = Phrase(
        en: "storefront never writes through it. Remove it if you did not put it there, or use another --data-dir.",
        ja: "storefrontがこれを通して書き込むことはありません。自分で置いたものでなければ削除するか、別の--data-dirを使ってください。")
    public let copyToOwnFile = Phrase(
        en: "Make it a file of its own (copy it, then move the copy over it), or use another --data-dir.",
        ja: "コピーを作ってそれで置き換え、単独のファイルにするか、別の--data-dirを使ってください。")
    public let fixDirectoryPermissions = Phrase(en: "Fix the data directory's permissions, or use another --data-dir.",
                                                ja: "データディレクトリのアクセス権を直すか、別の--data-dirを使ってください。")
    public let fixPermissions = Phrase(en: "Fix its permissions (and the data directory's), or use another --data-dir.",
                                       ja: "このファイル(とデータディレクトリ)のアクセス権を直すか、別の--data-dirを使ってください。")
    public let waitForOtherProcess = Phrase(en: "Try again when it has finished.", ja: "その処理が終わってから、もう一度お試しください。")
    public let freeDiskSpace = Phrase(en: "Free some space, then try again.", ja: "空き容量を増やしてから、もう一度お試しください。")
    public let retryWrite = Phrase(
        en: "Its previous content is kept. Free some disk space or fix the data directory's permissions, then try again.",
        ja: "以前の内容はそのまま残っています。ディスクの空き容量を増やすかデータディレクトリのアクセス権を直してから、もう一度お試しください。")
    /// `isLink`: the lock file is a symbolic link, which someone else may have made.
    public let replaceLockFile = Phrase1<Bool>(
        en: { isLink in
            "storefront leaves it as it is: remove it (storefront makes a new lock file), or use another data directory."
                + (isLink ? " If you did not make the link, someone else can write to this directory." : "")
        },
        ja: { isLink in
            "storefrontはこれをそのままにします。削除するか(storefrontが新しいロックファイルを作ります)、別のデータディレクトリを使ってください。"
                + (isLink ? "このリンクを作ったのが自分でなければ、ほかの誰かがこのディレクトリに書き込めます。" : "")
        })
    public let useAnotherDataDirectory = Phrase(
        en: "Use another data directory (--data-dir DIR or $STOREFRONT_DATA_DIR), or fix this one's permissions.",
        ja: "別のデータディレクトリを使うか(--data-dir DIRまたは$STOREFRONT_DATA_DIR)、このディレクトリのアクセス権を直してください。")
    public let checkCatalogPath = Phrase(en: "Check the path given to --catalog.", ja: "--catalogに指定したパスを確認してください。")
    public let fixCatalog = Phrase(
        en: "Fix the catalog (its format is in docs/catalogs.md) or run without --catalog to use the default.",
        ja: "カタログを直すか(形式はdocs/catalogs.mdに記載)、--catalogを付けずに実行してデフォルトのカタログを使ってください。")
    public let fixAppDescription = Phrase(
        en: "Fix the app description (its format is in docs/catalogs.md), or move it away to see the catalog with the generic app.",
        ja: "Appの記述を直すか(形式はdocs/catalogs.mdに記載)、ほかの場所へ移して汎用のAppでカタログを表示してください。")
    /// `missing`: the storefront the store is set to, which the catalog lacks.
    public let chooseStorefront = Phrase2<String, String>(
        en: { choose, missing in "Choose one with `\(choose)`, or use the --catalog that has \(missing)." },
        ja: { choose, missing in "`\(choose)`でいずれかを選ぶか、\(missing)のある--catalogを使ってください。" })
    public let replaceReceipt = Phrase(
        en: "storefront leaves it untouched. Move it aside and storefront writes the account's receipt again from the store's records.",
        ja: "storefrontはこのファイルに手を付けません。ほかの場所へ移すと、storefrontがストアの記録からアカウントのレシートを書き直します。")
    /// `certificate`: the command that writes the new root certificate.
    public let replaceSigningChain = Phrase1<String>(
        en: { certificate in
            "storefront leaves it untouched. Move it aside and storefront makes a new signing chain; a backend that trusted the old root must then be given the new one (`\(certificate)`)."
        },
        ja: { certificate in
            "storefrontはこのファイルに手を付けません。ほかの場所へ移すとstorefrontが新しい署名用の証明書チェーンを作ります。以前のルート証明書を信頼していたバックエンドには、新しいルート証明書を渡してください(`\(certificate)`)。"
        })
    /// `offerKey`: the command that writes the new key for a backend.
    public let replaceSubscriptionOffersKey = Phrase1<String>(
        en: { offerKey in
            "storefront leaves it untouched. Move it aside and storefront makes a new subscription-offers key; a backend that signed promotional offers with the old one must then be given the new one (`\(offerKey)`)."
        },
        ja: { offerKey in
            "storefrontはこのファイルに手を付けません。ほかの場所へ移すとstorefrontが新しいサブスクリプションオファーのキーを作ります。以前のキーでプロモーションオファーに署名していたバックエンドには、新しいキーを渡してください(`\(offerKey)`)。"
        })

    // MARK: Fixes by hand of UserDefaults.json, the start of `resetApp`

    public let editValue = Phrase(en: "Fix the value by hand", ja: "値を手で直す")
    public let editFile = Phrase(en: "Fix it by hand", ja: "手で直す")
    public let removeFile = Phrase(en: "Remove it by hand", ja: "手で削除する")
    public let grantPermission = Phrase(en: "Give yourself read and write permission on it (chmod u+rw)",
                                        ja: "自分に読み書きのアクセス権を与える(chmod u+rw)")
    public let replaceWithFile = Phrase(en: "Put the app's JSON file there instead", ja: "代わりにAppのJSONファイルをそこに置く")
}
