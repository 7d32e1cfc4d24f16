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
        return try find(form.kind, id: form.id, digest: form.digest, db) ?? form
    }

    /// Reads a row back, refusing damage by row and column: a digest that is not SHA-256 in
    /// hex, or a JWS that is not three base64url parts, would be handed out as the App Store's.
    static func form(_ row: Row) throws -> SignedForm {
        let kind = (try? row.decode(String.self, forColumn: "kind")) ?? "?"
        let id = (try? row.decode(String.self, forColumn: "id")) ?? "?"
        let r = RowReader(row: row, location: "signedForms, \(kind) \(id)")
        let digest: String = try r.value("digest")
        guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw r.problem("digest", "is \"\(digest)\", not a SHA-256 digest in lowercase hex")
        }
        let jws: String = try r.value("jws")
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        let alphabet = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(alphabet.contains) }) else {
            throw r.problem("jws", "is not a compact JWS (three base64url parts joined by dots)")
        }
        return SignedForm(kind: try r.requiredNamed("kind", "a kind of signed form"), id: try r.value("id"),
                          digest: digest, jws: jws, signedDate: try r.requiredTime("signedDate"))
    }
}
