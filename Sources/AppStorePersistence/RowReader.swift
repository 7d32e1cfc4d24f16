import AppStoreCore
import DataFiles
import Foundation
import GRDB

/// One row's columns as the store reads them. A value of the wrong type, a name the store
/// does not know, JSON it cannot read or a time outside the years it holds (a hand edit with
/// the sqlite3 shell) is a refusal naming the row and column, never a crash.
struct RowReader {
    let row: Row
    /// The table and the row's key: "transactions, id 1000000001".
    let location: String

    func problem(_ column: String, _ problem: String) -> RowProblem {
        RowProblem(location: "\(location), column \(column)", problem: problem)
    }

    func value<T: DatabaseValueConvertible>(_ column: String, _ type: T.Type = T.self) throws -> T {
        do { return try row.decode(T.self, forColumn: column) } catch {
            throw problem(column, "holds \(TransactionRow.shown(row, column)), not a value of type \(T.self)")
        }
    }

    func time(_ column: String) throws -> Date? {
        guard let milliseconds = try value(column, Int64?.self) else { return nil }
        guard let date = TransactionRow.storedDate(milliseconds) else { throw problem(column, TransactionRow.outOfRange(milliseconds)) }
        return date
    }

    func requiredTime(_ column: String) throws -> Date {
        guard let date = try time(column) else { throw problem(column, "holds NULL, not a value of type Date") }
        return date
    }

    /// A case of `E` by its name; `what` names the kind in the refusal ("a renewal state").
    func named<E: RawRepresentable & CaseIterable>(_ column: String, _ what: String, _ type: E.Type = E.self) throws -> E?
    where E.RawValue == String {
        guard let text = try value(column, String?.self) else { return nil }
        guard let value = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem(column, "\"\(text)\" is not \(what) (\(names))")
        }
        return value
    }

    func requiredNamed<E: RawRepresentable & CaseIterable>(_ column: String, _ what: String, _ type: E.Type = E.self) throws -> E
    where E.RawValue == String {
        guard let value = try named(column, what, E.self) else { throw problem(column, "holds NULL, not \(what)") }
        return value
    }

    /// A value kept as JSON; `what` names it in the refusal ("an offer").
    func json<T: Decodable>(_ column: String, _ what: String, _ type: T.Type = T.self) throws -> T? {
        guard let text = try value(column, String?.self) else { return nil }
        do { return try JSONCoding.decoder().decode(T.self, from: Data(text.utf8)) } catch {
            throw problem(column, "not \(what) in JSON" + Self.field(of: error))
        }
    }

    /// The field a value's own check refused, and why (": periodCount: 0 is not …"); none for
    /// JSON that does not parse or lacks a field, which the shape named already says.
    private static func field(of error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error, let key = context.codingPath.last else { return "" }
        return ": \(key.stringValue): \(context.debugDescription)"
    }

    /// An amount kept as exact decimal text ("4.99"): never a binary fraction.
    func amount(_ column: String) throws -> Decimal? {
        guard let text = try value(column, String?.self) else { return nil }
        guard let amount = Self.amount(text) else { throw problem(column, "holds \"\(text)\", not an amount such as 4.99") }
        return amount
    }

    /// Digits with at most one decimal point (and a sign), as `amountText` writes them.
    static func amount(_ text: String) -> Decimal? {
        let parts = (text.hasPrefix("-") ? text.dropFirst() : Substring(text)).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// How an amount is kept: its exact decimal digits.
    static func amountText(_ amount: Decimal) -> String {
        NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}

/// The same reads by a record's `Columns`.
extension RowReader {
    func value<T: DatabaseValueConvertible>(_ column: some ColumnExpression, _ type: T.Type = T.self) throws -> T {
        try value(column.name, type)
    }

    func time(_ column: some ColumnExpression) throws -> Date? { try time(column.name) }

    func requiredTime(_ column: some ColumnExpression) throws -> Date { try requiredTime(column.name) }

    func named<E: RawRepresentable & CaseIterable>(_ column: some ColumnExpression, _ what: String, _ type: E.Type = E.self) throws -> E?
    where E.RawValue == String {
        try named(column.name, what, type)
    }

    func json<T: Decodable>(_ column: some ColumnExpression, _ what: String, _ type: T.Type = T.self) throws -> T? {
        try json(column.name, what, type)
    }

    func amount(_ column: some ColumnExpression) throws -> Decimal? { try amount(column.name) }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
