import Foundation
import SampleApp
import AppStoreCore
import Wording

/// Everything the storefront shows. Views draw it; `update` changes it.
public struct AppState: Equatable, Sendable {
    public var catalog: Catalog
    /// What the app is: its name, content, credits and the identifiers it asks for.
    public var appDescription: AppDescription
    public var snapshot = StoreSnapshot()
    /// The products request on its way is the user's retry (R): its failure is said out loud.
    public var isRetryingProducts = false
    public var mode = Mode.store
    /// Index into `rows` of the selected store row.
    public var selection = 0
    /// First row shown in the store list.
    public var scroll = 0
    /// The live log: what this session saw, oldest first.
    public var log: [LogLine] = []
    /// Transactions finished before this launch: the live log starts with the latest of them.
    public var earlier: [Transaction] = []
    public var width: Int
    public var height: Int
    public var now: Date
    /// Advances while something is in flight, to animate the spinner.
    public var spinner = 0
    public var quitting = false
    /// Whether the terminal shows colours (NO_COLOR, monochrome terminals).
    public var colors = true
    /// A transaction update that came from outside (a parent's approval, a renewal), shown
    /// for a few seconds besides its log line.
    public var banner: Banner?
    /// How the commands the storefront suggests are typed: with its --data-dir and --catalog.
    public var commandLine = CommandLineHint.current
    /// How times are shown: in the local time zone (TZ).
    public var times = TimeDisplay()
    /// Why the terminal draws ASCII stand-ins, if it does: the header says so.
    public var ascii: ASCIIReason?
    /// The App Store's messages waiting for the store screen to be in front, oldest first.
    public var pendingMessages: [StoreMessage] = []
    /// The full log's page of the store's transactions.
    public var logPage = LogPage()
    /// The full log's chosen entry and its signed form sheet.
    public var logSelection = LogSelection()
    /// The promoted purchases whose sheet this run opened: each is continued once (bought or
    /// cancelled, the store forgets it).
    public var continuedIntents: Set<PurchaseIntent> = []
    /// The promoted purchases the log said are held, so it says so once.
    public var heldIntents: Set<PurchaseIntent> = []
    /// Background problems (a broken file) already in the log and still there, told apart by
    /// their English words, so that one that lasts is logged once; and those met since the
    /// last tick (`Update+Failures`).
    public var reportedProblems: Set<String> = []
    public var problemsThisTick: Set<String> = []
    /// The store list last made (`rows`), shared by copies of this state.
    var rowsMemo = StoreRowsMemo()

    public init(catalog: Catalog, appDescription: AppDescription, width: Int, height: Int, now: Date) {
        self.catalog = catalog
        self.appDescription = appDescription
        self.width = width
        self.height = height
        self.now = now
        selection = rows.firstIndex(where: \.isSelectable) ?? 0
    }

    public var storefront: AppStoreStorefront { snapshot.settings.appStoreStorefront }

    /// The device's locale: product localizations, the app's content and words follow it.
    public var locale: String { snapshot.settings.locale }

    /// The language of the device's locale: "en", "ja".
    public var language: String { LocaleMatch.language(of: LocaleMatch.normalized(locale)) }

    /// The app's own words, in the language of the screen. A terminal that can show only
    /// ASCII could not show Japanese: it gets the English ones.
    public var strings: Strings { ascii == nil ? Strings(languageCode: language) : .english }

    /// A date in the App Store's sheets and panels, in the screen's language: "Dec 6, 2026",
    /// "2026年12月6日". The command line, the log and the Transaction Manager keep ISO dates.
    public func localDate(_ date: Date) -> String { times.localDate(date, language: strings.languageCode) }

    public var selectedRow: StoreRow? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
    }

    /// Products cannot be bought: In-App Purchases are restricted (canMakePayments false).
    public var isRestricted: Bool { !snapshot.settings.canMakePayments }

    /// Something is on its way: the loop ticks the store and animates the spinner. A purchase
    /// or restore waiting for the side button is not: nothing happens until a key.
    public var isBusy: Bool {
        if case .restoring = mode { return snapshot.awaitingSideButton != .restore }
        if case .sheet(let sheet) = mode, case .purchasing(let id) = sheet.stage {
            return snapshot.awaitingSideButton != .purchase(transactionID: id)
        }
        return false
    }
}

/// One line of the live transaction log.
public struct LogLine: Equatable, Sendable {
    public var date: Date
    public var text: String
    public var tint: Tint?

    public init(date: Date, text: String, tint: Tint?) {
        self.date = date
        self.text = text
        self.tint = tint
    }
}

/// A one-line notice of a transaction update the user did not start here, as iOS shows a
/// notification: it goes by itself at `expires`.
public struct Banner: Equatable, Sendable {
    /// How long a banner stays, in seconds.
    public static let duration: TimeInterval = 4

    public var transactionID: String
    public var text: String
    public var tint: Tint
    public var expires: Date

    public init(transactionID: String, text: String, tint: Tint, expires: Date) {
        self.transactionID = transactionID
        self.text = text
        self.tint = tint
        self.expires = expires
    }
}
