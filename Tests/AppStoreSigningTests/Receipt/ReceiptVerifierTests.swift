import AppStoreCore
import DataFiles
import Foundation
import Testing
@testable import AppStoreSigning

/// verifyReceipt's statuses, each from the input that causes it.
@Suite struct ReceiptVerifierTests {
    typealias F = ReceiptFixtures
    static let identity = try! SigningIdentity.make(label: "verifier")
    static let transactions = [
        F.purchase("1", "premium"),
        F.purchase("2", "pro.monthly", hours: 1, expires: 2),
        F.purchase("3", "pro.monthly", hours: 2, reason: .renewal, original: "2", expires: 3),
    ]

    func receipt(_ environment: ReceiptEnvironment = .sandbox, account: String? = "alice",
                 transactions: [Transaction] = transactions, identity: SigningIdentity = identity) throws -> String {
        let made = try AppReceipt.make(app: F.app, environment: environment, account: account, transactions: transactions,
                                       catalog: F.catalog, at: F.start)
        return Data(try SignedReceipt.sign(made, with: identity).bytes).base64EncodedString()
    }

    func verify(_ body: String, endpoint: ReceiptVerifier.Endpoint = .sandbox,
                transactions: [Transaction] = transactions) throws -> VerifyReceiptResponse {
        let verifier = ReceiptVerifier(root: Self.identity.root, endpoint: endpoint, sharedSecret: F.app.sharedSecret)
        return try verifier.verify(Array(body.utf8), now: F.start + 3 * 3600) { account in
            guard account == "alice" else { return nil }
            let latest = try AppReceipt.make(app: F.app, environment: .sandbox, account: account, transactions: transactions,
                                             catalog: F.catalog, at: F.start + 3 * 3600)
            return ReceiptVerifier.AccountRecords(latestReceipt: try SignedReceipt.sign(latest, with: Self.identity), subscriptions: [])
        }
    }

    func body(_ receipt: String, password: String? = nil, exclude: Bool? = nil) -> String {
        var fields = ["\"receipt-data\": \"\(receipt)\""]
        if let password { fields.append("\"password\": \"\(password)\"") }
        if let exclude { fields.append("\"exclude-old-transactions\": \(exclude)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    @Test func aValidReceiptIsDecodedWithTheLatestNewestFirst() throws {
        let response = try verify(body(try receipt(), password: F.app.sharedSecret))
        #expect(response.status == .valid)
        #expect(response.environment == "Sandbox")
        #expect(response.receipt?.inApp.map(\.purchase.transactionID) == ["1", "2", "3"])
        #expect(response.latestReceiptInfo?.map(\.purchase.transactionID) == ["3", "2", "1"])
        let latest = try #require(response.latestReceipt.flatMap { Data(base64Encoded: $0) })
        #expect(try SignedReceipt(bytes: Array(latest)).isSigned(under: Self.identity.root))
        #expect(response.pendingRenewalInfo == [])
    }

    @Test func rawBase64IsTakenAsTheReceiptAndExcludeOldTransactionsKeepsEachSubscriptionsLatest() throws {
        #expect(try verify(try receipt()).status == .valid)
        let response = try verify(body(try receipt(), exclude: true))
        #expect(response.latestReceiptInfo?.map(\.purchase.transactionID) == ["3", "1"])
    }

    @Test func aReceiptWithoutAutoRenewablesGetsNoLatestInfo() throws {
        let premium = [F.purchase("1", "premium")]
        let response = try verify(body(try receipt(transactions: premium)), transactions: premium)
        #expect(response.status == .valid)
        #expect(response.latestReceiptInfo == nil && response.latestReceipt == nil && response.pendingRenewalInfo == nil)
    }

    @Test func anExpiredSubscriptionsReceiptIsValidNot21006AsForAnAppReceipt() throws {
        // The renewal expired an hour before the request: Apple answers 21006 only for iOS 6-style receipts.
        let expired = [F.purchase("2", "pro.monthly", hours: 1, expires: 2)]
        #expect(try verify(body(try receipt(transactions: expired)), transactions: expired).status == .valid)
    }

    @Test func malformedInputIs21002AndUnreadableJSONIs21000() throws {
        #expect(try verify("{\"receipt-data\": 5").status == .unreadableJSON)
        #expect(try verify("{}").status == .malformed)
        #expect(try verify(body("not base64 at all!")).status == .malformed)
        #expect(try verify(body(Data("hello".utf8).base64EncodedString())).status == .malformed)
        #expect(try verify("").status == .malformed)
        // PKCS#7 around something that is not a receipt.
        let notReceipt = try SignedReceiptTests.signedBytes(content: [0x04, 0x01, 0x00], identity: Self.identity)
        #expect(try verify(body(Data(notReceipt).base64EncodedString())).status == .malformed)
    }

    @Test func anotherRootsReceiptIs21003() throws {
        #expect(try verify(body(try receipt(identity: SigningIdentity.make(label: "other")))).status == .notAuthenticated)
    }

    @Test func aWrongSharedSecretIs21004() throws {
        #expect(try verify(body(try receipt(), password: "wrong")).status == .sharedSecretMismatch)
    }

    @Test func eachEnvironmentSentToTheOtherEndpointIs21007Or21008() throws {
        #expect(try verify(body(try receipt(.sandbox)), endpoint: .production).status == .sandboxReceiptSentToProduction)
        #expect(try verify(body(try receipt(.xcode)), endpoint: .production).status == .sandboxReceiptSentToProduction)
        #expect(try verify(body(try receipt(.production)), endpoint: .sandbox).status == .productionReceiptSentToSandbox)
        let production = try verify(body(try receipt(.production)), endpoint: .production)
        #expect(production.status == .valid && production.environment == "Production")
    }

    @Test func anAccountTheStoreDoesNotKnowIs21010() throws {
        #expect(try verify(body(try receipt(account: "mallory"))).status == .accountNotFound)
        #expect(try verify(body(try receipt(account: nil))).status == .accountNotFound)
    }

    @Test func theResponseHasApplesKeysAndDateForms() throws {
        let json = String(decoding: try JSONCoding.encode(try verify(body(try receipt()))), as: UTF8.self)
        for key in ["\"latest_receipt_info\"", "\"latest_receipt\"", "\"pending_renewal_info\"", "\"in_app\"",
                    "\"purchase_date\" : \"2030-01-01 09:00:00 Etc/GMT\"", "\"purchase_date_ms\" : \"1893488400000\"",
                    "\"purchase_date_pst\" : \"2030-01-01 01:00:00 America/Los_Angeles\"", "\"expires_date_ms\""] {
            #expect(json.contains(key), "\(key) in \(json)")
        }
    }

    @Test func everyTruncationOfAReceiptAnswersAStatusNeverACrash() throws {
        let bytes = Array(Data(base64Encoded: try receipt())!)
        for length in 0..<bytes.count {
            let status = try verify(Data(bytes.prefix(length)).base64EncodedString()).status
            #expect(status == .malformed, "\(length) bytes")
        }
    }
}
