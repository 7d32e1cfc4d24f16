import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// store.json, where storefront kept the store's records before store.sqlite. A data
/// directory that has one is migrated on first open; the file is then kept aside as
/// store.json.migrated, never deleted.
enum LegacyStoreFile {
    struct Contents {
        var records: StoreWorkingSet
        /// Size and hash of the file, kept in the database so an interrupted migration is
        /// recognised and finished at the next open.
        var fingerprint: String
    }

    /// A store.json grew by some 200 bytes a transaction: a million of them fit.
    static let maximumSize = 256 << 20

    static let remedy = DataFileError.Remedy.resetLegacyStore

    /// The records in store.json, or nil when there is none. One that cannot be read is refused.
    static func read(_ url: URL) throws -> Contents? {
        guard let data = try DataFileReader.contents(of: url, remedy: remedy, limit: maximumSize) else { return nil }
        let records: StoreWorkingSet
        do {
            records = try JSONCoding.decoder().decode(StoreWorkingSet.self, from: data)
        } catch let error as StoreWorkingSet.Exhausted {
            throw DataFileError(path: url.path, location: "$.transactions", problem: "\(error)", remedy: remedy)
        } catch {
            throw JSONDiagnostics.error(error, in: data, path: url.path, remedy: remedy)
        }
        guard records.version <= StoreWorkingSet.currentVersion else {
            throw DataFileError(path: url.path, location: "$.version",
                                problem: "written by a newer storefront (version \(records.version))",
                                remedy: .useNewerVersion)
        }
        for (i, t) in records.transactions.enumerated() where !t.hasPossibleQuantity {
            throw DataFileError(path: url.path, location: "$.transactions[\(i)].quantity",
                                problem: "must be 1 to \(Product.largestQuantity), not \(t.purchasedQuantity)", remedy: remedy)
        }
        // A purchase in no phase, or waiting with no answer due, would never be answered.
        for (i, t) in records.transactions.enumerated() where !t.hasPossiblePhase || !t.hasPossibleDueDate {
            let phase = t.queueState.phase.map { "waits as \($0.rawValue)" } ?? "waits for nobody"
            throw DataFileError(path: url.path, location: "$.transactions[\(i)]",
                                problem: t.hasPossiblePhase
                                    ? "\(phase) \(t.queueState.dueDate == nil ? "with no dueDate" : "with a dueDate"), which no transaction can"
                                    : "\(phase), which a \(t.queueState.state.rawValue) transaction (\(t.queueState.finished ? "finished" : "not finished")) cannot",
                                remedy: remedy)
        }
        // Two transactions under one id would make approve, decline and finish act on the wrong one.
        var seen = Set<String>()
        for (i, t) in records.transactions.enumerated() where !seen.insert(t.id).inserted {
            throw DataFileError(path: url.path, location: "$.transactions[\(i)].id",
                                problem: "\"\(t.id)\" is the id of an earlier transaction too; ids must be unique",
                                remedy: remedy)
        }
        return Contents(records: records, fingerprint: fingerprint(data))
    }

    /// Copies the records into a new, empty database.
    static func copy(_ contents: Contents, into db: Database) throws {
        // Written whole, defaults included, so the store says what it was migrated with.
        try StoreSettingsRows.write(contents.records.settings, over: nil, db)
        try db.execute(sql: "UPDATE store SET nextTransactionNumber = ?, restoreDueDate = ?, migratedFrom = ? WHERE id = 1",
                       arguments: [contents.records.nextTransactionNumber,
                                   contents.records.restoreDueDate.map(TransactionRow.milliseconds), contents.fingerprint])
        // store.json knew one account: its purchases are the signed-in account's (the default
        // sandbox account's when signed out), as for a v1 store.sqlite.
        // Its kinds are read as v2 reads a v1 store's: a purchase with an original transaction
        // renews it, or resolves it when the original failed.
        let account = contents.records.settings.account ?? Settings.defaultAccount
        let states = Dictionary(contents.records.transactions.map { ($0.id, $0.queueState.state) }, uniquingKeysWith: { $1 })
        for t in contents.records.transactions {
            let reason = t.reason ?? (t.queueState.state == .restored ? nil
                : t.originalID.map { states[$0] == .failed ? .resolution : .renewal } ?? .purchase)
            try TransactionRow.insert(t.madeBy(t.account ?? account, reason: reason), db)
        }
        try SubscriptionRow.write(contents.records.subscriptions, over: [], db)
        try PriceChangeRow.write(contents.records.priceChanges, over: [], db)
        try PurchaseIntentRow.write(contents.records.purchaseIntents, over: [], db)
        try RefundRequestRow.write(contents.records.refundRequests, over: [], db)
    }

    /// Once the database holds what store.json held, store.json goes aside as
    /// store.json.migrated (a kill between the two steps is finished here, at the next open).
    static func keepAsideIfMigrated(_ directory: DataDirectory, database: DatabaseQueue) throws {
        let url = directory.legacyStoreURL
        guard FileManager.default.fileExists(atPath: url.path),
              let migrated = try? database.read({ db in try String.fetchOne(db, sql: "SELECT migratedFrom FROM store") }),
              let data = try? DataFileReader.contents(of: url, remedy: remedy, limit: maximumSize),
              fingerprint(data) == migrated else { return }
        let aside = AsideName.free(for: url, suffix: "migrated")
        guard (try? POSIX.move(url.path, to: aside.path)) != nil else { return }
        POSIX.syncDirectory(directory.url.path)
    }

    /// Size and 64-bit FNV-1a hash of the bytes.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\(data.count) bytes, fnv1a \(String(hash, radix: 16))"
    }
}

/// A name beside a file for keeping it aside, never one already taken: NAME.SUFFIX, then
/// NAME.SUFFIX-2, NAME.SUFFIX-3 …
public enum AsideName {
    public static func free(for url: URL, suffix: String) -> URL {
        var candidate = url.appendingPathExtension(suffix)
        var n = 2
        while (try? POSIX.linkStatus(of: candidate.path)) != nil {
            candidate = url.appendingPathExtension("\(suffix)-\(n)")
            n += 1
        }
        return candidate
    }
}

private extension Transaction {
    /// store.json's transaction as the store makes one now: made by `account`, for `reason`
    /// (store.json left either out), the rest as it was.
    func madeBy(_ account: String, reason: TransactionReason?) -> Transaction {
        var t = Transaction(id: id, payment: payment, state: queueState.state, date: queueState.transactionDate, account: account, reason: reason,
                            originalTransactionID: originalID, ownershipType: ownershipType,
                            sharedTransactionID: sharedTransactionID, purchaseFacts: purchaseFacts, isUpgraded: isUpgraded)
        t.queueState = queueState
        if let revocation { t.revoke(revocation) }
        return t
    }
}
