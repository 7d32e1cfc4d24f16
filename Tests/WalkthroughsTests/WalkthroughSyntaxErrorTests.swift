import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// A bad line gets FILE:LINE:COLUMN, what was expected there and the nearest valid step;
/// a file with one runs nothing.
@Suite struct WalkthroughSyntaxErrorTests {
    let parser = WalkthroughParser(catalog: try! CatalogLoader.defaultCatalog())

    /// The errors of `text`, as printed.
    func errors(_ text: String) -> [String] {
        do {
            _ = try parser.parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func anUnknownStepSuggestsTheNearestKeepingItsArguments() {
        #expect(errors("open \"Premium Quotes\"\n  aprove 1000000001") == [
            "demo.walk:2:3: expected a step: set, open, manage, choose, quantity, press, key, restore, refresh receipt, delete app data, defaults set, relaunch, approve, decline, resolve, consume, promotional-offer, expire, renew, auto-renew, fix-billing, price-increase, agree-price, decline-price, buy-outside, redeem-code, promote, refund, delete-transaction, clear-history, request-refund, approve-refund, decline-refund, family, advance, caption, pause, expect, vary, when; did you mean 'approve 1000000001'?",
        ])
    }

    @Test func aBadConditionOrValueNamesWhatItTakes() {
        #expect(errors("set ask-to-by on") == [
            "demo.walk:1:5: expected a store condition after set: can-make-payments, ask-to-buy, network, fail-with, fail API, interrupted, finish-transactions, account, storefront, locale, latency, hold, dialogs, time-rate, signing-environment, billing-retry, grace-period, grace-renewals, refund-requests; did you mean 'set ask-to-buy on'?",
        ])
        #expect(errors("set ask-to-buy maybe") == [
            "demo.walk:1:16: expected a value ask-to-buy takes: ask-to-buy takes on or off, not \"maybe\"; did you mean 'set ask-to-buy on'?",
        ])
        #expect(errors("set fail-with paymentNotAlowed").first?.hasSuffix("did you mean 'set fail-with paymentNotAllowed'?") == true)
        #expect(errors("set storefront jpm").first?.hasSuffix("did you mean 'set storefront JPN'?") == true)
    }

    @Test func anUnknownProductSuggestsTheNearestTitle() {
        #expect(errors("open \"Premum Quotes\"") == [
            "demo.walk:1:6: expected a product id or a row's title in quotes after open; did you mean 'open \"Premium Quotes\"'?",
        ])
    }

    /// A name suggested is in the walkthrough's language as its `set locale` steps leave it: an
    /// English walkthrough is never offered a Japanese title, a Japanese one is.
    @Test func aSuggestedTitleIsInTheWalkthroughsLanguage() throws {
        let english = try #require(errors("open \"x\"").first)
        #expect(english.contains("did you mean 'open ") && !english.unicodeScalars.contains { $0.value >= 0x3000 }, "\(english)")
        let typo = try #require(errors("open \"1年パ\"").first)
        #expect(!typo.contains("1年パス"), "\(typo)")
        #expect(errors("set locale ja_JP\nopen \"1年パ\"") == [
            "demo.walk:2:6: expected a product id or a row's title in quotes after open; did you mean 'open 1年パス'?",
        ])
    }

    @Test func missingAndLeftOverWords() {
        #expect(errors("advance") == ["demo.walk:1:8: expected a duration after advance: a number and s, min, h, d, w, mo or y (90s, 2h, 3d, 1mo); did you mean 'advance 25h'?"])
        #expect(errors("restore now") == ["demo.walk:1:9: expected the end of the step after 'restore'; did you mean 'restore'?"])
        #expect(errors("delete app") == ["demo.walk:1:11: expected 'delete app data'; did you mean 'delete app data'?"])
    }

    @Test func quotingMistakes() {
        #expect(errors("caption \"unterminated") == ["demo.walk:1:9: expected a closing quote for the string that starts here; did you mean 'caption \"unterminated\"'?"])
        #expect(errors("expect screen You're all set") == ["demo.walk:1:15: expected the text on the screen in quotes; did you mean 'expect screen \"You're all set\"'?"])
        #expect(errors("caption \"a\"b") == ["demo.walk:1:12: expected a blank after the closing quote"])
    }

    @Test func expectationsSuggestTheirOwnWords() {
        #expect(errors("expect credit 10") == ["demo.walk:1:8: expected what to expect: screen, transaction, subscription, event, defaults, credits, unconsumed, queue, receipt, offer; did you mean 'expect credits 10'?"])
        #expect(errors("expect transaction stat purchased").first?.hasSuffix("did you mean 'expect transaction state purchased'?") == true)
        #expect(errors("expect transaction state purchsed").first?.hasSuffix("did you mean 'expect transaction state purchased'?") == true)
        #expect(errors("expect transaction nne") == [
            "demo.walk:1:20: expected state, reason, error, none, revoked, not-revoked, refund-request, ownership, or a transaction by id or product (id or title) after expect transaction; did you mean 'expect transaction none'?",
        ])
        #expect(errors("expect transaction 1000000001 non").first?.hasSuffix("did you mean 'expect transaction 1000000001 none'?") == true)
        #expect(errors("expect transaction none now") == [
            "demo.walk:1:25: expected the end of the step after 'expect transaction none'; did you mean 'expect transaction none'?",
        ])
        #expect(errors("expect queue lots").first?.hasPrefix("demo.walk:1:14: expected empty or how many") == true)
        #expect(errors("expect transaction reason purchse").first?.hasSuffix("did you mean 'expect transaction reason purchase'?") == true)
        #expect(errors("expect transaction reason") == [
            "demo.walk:1:26: expected why the store made it: purchase, renewal, redownload, resolution, outsideApp; did you mean 'expect transaction reason purchase'?",
        ])
        // Restored is what a transaction is, not why the store made it.
        #expect(errors("expect transaction \"Premium Quotes\" reason restored") == [
            "demo.walk:1:44: expected why the store made it: purchase, renewal, redownload, resolution, outsideApp; restored is a state, not a reason; did you mean 'expect transaction \"Premium Quotes\" state restored'?",
        ])
    }

    @Test func subscriptionStepsSuggestTheirOwnWords() {
        #expect(errors("expire \"Pro Montly\"") == [
            "demo.walk:1:8: expected an auto-renewable subscription by id or title after expire; did you mean 'expire \"Pro Monthly\"'?",
        ])
        #expect(errors("renew \"Premium Quotes\"") == [
            "demo.walk:1:7: expected an auto-renewable subscription by id or title after renew; \"Premium Quotes\" is not one; did you mean 'renew \"Pro Monthly\"'?",
        ])
        #expect(errors("fix-billing") == [
            "demo.walk:1:12: expected an auto-renewable subscription by id or title after fix-billing; did you mean 'fix-billing \"Pro Monthly\"'?",
        ])
        #expect(errors("fix-biling \"Pro Monthly\"").first?.hasSuffix("did you mean 'fix-billing \"Pro Monthly\"'?") == true)
        #expect(errors("auto-renew \"Pro Monthly\"") == [
            "demo.walk:1:25: expected on or off for auto-renew; did you mean 'auto-renew \"Pro Monthly\" off'?",
        ])
        #expect(errors("auto-renew \"Pro Monthly\" of").first?.hasSuffix("did you mean 'auto-renew \"Pro Monthly\" off'?") == true)
        #expect(errors("agree-price \"Pro Monthly\" now") == [
            "demo.walk:1:27: expected the end of the step after 'agree-price \"Pro Monthly\"'; did you mean 'agree-price \"Pro Monthly\"'?",
        ])
    }

    /// `decline` answers an Ask to Buy request: a price increase said that way points at `decline-price`.
    @Test func declinePriceIncreaseSuggestsTheStep() {
        #expect(errors("decline price increase \"Pro Monthly\"") == [
            "demo.walk:1:9: expected a transaction after decline (an Ask to Buy request); a price increase is declined with decline-price; did you mean 'decline-price \"Pro Monthly\"'?",
        ])
        #expect(errors("decline price").first?.hasSuffix("did you mean 'decline-price \"Pro Monthly\"'?") == true)
        #expect(errors("decline-prise \"Pro Monthly\"").first?.hasSuffix("did you mean 'decline-price \"Pro Monthly\"'?") == true)
    }

    @Test func aPriceIncreaseNamesWhatItTakes() {
        #expect(errors("price-increase \"Pro Monthly\"") == [
            "demo.walk:1:29: expected the new price after the product, in the storefront's currency (5.99); did you mean 'price-increase \"Pro Monthly\" 5.99'?",
        ])
        #expect(errors("price-increase \"Pro Monthly\" $5.99") == [
            "demo.walk:1:30: expected the new price after the product, in the storefront's currency (5.99); did you mean 'price-increase \"Pro Monthly\" 5.99'?",
        ])
        #expect(errors("price-increase \"Pro Monthly\" 900 in jpm") == [
            "demo.walk:1:37: expected an App Store storefront after in: a country code such as USA, JPN; did you mean 'price-increase \"Pro Monthly\" 900 in JPN'?",
        ])
        #expect(errors("price-increase \"Pro Monthly\" 5.99 consnet") == [
            "demo.walk:1:35: expected in STOREFRONT, consent or no-consent after the price (each once); did you mean 'price-increase \"Pro Monthly\" 5.99 consent'?",
        ])
        #expect(errors("price-increase \"Pro Monthly\" 5.99 consent no-consent in USA").first?.hasSuffix("did you mean 'price-increase \"Pro Monthly\" 5.99 consent in USA'?") == true)
    }

    @Test func aSubscriptionExpectationSuggestsItsOwnWords() {
        #expect(errors("expect subscription state subscribed") == [
            "demo.walk:1:21: expected an auto-renewable subscription by id or title after expect subscription, before state; did you mean 'expect subscription \"Pro Monthly\" state subscribed'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" stat subscribed") == [
            "demo.walk:1:35: expected what to expect of the subscription: state, plan, auto-renew, expiration-reason, renews-to, price-increase, offer, renews, expires, grace-until; did you mean 'expect subscription \"Pro Monthly\" state subscribed'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" state expird") == [
            "demo.walk:1:41: expected a subscription state: subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked; did you mean 'expect subscription \"Pro Monthly\" state expired'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" expiration-reason billing") == [
            "demo.walk:1:53: expected why it ended, or none: autoRenewDisabled, billingError, didNotConsentToPriceIncrease, productUnavailable, unknown, none; did you mean 'expect subscription \"Pro Monthly\" expiration-reason billingError'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" renews-to \"Lite Montly\"").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" renews-to \"Lite Monthly\"'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" price-increase pendin").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" price-increase pending'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" auto-renew yes").first?.hasPrefix("demo.walk:1:46: expected on or off for auto-renew") == true)
        #expect(errors("expect subscription \"Pro Monthly\"").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" state subscribed'?") == true)
        #expect(errors("expect subscripton \"Pro Monthly\" state expired").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" state expired'?") == true)
        #expect(errors("expect subscription \"One-Year Pass\" state expired").first?.contains("\"One-Year Pass\" is not one") == true)
    }

    /// An offer, a day and an event's kind: each misspelt one gets the line, the column and the
    /// nearest, a day written another way the same day as a walkthrough writes it.
    @Test func anOfferADayAndAnEventSuggestTheirOwnWords() {
        #expect(errors("expect subscription \"Pro Monthly\" offer freetrail") == [
            "demo.walk:1:41: expected the offer its period was bought with, or none: freeTrial, payAsYouGo, payUpFront, introductory, code, promotional, winBack, none; did you mean 'expect subscription \"Pro Monthly\" offer freeTrial'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" offer promo").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" offer promotional'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" offer win-back").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" offer winBack'?") == true)
        #expect(errors("\nexpect subscription \"Pro Monthly\" renews 2030/1/8") == [
            "demo.walk:2:42: expected a day after renews, as 2030-01-08 (year-month-day, UTC); did you mean 'expect subscription \"Pro Monthly\" renews 2030-01-08'?",
        ])
        // A day written in words, in one language or the other: the same day in ISO form.
        // Failed before: "renews Jan 8" was suggested 'expect screen "…"'.
        #expect(errors("expect subscription \"Pro Monthly\" renews Jan 8") == [
            "demo.walk:1:42: expected a day after renews, as 2030-01-08 (year-month-day, UTC); did you mean 'expect subscription \"Pro Monthly\" renews 2030-01-08'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" expires \"February 8, 2031\"").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" expires 2031-02-08'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" renews 8 Jan 2030").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" renews 2030-01-08'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" renews 2030年1月8日").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" renews 2030-01-08'?") == true)
        // No such day: the example, not a day rolled over into the next month.
        #expect(errors("expect subscription \"Pro Monthly\" expires 2030-02-30").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" expires 2030-01-08'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" grace 2030-01-24").first?.hasSuffix("did you mean 'expect subscription \"Pro Monthly\" grace-until 2030-01-24'?") == true)
        #expect(errors("expect subscription \"Pro Monthly\" renews-to nothing") == [
            "demo.walk:1:45: expected an auto-renewable subscription by id or title after renews-to, or none; did you mean 'expect subscription \"Pro Monthly\" renews-to none'?",
        ])
        #expect(errors("expect subscription \"Pro Monthly\" renews-to \"Lite Montly\"").first?.hasPrefix("demo.walk:1:45: expected an auto-renewable subscription by id or title after renews-to (or none)") == true)
        #expect(errors("expect event renewd") == [
            "demo.walk:1:14: expected a store event's kind, as storefront events names it: \(StoreEventKind.allCases.map(\.rawValue).joined(separator: ", ")); did you mean 'expect event renewed'?",
        ])
        // App Store Server Notifications' names point at the store's own.
        #expect(errors("expect event DID_RENEW").first?.hasSuffix("did you mean 'expect event renewed'?") == true)
        #expect(errors("expect no event didFailToRenew").first?.hasSuffix("did you mean 'expect no event renewalFailed'?") == true)
        #expect(errors("expect no evnt refunded") == ["demo.walk:1:11: expected event after expect no; did you mean 'expect no event refunded'?"])
        #expect(errors("expect event renewed \"Pro Montly\"").first?.hasSuffix("did you mean 'expect event renewed \"Pro Monthly\"'?") == true)
        #expect(errors("expect event renewed \"Pro Monthly\" twice").first?.hasPrefix("demo.walk:1:36: expected the end of the step") == true)
    }

    /// A suggestion is itself a step: the nearest verb with the words typed after it when
    /// that parses, else that verb's example.
    @Test func aSuggestionIsAlwaysAValidStep() {
        #expect(errors("cancel subscription com.storefront.pro.monthly") == [
            "demo.walk:1:1: expected a step: set, open, manage, choose, quantity, press, key, restore, refresh receipt, delete app data, defaults set, relaunch, approve, decline, resolve, consume, promotional-offer, expire, renew, auto-renew, fix-billing, price-increase, agree-price, decline-price, buy-outside, redeem-code, promote, refund, delete-transaction, clear-history, request-refund, approve-refund, decline-refund, family, advance, caption, pause, expect, vary, when; did you mean 'auto-renew com.storefront.pro.monthly off'?",
        ])
        // Cancelling a subscription is turning auto-renew off, not the verb spelt nearest.
        #expect(errors("cancel subscription").first?.hasSuffix("did you mean 'auto-renew \"Pro Monthly\" off'?") == true)
        #expect(errors("cancel subscription \"lite monthly\"").first?.hasSuffix("did you mean 'auto-renew \"lite monthly\" off'?") == true)
        // A duration in words is suggested as a duration is written.
        #expect(errors("advance 1 month").first?.hasSuffix("did you mean 'advance 1mo'?") == true)
        #expect(errors("advance 2 hours").first?.hasSuffix("did you mean 'advance 2h'?") == true)
        #expect(errors("advance 3 Days").first?.hasSuffix("did you mean 'advance 3d'?") == true)
        #expect(errors("advance a while").first?.hasSuffix("did you mean 'advance 25h'?") == true)
        // A guard on a condition the file does not vary cannot be suggested at all.
        #expect(errors("wen ask-to-buy on: press \"Ask\"").first?.contains("did you mean") == false)
    }

    @Test func everySuggestionParses() throws {
        let lines = ["cancel subscription X", "advance 1 month", "advance forever", "buy com.storefront.premium", "aprove 1",
                     "expect transaction reason restored", "expect transaction stat purchased", "set ask-to-by on",
                     "open \"Premum Quotes\"", "key Entr", "pause forever", "quantity 0", "delete app", "expect defaults credits",
                     "when network off: cancel", "vary network", "refund 1000000001", "expect crdits 3", "expire Premium", "renew",
                     "auto-renew \"Pro Monthly\" maybe", "fix-biling x", "price-increase \"Pro Monthly\" free", "agree-price x y",
                     "price-increase \"Pro Monthly\" 5.99 in Atlantis", "price-increase \"Pro Monthly\" 5.99 consent consent",
                     "expect subscription", "expect subscription plan pro", "expect subscription \"Pro Monthly\" renews-to x",
                     "expect subscription \"Pro Monthly\" expiration-reason", "expect subscription x state subscribed",
                     "expect subscription \"Pro Monthly\" offer trail", "expect subscription \"Pro Monthly\" renews 2030/1/8",
                     "expect subscription \"Pro Monthly\" expires soon", "expect subscription \"Pro Monthly\" grace 2030-01-24",
                     "expect subscription \"Pro Monthly\" renews-to", "expect subscription \"Pro Monthly\" renews-to off", "expect event DID_RENEW", "expect event renewd x",
                     "expect no evnt refunded", "expect event", "expect events renewed"]
        for line in lines {
            for suggestion in errorsWithSuggestions("vary network off on\n" + line) {
                #expect(errors("vary network off on\n" + suggestion) == [], "\(line) suggests \(suggestion)")
            }
        }
    }

    /// The suggestions the errors of `text` make.
    func errorsWithSuggestions(_ text: String) -> [String] {
        do {
            _ = try parser.parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.compactMap(\.suggestion)
        }
    }

    @Test func everyBadLineIsReportedAndAnEmptyFileIsOne() {
        let found = errors("open \"Premium Quotes\"\nquantity 0\npress\nkey Entr\npause forever")
        #expect(found.map { $0.prefix(12) } == ["demo.walk:2:", "demo.walk:3:", "demo.walk:4:", "demo.walk:5:"])
        #expect(found[2].hasSuffix("did you mean 'key Enter'?"))
        #expect(errors("# only a comment\n\n") == ["demo.walk:1:1: expected at least one step; the file has none; did you mean 'open \"Premium Quotes\"'?"])
    }

    @Test func aFileThatIsNotAWalkthrough() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func error(_ path: String) -> String? {
            do {
                _ = try parser.parse(file: path)
                return nil
            } catch {
                return error.errors.first?.description
            }
        }
        // Said of the file as a whole, not of a line 1 it does not have.
        #expect(error(directory.path) == "\(directory.path): is a directory, not a file; expected a walkthrough file")
        let none = directory.appendingPathComponent("none.walk").path
        #expect(error(none) == "\(none): does not exist; expected a walkthrough file")
        let binary = directory.appendingPathComponent("binary.walk")
        try Data([0x6F, 0x70, 0xFF, 0xFE]).write(to: binary)
        #expect(error(binary.path) == "\(binary.path): is not UTF-8 text; expected a walkthrough file")
        #expect(error("") == "\"\": is an empty path; expected a walkthrough file")
    }
}

