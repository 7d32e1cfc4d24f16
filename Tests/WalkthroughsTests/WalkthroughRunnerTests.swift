import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// Walkthroughs run headless: expectations that fail say what they saw, steps that cannot be
/// done stop the walkthrough, and store time moves only when told.
@Suite struct WalkthroughRunnerTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func run(_ text: String) throws -> WalkthroughResult {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough)
    }

    @Test func aFailingExpectationSaysWhatItSawAndTheRestStillRuns() throws {
        let result = try run("""
            open "5 Monkey Credits"
            quantity 2
            press "Buy"
            press "OK"
            expect credits 15   # 2 packs of 5
            expect defaults credits 10
            expect transaction state failed
            expect screen "You're all set."
            """)
        #expect(!result.passed)
        #expect(result.stepsRun == 8)
        #expect(result.failures.map { $0.summary(file: "demo.walk") } == [
            "demo.walk:5: expect credits 15 — expected 15 credits, saw 10 credits",
            "demo.walk:7: expect transaction state failed — expected 1000000001 failed, saw 1000000001 purchased",
            "demo.walk:8: expect screen \"You're all set.\" — expected \"You're all set.\" on the screen, saw a screen without it",
        ])
        let screen = try #require(result.failures.last?.screen)
        #expect(screen.contains("Your credits: 10"), "the screen as it was: \(screen)")
    }

    /// `set` steps for Xcode's billing conditions change the store: the header shows them.
    @Test func theBillingConditionsAreSet() throws {
        let result = try run("""
            expect screen not "BILLING RETRY"
            set billing-retry on
            set grace-period 16d
            expect screen "BILLING RETRY"
            expect screen "GRACE: 16 DAYS"
            set grace-period xcode
            expect screen "GRACE: 6/16 DAYS"
            set billing-retry off
            set grace-period off
            expect screen not "BILLING RETRY"
            expect screen not "GRACE:"
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(result.stepsRun == 11)
    }

    @Test func aStepThatCannotBeDoneStopsTheWalkthrough() throws {
        let result = try run("""
            open "Premium Quotes"
            press "Subscribe"
            expect credits 99
            """)
        #expect(result.stepsRun == 2)
        #expect(result.failures.map { $0.summary(file: "f") } == [
            "f:2: press \"Subscribe\" — expected a button \"Subscribe\", saw the purchase sheet for Premium Quotes with \"Cancel\", \"Buy\"",
        ])
        let noRow = try run("open \"Premium quote 1\"")
        #expect(noRow.failures.first?.expected == "the row on the store screen")
        #expect(noRow.failures.first?.saw.hasPrefix("no such row (Free quote 1, ") == true)
        let tooMany = try run("open \"10 Monkey Credits\"\nquantity 11")
        #expect(tooMany.failures.first?.saw == "the quantity stops at 10")
        let nothingWaiting = try run("approve")
        #expect(nothingWaiting.failures.first?.summary(file: "f") == "f:1: approve — expected an Ask to Buy request waiting, saw none waiting")
        let quit = try run("key q\nopen \"Premium Quotes\"")
        #expect(quit.failures.first?.saw == "it quit (q); relaunch opens it again")
    }

    @Test func theSameFileGivesTheSameScreensAndIds() throws {
        let text = """
            set ask-to-buy on
            open "Pro Monthly"
            press "Ask"
            press "Ask"
            advance 2h
            approve "Pro Monthly"
            expect screen "nothing like this"
            """
        let first = try run(text).failures.last?.screen
        let second = try run(text).failures.last?.screen
        #expect(first != nil && first == second)
        #expect(first?.contains("1000000001 purchased") == true, "\(first ?? "")")
        #expect(first?.contains("STORE TIME 2030-01-01 11:00") == true, "two hours on from the fixed start: \(first ?? "")")
    }

    @Test func storeTimeMovesOnlyWhenAdvanced() throws {
        let result = try run("""
            set ask-to-buy on
            open "One-Year Pass"
            press "Ask"
            press "Ask"
            press "OK"
            advance 23h
            expect queue 1
            expect screen not "request lapsed"
            advance 1h
            expect queue empty
            expect transaction state deferred
            expect screen "Ask to Buy request lapsed  com.storefront.pass.yearly"
            """)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func relaunchKeepsTheDataAndDeleteLosesIt() throws {
        let result = try run("""
            open "5 Monkey Credits"
            press "Buy"
            press "OK"
            relaunch
            expect credits 5
            expect screen "Your credits: 5"
            delete app data
            expect credits 0
            expect defaults credits none
            """)
        #expect(result.passed, "\(result.failures)")
    }

    @Test func holdAndInterruptionsFromTheOutside() throws {
        let result = try run("""
            set hold on
            open "5 Monkey Credits"
            press "Buy"
            expect screen "Double-click the side button to confirm"
            expect credits 0
            key Enter
            expect credits 5
            press "OK"
            set hold off
            set interrupted on
            open "One-Year Pass"
            press "Buy"
            expect screen "Review Updated Terms"
            press "Not Now"
            resolve
            expect transaction state purchased
            expect transaction 1000000002 error 0
            """)
        #expect(result.passed, "\(result.failures)")
    }

    /// Why the store made a transaction: bought, renewed, got again at no charge, or the
    /// purchase an interruption held back; a restored one has no reason.
    @Test func aTransactionsReasonIsExpected() throws {
        let result = try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            expect transaction reason purchase
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            advance 8d
            expect transaction com.storefront.pro.monthly reason renewal
            delete app data
            open "Premium Quotes"
            press "Get"
            press "OK"
            expect transaction reason redownload
            set interrupted on
            open "One-Year Pass"
            press "Buy"
            press "Not Now"
            resolve
            expect transaction reason resolution
            restore
            expect transaction reason purchase
            """)
        #expect(result.failures.map { $0.summary(file: "f") } == [
            "f:22: expect transaction reason purchase — expected 1000000009 with reason purchase, saw 1000000009 with no reason (restored)",
        ])
    }

    @Test func noTransactionHoldsUntilTheStoreHasOne() throws {
        let result = try run("""
            expect transaction none
            open "10 Monkey Credits"
            press "Cancel"
            expect transaction com.storefront.premium none
            expect transaction 1000000002 none
            expect transaction none
            expect transaction "10 Monkey Credits" none
            expect transaction 1000000001 none
            """)
        #expect(result.failures.map { $0.summary(file: "f") } == [
            "f:6: expect transaction none — expected no transaction, saw 1000000001 failed com.storefront.credits.10",
            "f:7: expect transaction \"10 Monkey Credits\" none — expected no transaction for com.storefront.credits.10, saw 1000000001 failed com.storefront.credits.10",
            "f:8: expect transaction 1000000001 none — expected no transaction with id 1000000001, saw 1000000001 failed com.storefront.credits.10",
        ])
    }
}
