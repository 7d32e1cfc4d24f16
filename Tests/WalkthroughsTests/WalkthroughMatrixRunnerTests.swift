import CatalogFiles
import AppStoreCore
import Testing
import Walkthroughs

/// A walkthrough across its matrix: every combination in order, each from a fresh store that
/// starts with its values, `when` steps only where they apply, and how each one ended.
@Suite struct WalkthroughMatrixRunnerTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func parse(_ text: String) throws -> Walkthrough {
        try WalkthroughParser(catalog: catalog).parse(text, file: "m.walk")
    }

    @Test func theCombinationsInOrderTheFirstVaryLineSlowest() throws {
        let walkthrough = try parse("vary network on off\nvary fail-with off 2 5\nvary hold off on\nexpect credits 0")
        #expect(walkthrough.combinations.map(\.description) == [
            "network on, fail-with off, hold off", "network on, fail-with off, hold on",
            "network on, fail-with 2, hold off", "network on, fail-with 2, hold on",
            "network on, fail-with 5, hold off", "network on, fail-with 5, hold on",
            "network off, fail-with off, hold off", "network off, fail-with off, hold on",
            "network off, fail-with 2, hold off", "network off, fail-with 2, hold on",
            "network off, fail-with 5, hold off", "network off, fail-with 5, hold on",
        ])
        #expect(walkthrough.firstCombination.description == "network on, fail-with off, hold off")
        #expect(try parse("expect credits 0").combinations == [Combination([])], "no vary line: one run")
    }

    @Test func eachCombinationStartsFreshWithItsValuesAndRunsOnlyItsWhenSteps() throws {
        let table = WalkthroughRunner(catalog: catalog).runMatrix(try parse("""
            vary can-make-payments on off
            vary ask-to-buy off on
            when can-make-payments off: expect screen "App Store disabled"
            open "5 Monkey Credits"
            when can-make-payments off: press "OK"
            when can-make-payments on, ask-to-buy off: press "Buy"
            when can-make-payments on, ask-to-buy on: press "Ask"
            when can-make-payments on, ask-to-buy on: press "Ask"
            when can-make-payments on: press "OK"
            expect screen "⏎ open"
            """))
        #expect(table.conditions == ["can-make-payments", "ask-to-buy"])
        #expect(table.rows.map(\.result.name) == [
            "m.walk [can-make-payments on, ask-to-buy off]", "m.walk [can-make-payments on, ask-to-buy on]",
            "m.walk [can-make-payments off, ask-to-buy off]", "m.walk [can-make-payments off, ask-to-buy on]",
        ])
        #expect(table.rows.allSatisfy { $0.result.passed }, "\(table.rows.map(\.result.failures))")
        #expect(table.rows.map(\.result.stepsRun) == [4, 5, 4, 4], "steps passed over are not counted")
        // Each from a fresh store: the second did not see the first's purchase.
        #expect(table.rows.map(\.outcome) == [
            Outcome(state: .purchased, delivered: ["+5 credits"]),
            Outcome(state: .deferred),
            Outcome(),
            Outcome(),
        ])
    }

    @Test func theValuesHoldFromLaunchAsOnADeviceSetUpBeforehand() throws {
        // Offline before the app opened: the products never came (a `set` after the launch
        // would leave them loaded).
        let table = WalkthroughRunner(catalog: catalog).runMatrix(try parse("vary network off on\nexpect screen not \"Network down?\""))
        #expect(table.rows.map(\.result.passed) == [false, true])
        #expect(table.rows[0].result.failures.first?.saw.hasPrefix("it on line ") == true)
    }

    /// Each combination's store starts with its billing conditions, as the header's badges show.
    @Test func theBillingConditionsHoldInTheirCombinations() throws {
        let table = WalkthroughRunner(catalog: catalog).runMatrix(try parse("""
            vary billing-retry off on
            vary grace-period off 16d
            when billing-retry on: expect screen "BILLING RETRY"
            when billing-retry off: expect screen not "BILLING RETRY"
            when grace-period 16d: expect screen "GRACE: 16 DAYS"
            when grace-period off: expect screen not "GRACE:"
            """))
        #expect(table.rows.count == 4)
        #expect(table.rows.allSatisfy { $0.result.passed }, "\(table.rows.map(\.result.failures))")
    }

    @Test func withoutTheMatrixTheFirstValuesRun() throws {
        let walkthrough = try parse("""
            vary can-make-payments off on
            expect screen "IAP RESTRICTED"
            when can-make-payments on: expect credits 99
            """)
        let result = WalkthroughRunner(catalog: catalog).run(walkthrough)
        #expect(result.passed, "\(result.failures)")
        #expect(result.stepsRun == 1)
        #expect(result.combination == nil && result.name == "m.walk", "a plain run is named as before")
    }

    @Test func aFailingExpectationFailsItsCombinationsOnly() throws {
        let table = WalkthroughRunner(catalog: catalog).runMatrix(try parse("""
            vary fail-with off paymentNotAllowed
            open "10 Monkey Credits"
            press "Buy"
            expect credits 10
            """))
        #expect(table.rows.map(\.result.passed) == [true, false])
        #expect(table.rows[1].outcome.state == .failed)
        #expect(table.rows[1].outcome.error?.code == 4)
        let report = MatrixReport(tables: [table])
        #expect(report.detailLines == [
            "FAIL m.walk [fail-with paymentNotAllowed]",
            "m.walk:4: expect credits 10 — expected 10 credits, saw 0 credits",
            "1 passed, 1 failed",
        ])
    }

    @Test func whatWasDeliveredReadsAsTheAppHoldsIt() throws {
        let table = WalkthroughRunner(catalog: catalog).runMatrix(try parse("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            open "5 Monkey Credits"
            quantity 2
            press "Buy"
            press "OK"
            """))
        #expect(table.rows.count == 1 && table.conditions.isEmpty)
        #expect(table.rows[0].outcome.delivered == ["+10 credits", "Premium Quotes unlocked", "Pro Monthly active"])
        #expect(table.rows[0].outcome.state == .purchased)
    }

    @Test func aMatrixTooLargeIsRefusedAtTheLineThatMakesItSo() throws {
        let lines = ["vary can-make-payments on off", "vary ask-to-buy on off", "vary network on off", "vary hold on off",
                     "vary latency 0 1 2 3 4 5 6 7", "vary fail-with off 1 2 3 4 5 6 7", "vary interrupted on off"]
        #expect(try parse(lines.prefix(6).joined(separator: "\n") + "\nexpect credits 0").matrixTooLarge == nil, "1 024 is allowed")
        let error = try #require(try parse(lines.joined(separator: "\n") + "\nexpect credits 0").matrixTooLarge)
        #expect(error.description == "m.walk:7:1: expected at most 1024 combinations for --matrix; the vary lines make 2048")
    }
}
