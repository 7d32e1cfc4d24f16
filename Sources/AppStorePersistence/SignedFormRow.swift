import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// A signed form as a row of the `signedForms` table, one per kind, id and digest.
enum SignedFormRow {
    static func find(_ kind: SignedForm.Kind, id: String, digest: String, _ db: Database) throws -> SignedForm? {
        let statement = try db.cachedStatement(sql: "SELECT * FROM signedForms WHERE kind = ? AND id = ? AND digest = ?")
        return try Row.fetchOne(statement, arguments: [kind.rawValue, id, digest]).map(form)
    }

    /// Keeps `form` unless one is kept for its key, and returns the one kept: another
    /// process that signed the same facts first has its JWS handed out by every process.
    static func keep(_ form: SignedForm, _ db: Database) throws -> SignedForm {
        try db.cachedStatement(sql: """
            INSERT INTO signedForms (kind, id, digest, jws, signedDate) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (kind, id, digest) DO NOTHING
            """).execute(arguments: [form.kind.rawValue, form.id, form.digest, form.jws,
                                     TransactionRow.milliseconds(form.signedDate)])
        // Inserted: it is the one kept. Otherwise another process kept its own first.
        if db.changesCount > 0 { return form }
        return try find(form.kind, id: form.id, digest: form.digest, db) ?? form
    }

    /// Reads a row back, refusing damage by row and column: a digest that is not SHA-256 in
    /// hex, or a JWS that is not three base64url parts, would be handed out as the App Store's.
    static func form(_ row: Row) throws -> SignedForm {
        let kind = (try? row.decode(String.self, forColumn: "kind")) ?? "?"
        let id = (try? row.decode(String.self, forColumn: "id")) ?? "?"
        let r = RowReader(row: row, location: "signedForms, \(kind) \(id)")
        let digest: String = try r.value("digest")
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw r.problem("digest", "is \"\(digest)\", not a SHA-256 digest in lowercase hex")
        }
        let jws: String = try r.value("jws")
        guard isCompactJWS(jws) else {
            throw r.problem("jws", "is not a compact JWS (three base64url parts joined by dots)")
        }
        return SignedForm(kind: try r.requiredNamed("kind", "a kind of signed form"), id: try r.value("id"),
                          digest: digest, jws: jws, signedDate: try r.requiredTime("signedDate"))
    }

    /// Three non-empty runs of base64url joined by dots. Byte by byte: every form read is checked.
    private static func isCompactJWS(_ text: String) -> Bool {
        var dots = 0, run = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard run > 0 else { return false }
                dots += 1
                run = 0
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                run += 1
            default:
                return false
            }
        }
        return dots == 2 && run > 0
    }
}
