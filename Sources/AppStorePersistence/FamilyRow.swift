import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// Family Sharing as rows: one `familyMembers` row per account in a family (the organizer's
/// names itself), and one `familySharingStops` row per product a purchaser does not share.
enum FamilyRow {
    /// Every family, organizers in the order they started theirs, members in the order they joined.
    static func readAll(_ db: Database) throws -> [Family] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM familyMembers ORDER BY position, account"))
        var families: [Family] = []
        var members: [(account: String, organizer: String)] = []
        for row in rows {
            let account = (try? row.decode(String.self, forColumn: "account")) ?? "?"
            let r = RowReader(row: row, location: "familyMembers, account \(account)")
            let organizer: String = try r.value("organizer")
            _ = try r.value("position", Int64.self)
            if organizer == account { families.append(Family(organizer: organizer)) } else { members.append((account, organizer)) }
        }
        for (account, organizer) in members {
            guard let f = families.firstIndex(where: { $0.organizer == organizer }) else {
                throw RowProblem(location: "familyMembers, account \(account), column organizer",
                                 problem: "names \(organizer), who organizes no family (no row of its own)")
            }
            guard families[f].members.count < Family.maximumMembers else {
                throw RowProblem(location: "familyMembers, account \(account)",
                                 problem: "is one member too many: a family has an organizer and \(Family.maximumMembers) members at most")
            }
            families[f].members.append(account)
        }
        return families
    }

    static func readStops(_ db: Database) throws -> [SharingStop] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM familySharingStops ORDER BY account, productID")).map { row in
            let account = (try? row.decode(String.self, forColumn: "account")) ?? "?"
            let product = (try? row.decode(String.self, forColumn: "productID")) ?? "?"
            let r = RowReader(row: row, location: "familySharingStops, account \(account), product \(product)")
            return SharingStop(account: try r.value("account"), productID: try r.value("productID"))
        }
    }

    /// Writes what changed: the families' rows again whole (they are a handful), the stops by key.
    static func write(_ families: [Family], _ stops: [SharingStop], over before: ([Family], [SharingStop]), _ db: Database) throws {
        if families != before.0 {
            try db.execute(sql: "DELETE FROM familyMembers")
            var position = 0
            for family in families {
                for account in family.accounts {
                    position += 1
                    try db.cachedStatement(sql: "INSERT INTO familyMembers (account, organizer, position) VALUES (?, ?, ?)")
                        .execute(arguments: [account, family.organizer, position])
                }
            }
        }
        try stopsTable.write(stops, over: before.1, db)
    }

    private static let stopsTable = KeyedTable<SharingStop>(name: "familySharingStops", columns: ["account", "productID"], keyCount: 2) {
        [$0.account, $0.productID]
    }
}