/// No line, however mangled, crashes the parser: it is a step or an error.
@Suite struct WalkthroughParserRobustnessTests {
    @Test func mangledLinesAreStepsOrErrors() throws {
        let parser = WalkthroughParser(catalog: try CatalogLoader.defaultCatalog())
        let pieces = ["open", "expect", "transaction", "state", "\"", "\\\"", "\\", "#", " ", "\t", "set", "fail-with", "é",
                      "e\u{301}", "🇺🇸", "\u{1B}[2J", "\r", "\r\n", "\n", "quantity", "-1", "99999999999999999999", "key",
                      "advance", "0s", "pause", "1e309s", ".s", "defaults", "credits", "queue", "screen", "not", "delete", "app",
                      "データ", "\u{0}", "press", "approve", "\u{FEFF}", "\u{202E}", "expire", "auto-renew", "price-increase",
                      "subscription", "plan", "in", "consent", "5.99", "\"Pro Monthly\"", "on"]
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            do {
                let walkthrough = try parser.parse(text, file: "f")
                #expect(!walkthrough.steps.isEmpty)
            } catch {
                #expect(!error.errors.isEmpty)
                for e in error.errors { #expect(e.line >= 1 && e.column >= 1, "\(e) for \(text.debugDescription)") }
            }
        }
    }
}

/// A repeatable sequence (SplitMix64), so a failure can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
