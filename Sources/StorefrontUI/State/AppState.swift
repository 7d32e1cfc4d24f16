import Foundation
import StoreKitSim

/// Everything the storefront shows. Views draw it; `update` changes it.
public struct AppState: Equatable, Sendable {
    public var catalog: Catalog
    public var snapshot = StoreSnapshot()
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
    /// Whether the terminal draws ASCII stand-ins (no UTF-8 locale): the header says so.
    public var asciiOnly = false

    public init(catalog: Catalog, width: Int, height: Int, now: Date) {
        self.catalog = catalog
        self.width = width
        self.height = height
        self.now = now
        selection = rows.firstIndex(where: \.isSelectable) ?? 0
    }

    public var storefront: Storefront {
        catalog.storefront(snapshot.settings.storefront) ?? catalog.storefronts[0]
    }

    public var language: String { storefront.language }

    public var selectedRow: StoreRow? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
    }

    /// Products cannot be bought: In-App Purchases are restricted (canMakePayments false).
    public var isRestricted: Bool { !snapshot.settings.canMakePayments }

    /// Something is on its way: the loop ticks the store and animates the spinner.
    public var isBusy: Bool {
        if case .restoring = mode { return true }
        if case .sheet(let sheet) = mode, case .purchasing = sheet.stage { return true }
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
