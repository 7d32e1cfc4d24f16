import CatalogFiles
import AppStoreCore
import Testing
import Walkthroughs

/// `vary` and `when` as a person writes them, and every mistake in them pointed at.
@Suite struct WalkthroughMatrixParserTests {
    let parser = WalkthroughParser(catalog: try! CatalogLoader.defaultCatalog())

    func errors(_ text: String) -> [String] {
        do {
            _ = try parser.parse(text, file: "m.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// `fail API …` names the API's condition, in `set` and `vary` alike; `when` names it as the table does.
    @Test func errorsPerAPIAreSetAndVaried() throws {
        let walkthrough = try parser.parse("""
            vary fail load-products off networkError
            vary FAIL purchase off purchaseLimitExceeded 4
            set fail app-store-sync unknown
            set fail-refund-request duplicateRequest
            when fail-load-products networkError, fail-with paymentNotAllowed: expect transaction error purchaseLimitExceeded
            """, file: "m.walk")
        #expect(walkthrough.variations == [
            Variation(condition: "fail-load-products", values: ["off", "networkError"], line: 1),
            Variation(condition: "fail-with", values: ["off", "purchaseLimitExceeded", "4"], line: 2),
        ])
        #expect(walkthrough.steps.map(\.action) == [
            .set(condition: "fail-app-store-sync", value: "unknown"), .set(condition: "fail-refund-request", value: "duplicateRequest"),
            .expect(.transactionError(.latest, .name("purchaseLimitExceeded"))),
        ])
        #expect(walkthrough.steps[2].when == StepGuard([ConditionValue("fail-load-products", "networkError"), ConditionValue("fail-with", "4")]))
        #expect(errors("set fail load-prodcts networkError") == [
            "m.walk:1:10: expected a StoreKit API after fail: load-products, purchase, verification, app-store-sync, subscription-status, "
                + "app-transaction, manage-subscriptions, refund-request, offer-code-redemption; did you mean 'set fail load-products networkError'?",
        ])
        #expect(errors("vary fail load-products off paymentNotAllowed").first?.contains("fail-load-products takes off or one of its errors") == true)
    }

    @Test func varyAndWhenLinesAndWhatTheyHold() throws {
        let walkthrough = try parser.parse("""
            when fail-with paymentCancelled, network off: expect credits 0   # before the vary lines
            vary network on off
            vary fail-with off 2 storeProductNotAvailable
            open "5 Monkey Credits"
            when network ON  ,fail-with 5:press "Buy"
            vary account sandbox.user@example.com "kid@example.com"
            when account "kid@example.com": expect credits 0
            """, file: "m.walk")
        #expect(walkthrough.variations == [
            Variation(condition: "network", values: ["on", "off"], line: 2),
            Variation(condition: "fail-with", values: ["off", "2", "storeProductNotAvailable"], line: 3),
            Variation(condition: "account", values: ["sandbox.user@example.com", "kid@example.com"], line: 6),
        ])
        #expect(walkthrough.steps.map(\.line) == [1, 4, 5, 7], "vary lines are not steps")
        // A `when` value is matched on what it means and kept as the vary line writes it.
        #expect(walkthrough.steps[0].when == StepGuard([ConditionValue("fail-with", "2"), ConditionValue("network", "off")]))
        #expect(walkthrough.steps[0].action == .expect(.credits(0)))
        #expect(walkthrough.steps[0].source == "when fail-with paymentCancelled, network off: expect credits 0")
        #expect(walkthrough.steps[1].when == nil)
        #expect(walkthrough.steps[2].when == StepGuard([ConditionValue("network", "on"), ConditionValue("fail-with", "storeProductNotAvailable")]))
        #expect(walkthrough.steps[2].action == .press("Buy"))
        #expect(walkthrough.steps[3].when == StepGuard([ConditionValue("account", "kid@example.com")]))
    }

    /// Xcode's billing conditions vary as any other; a `when` matches a value on what it means.
    @Test func theBillingConditionsVary() throws {
        let walkthrough = try parser.parse("""
            vary billing-retry off on
            vary grace-period off 3d XCODE
            when billing-retry on, grace-period xcode: expect credits 0
            """, file: "m.walk")
        #expect(walkthrough.variations == [
            Variation(condition: "billing-retry", values: ["off", "on"], line: 1),
            Variation(condition: "grace-period", values: ["off", "3d", "XCODE"], line: 2),
        ])
        #expect(walkthrough.combinations.count == 6)
        #expect(walkthrough.steps[0].when == StepGuard([ConditionValue("billing-retry", "on"), ConditionValue("grace-period", "XCODE")]))
        #expect(errors("vary grace-period off xcode Xcode") == [
            "m.walk:1:29: expected a value not given already; Xcode is grace-period xcode again",
        ])
    }

    @Test func aBadVaryLine() {
        #expect(errors("vary ask-to-by off on") == [
            "m.walk:1:6: expected a store condition after vary: can-make-payments, ask-to-buy, network, fail-with, fail API, interrupted, finish-transactions, account, storefront, locale, latency, hold, dialogs, time-rate, signing-environment, billing-retry, grace-period, grace-renewals, refund-requests; did you mean 'vary ask-to-buy off on'?",
        ])
        #expect(errors("vary fail-with off paymentCanceled") == [
            "m.walk:1:20: expected a value fail-with takes: fail-with takes off or a StoreKit error code: "
                + SKErrorCode.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ")
                + ", purchaseLimitExceeded; did you mean 'vary fail-with off paymentCancelled'?",
        ])
        #expect(errors("vary network on") == ["m.walk:1:16: expected at least two values to vary network over: on|off"])
        #expect(errors("vary network") == ["m.walk:1:13: expected at least two values to vary network over: on|off; did you mean 'vary network on off'?"])
        #expect(errors("vary fail-with 2 off paymentCancelled") == [
            "m.walk:1:22: expected a value not given already; paymentCancelled is fail-with 2 again",
        ])
        #expect(errors("vary network on off\nvary hold on off\nvary NETWORK off on") == [
            "m.walk:3:6: expected a condition not varied already; network is varied on line 1",
        ])
    }

    @Test func aBadWhenLine() {
        let vary = "vary network on off\nvary fail-with off 2 5\n"
        #expect(errors(vary + "when ask-to-buy on: press \"Ask\"") == [
            "m.walk:3:6: expected a condition the file varies after when: network, fail-with; ask-to-buy is not varied (add a line 'vary ask-to-buy …')",
        ])
        #expect(errors("when network off: expect credits 0") == [
            "m.walk:1:6: expected a condition the file varies after when: none, the file has no vary line; network is not varied (add a line 'vary network …')",
        ])
        #expect(errors(vary + "when netwrk off: expect credits 0") == [
            "m.walk:3:6: expected a condition the file varies after when: network, fail-with; did you mean 'when network off: expect credits 0'?",
        ])
        #expect(errors(vary + "when fail-with 3: expect credits 0") == [
            "m.walk:3:16: expected a value fail-with is varied over: off, 2, 5; did you mean 'when fail-with 2: expect credits 0'?",
        ])
        #expect(errors(vary + "when network offf: expect credits 0") == [
            "m.walk:3:14: expected a value network is varied over: on, off; did you mean 'when network off: expect credits 0'?",
        ])
        #expect(errors(vary + "when network off expect credits 0") == [
            "m.walk:3:18: expected ',' and another condition, or ':' and the step to run, after 'when network off'; did you mean 'when network off: expect credits 0'?",
        ])
        #expect(errors(vary + "when network off, fail-with 2") == [
            "m.walk:3:30: expected ',' and another condition, or ':' and the step to run, after 'when network off, fail-with 2'; did you mean 'when network off, fail-with 2: expect credits 0'?",
        ])
        #expect(errors(vary + "when network off:") == [
            "m.walk:3:18: expected the step to run after the colon; did you mean 'when network off: expect credits 0'?",
        ])
        #expect(errors(vary + "when network off, network on: expect credits 0") == [
            "m.walk:3:19: expected each condition once; network is named already",
        ])
        #expect(errors(vary + "when network off: when fail-with 2: expect credits 0") == [
            "m.walk:3:19: expected a step after the colon; when cannot be one (name every condition in one when: 'when a on, b off: …')",
        ])
    }

    @Test func theStepAfterTheColonIsCheckedAsAnyStepKeepingItsWhen() {
        #expect(errors("vary network on off\nwhen network off:  presss \"OK\"").first?.hasPrefix("m.walk:2:20: expected a step: ") == true)
        #expect(errors("vary network on off\nwhen network off:  presss \"OK\"").first?.hasSuffix("did you mean 'when network off: press \"OK\"'?") == true)
        #expect(errors("vary network on off\nwhen network off: expect credit 10") == [
            "m.walk:2:26: expected what to expect: screen, transaction, subscription, event, defaults, credits, unconsumed, queue, receipt, offer; did you mean 'when network off: expect credits 10'?",
        ])
    }

    /// A vary line with an error is the one error: the `when` lines naming its condition are
    /// not each reported too.
    @Test func aBadVaryLineIsNotReportedAgainAtEveryWhen() {
        #expect(errors("vary network on\nwhen network off: expect credits 0\nwhen network on: expect credits 0") == [
            "m.walk:1:16: expected at least two values to vary network over: on|off",
        ])
    }
}
