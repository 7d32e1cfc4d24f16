import Foundation
import AppStoreCore
import Testing

/// The Transaction Manager's pages: every account's transactions, newest first, narrowed to an
/// account or a product, page after page, alike over both storages.
@Suite struct TransactionQueryTests {
    static let credits = "com.storefront.credits.5"
    static let premium = "com.storefront.premium"
    static let other = "kid@example.com"

    /// Two accounts' purchases: credits, premium, credits (the default account), then the
    /// other account's credits and a failed purchase.
    private func store(_ kind: StorageKind) throws -> Harness {
        let h = try Harness(kind)
        try h.buy(Self.credits)
        try h.buy(Self.premium)
        try h.buy(Self.credits)
        try h.set { $0.account = Self.other }
        try h.buy(Self.credits)
        try h.set { $0.failWith = .paymentNotAllowed }
        try h.buy(Self.premium)
        return h
    }

    @Test(arguments: StorageKind.allCases)
    func everyAccountsTransactionsNewestFirstPageByPage(kind: StorageKind) throws {
        let h = try store(kind)
        let all = try h.storage.history(last: nil, finishedOnly: false).reversed().map(\.id)
        #expect(all.count == 5)
        let first = try h.storage.transactions(matching: TransactionQuery(limit: 2))
        #expect(first.transactions.map(\.id) == Array(all.prefix(2)) && first.hasMore)
        let second = try h.storage.transactions(matching: TransactionQuery(before: first.transactions.last?.id, limit: 2))
        #expect(second.transactions.map(\.id) == Array(all[2..<4]) && second.hasMore)
        let last = try h.storage.transactions(matching: TransactionQuery(before: second.transactions.last?.id, limit: 2))
        #expect(last.transactions.map(\.id) == [all[4]] && !last.hasMore)
        #expect(try h.storage.transactions(matching: TransactionQuery(limit: 5)).hasMore == false, "exactly a page: nothing more")
    }

    @Test(arguments: StorageKind.allCases)
    func narrowedToAnAccountAProductOrBoth(kind: StorageKind) throws {
        let h = try store(kind)
        let all = try h.storage.history(last: nil, finishedOnly: false).reversed()
        func ids(_ query: TransactionQuery) throws -> [String] { try h.storage.transactions(matching: query).transactions.map(\.id) }
        #expect(try ids(TransactionQuery(account: Self.other, limit: 10)) == all.filter { $0.account == Self.other }.map(\.id))
        #expect(try ids(TransactionQuery(productID: Self.premium, limit: 10)) == all.filter { $0.productID == Self.premium }.map(\.id))
        let both = try ids(TransactionQuery(account: Settings.defaultAccount, productID: Self.credits, limit: 10))
        #expect(both.count == 2 && both == all.filter { $0.account == Settings.defaultAccount && $0.productID == Self.credits }.map(\.id))
        // A page after the first of the narrowed list goes on in it, not in the whole history.
        let page = try h.storage.transactions(matching: TransactionQuery(productID: Self.credits, before: both[0], limit: 10))
        #expect(page.transactions.map(\.id) == [both[1]])
        #expect(try ids(TransactionQuery(account: "nobody@example.com", limit: 10)).isEmpty)
        #expect(try ids(TransactionQuery(before: "no-such-id", limit: 10)).isEmpty, "a page after a transaction since deleted: none")
    }
}
