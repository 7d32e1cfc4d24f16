import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// The history steps (`refund`, `delete-transaction`, `clear-history`) and
/// `expect transaction … revoked|not-revoked`.
@Suite struct WalkthroughRefundTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func parse(_ text: String) throws -> [StepAction] {
        try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk").steps.map(\.action)
    }

    func run(_ text: String) throws -> [String] {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
    }

    @Test func theStepsReadAsTheCommandLineWordsThem() throws {
        #expect(try parse("""
            refund "Premium Quotes"
            refund 1000000002 prorated 12.5% reason developer-issue
            delete-transaction com.storefront.premium
            clear-history
            expect transaction "Premium Quotes" revoked
            expect transaction 1000000002 not-revoked
            """) == [
                .history(.refund(.product("com.storefront.premium"), Refund())),
                .history(.refund(.id("1000000002"), Refund(reason: .developerIssue, percentage: 12_500))),
                .history(.deleteTransaction(.product("com.storefront.premium"))),
                .history(.clearPurchaseHistory),
                .expect(.transactionRevoked(.product("com.storefront.premium"), true)),
                .expect(.transactionRevoked(.id("1000000002"), false)),
            ])
    }

    /// A subscription's period is refunded by the time left in it: the step says so in the
    /// command line's word, and the store works out how much.
    @Test func aSubscriptionIsRefundedByTheTimeLeft() throws {
        #expect(try parse("refund \"Pro Monthly\" prorated time-left\n")
                == [.history(.refund(.product("com.storefront.pro.monthly"), Refund.timeLeft()))])
        #expect(try run("""
            open "Lite Monthly"
            press "Subscribe"
            press "OK"
            advance 15d
            refund "Lite Monthly" prorated time-left
            expect subscription "Lite Monthly" state revoked
            """).isEmpty)
    }

    /// Which prorated refund applies is the store's to say: a percentage of a subscription's
    /// period fails on its line in the store's words, with the step's way to ask for the time
    /// left; the time left of a purchase without a period, with a percentage as the step writes it.
    @Test func aProratedRefundThatDoesNotApplyFailsInTheStoresWordsWithTheStepToWrite() throws {
        let subscription = try run("""
            open "Lite Monthly"
            press "Subscribe"
            press "OK"
            advance 15d
            refund "Lite Monthly" prorated 50%
            """)
        #expect(subscription == [
            "demo.walk:5: refund \"Lite Monthly\" prorated 50% — expected the store to refund transaction 1000000001 (50% prorated), "
                + "saw transaction 1000000001 is a subscription's period: the App Store refunds part of it by the time left in it, "
                + "not by a percentage; give prorated time-left",
        ], "\(subscription)")
        let premium = try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            refund "Premium Quotes" prorated time-left
            """)
        #expect(premium == [
            "demo.walk:4: refund \"Premium Quotes\" prorated time-left — expected the store to refund transaction 1000000001 "
                + "(by the time left), saw transaction 1000000001 has no period to refund by the time left in it: "
                + "give a percentage such as prorated 50%",
        ], "\(premium)")
    }

    @Test func aRefundTheStoreRefusesStopsTheWalkthroughInItsWords() throws {
        let failures = try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            refund "Premium Quotes"
            refund 1000000001
            """)
        #expect(failures.count == 1)
        #expect(failures.first?.contains("transaction 1000000001 has already been refunded") == true, "\(failures)")
    }

    @Test func aProductNeverBoughtHasNothingToRefund() throws {
        let failures = try run("refund \"Premium Quotes\"\n")
        #expect(failures.first?.contains("no purchase of com.storefront.premium by the signed-in account") == true, "\(failures)")
    }

    @Test func deleteAndClearLeaveNothingToExpect() throws {
        #expect(try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            delete-transaction "Premium Quotes"
            expect transaction "Premium Quotes" none
            expect defaults com.storefront.premium true   # the app is not told
            open "5 Monkey Credits"
            press "Buy"
            press "OK"
            clear-history
            expect transaction none
            expect screen "Purchase history cleared"
            """) == [])
    }

    @Test func theRefundRequestStepsReadAsTheCommandLineWordsThem() throws {
        #expect(try parse("""
            request-refund "Premium Quotes"
            request-refund 1000000002 reason fulfillment-issue
            approve-refund "Premium Quotes"
            approve-refund 1000000002 prorated 25%
            decline-refund 1000000003
            expect transaction 1000000003 refund-request declined
            expect transaction "Premium Quotes" refund-request none
            """) == [
                .history(.requestRefund(.product("com.storefront.premium"), .other)),
                .history(.requestRefund(.id("1000000002"), .fulfillmentIssue)),
                .history(.approveRefund(.product("com.storefront.premium"), nil)),
                .history(.approveRefund(.id("1000000002"), Refund(percentage: 25_000))),
                .history(.declineRefund(.id("1000000003"))),
                .expect(.refundRequest(.id("1000000003"), .declined)),
                .expect(.refundRequest(.product("com.storefront.premium"), nil)),
            ])
        let problem = try #require(throws: (any Error).self) { try parse("request-refund 1000000002 reason bored\n") }
        #expect("\(problem)".contains("unintended-purchase, fulfillment-issue"), "\(problem)")
    }

    @Test func aRequestAboutAPurchaseAskedAboutAlreadyStopsTheWalkthrough() throws {
        let failures = try run("""
            set refund-requests decline
            open "Premium Quotes"
            press "Buy"
            press "OK"
            request-refund "Premium Quotes"
            expect transaction "Premium Quotes" not-revoked
            request-refund "Premium Quotes"
            """)
        #expect(failures.count == 1 && failures.first?.contains("duplicateRequest") == true, "\(failures)")
        let wrong = try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            expect transaction "Premium Quotes" refund-request pending
            """)
        #expect(wrong.first?.contains("with no refund request") == true, "\(wrong)")
    }
}
