import CatalogFiles
import DataFiles
import Foundation
import AppStoreCore
import StorefrontUI
import Testing
import Walkthroughs

/// The format as a person writes it: every kind of step, comments, quoting.
@Suite struct WalkthroughParserTests {
    let parser = WalkthroughParser(catalog: try! CatalogLoader.defaultCatalog())

    func actions(_ text: String) throws -> [StepAction] {
        try parser.parse(text, file: "w.walk").steps.map(\.action)
    }

    @Test func everyKindOfStep() throws {
        let text = """
            set ask-to-buy on
            set account "family.child@example.com"
            open "10 Monkey Credits"
            open com.storefront.premium
            open "Your credits"
            open "Free quote 2"
            quantity 3
            press "Buy"
            key Esc
            key +
            restore
            delete app data
            relaunch
            approve
            decline 1000000002
            resolve "One-Year Pass"
            advance 25h
            caption "Ask to Buy \\"approved\\""
            pause 1.5s
            expect screen "You're all set."
            expect screen not "Network down?"
            expect transaction state purchased
            expect transaction 1000000001 error 4
            expect transaction com.storefront.credits.5 error paymentNotAllowed
            expect transaction "Premium Quotes" error none
            expect transaction none
            expect transaction "One-Year Pass" none
            expect transaction 1000000003 none
            expect transaction reason purchase
            expect transaction com.storefront.pro.monthly reason renewal
            expect transaction "Premium Quotes" reason redownload
            expect transaction 1000000004 reason resolution
            expect transaction 1000000005 reason outsideApp
            expect transaction 1000000006 reason outsideapp
            expect defaults com.storefront.premium true
            expect defaults credits 15
            expect defaults theme "dark"
            expect defaults com.storefront.pro.monthly none
            expect credits 10
            expect queue empty
            expect queue 2
            """
        #expect(try actions(text) == [
            .set(condition: "ask-to-buy", value: "on"),
            .set(condition: "account", value: "family.child@example.com"),
            .open(.product("com.storefront.credits.10")),
            .open(.product("com.storefront.premium")),
            .open(.credits),
            .open(.content(id: "free-2")),
            .quantity(3),
            .press("Buy"),
            .key(.escape),
            .key(.char("+")),
            .restore,
            .deleteAppData,
            .relaunch,
            .answer(.approve, .latest),
            .answer(.decline, .id("1000000002")),
            .answer(.resolve, .product("com.storefront.pass.yearly")),
            .advance(StoreDuration("25h")!),
            .caption("Ask to Buy \"approved\""),
            .pause(seconds: 1.5),
            .expect(.screen("You're all set.", present: true)),
            .expect(.screen("Network down?", present: false)),
            .expect(.transactionState(.latest, .purchased)),
            .expect(.transactionError(.id("1000000001"), .code(4))),
            .expect(.transactionError(.product("com.storefront.credits.5"), .name("paymentNotAllowed"))),
            .expect(.transactionError(.product("com.storefront.premium"), .none)),
            .expect(.noTransaction(.latest)),
            .expect(.noTransaction(.product("com.storefront.pass.yearly"))),
            .expect(.noTransaction(.id("1000000003"))),
            .expect(.transactionReason(.latest, .purchase)),
            .expect(.transactionReason(.product("com.storefront.pro.monthly"), .renewal)),
            .expect(.transactionReason(.product("com.storefront.premium"), .redownload)),
            .expect(.transactionReason(.id("1000000004"), .resolution)),
            .expect(.transactionReason(.id("1000000005"), .outsideApp)),
            .expect(.transactionReason(.id("1000000006"), .outsideApp)),
            .expect(.defaults(key: "com.storefront.premium", value: .bool(true))),
            .expect(.defaults(key: "credits", value: .int(15))),
            .expect(.defaults(key: "theme", value: .string("dark"))),
            .expect(.defaults(key: "com.storefront.pro.monthly", value: nil)),
            .expect(.credits(10)),
            .expect(.queue(0)),
            .expect(.queue(2)),
        ])
    }

    /// Xcode's two billing conditions are `set` steps like the others.
    @Test func theBillingConditionsAreSetSteps() throws {
        #expect(try actions("set billing-retry on\nset grace-period 16d\nset grace-period XCODE\nset billing-retry off\nset grace-period off") == [
            .set(condition: "billing-retry", value: "on"),
            .set(condition: "grace-period", value: "16d"),
            .set(condition: "grace-period", value: "XCODE"),
            .set(condition: "billing-retry", value: "off"),
            .set(condition: "grace-period", value: "off"),
        ])
        let refused = #expect(throws: SyntaxErrors.self) { try actions("set grace-period 15d") }
        #expect(refused?.errors.map(\.description) == [
            "w.walk:1:18: expected a value grace-period takes: grace-period takes off, 3d, 16d, 28d or xcode, not \"15d\"; did you mean 'set grace-period 16d'?",
        ])
    }

    /// The store-side steps on a subscription use the command line's words; products by id or
    /// title, in any language.
    @Test func theSubscriptionStepsAreTheCommandLinesWords() throws {
        let text = """
            expire "Pro Monthly"
            renew com.storefront.pro.yearly
            auto-renew "Pro Monthly" off
            auto-renew "ライト 月額プラン" ON
            fix-billing "pro student"
            price-increase "Pro Monthly" 5.99
            price-increase "Pro Monthly" 900 in jpn consent
            price-increase com.storefront.lite.monthly 1.49 no-consent in USA
            agree-price "Pro Monthly"
            decline-price "Pro Monthly"
            """
        #expect(try actions(text) == [
            .subscription(.expire, productID: "com.storefront.pro.monthly"),
            .subscription(.renew, productID: "com.storefront.pro.yearly"),
            .subscription(.autoRenew(on: false), productID: "com.storefront.pro.monthly"),
            .subscription(.autoRenew(on: true), productID: "com.storefront.lite.monthly"),
            .subscription(.fixBilling, productID: "com.storefront.pro.student"),
            .operation(.priceIncrease(productID: "com.storefront.pro.monthly", storefront: nil, price: Decimal(string: "5.99")!, consentNeeded: nil)),
            .operation(.priceIncrease(productID: "com.storefront.pro.monthly", storefront: "JPN", price: 900, consentNeeded: true)),
            .operation(.priceIncrease(productID: "com.storefront.lite.monthly", storefront: "USA", price: Decimal(string: "1.49")!,
                                      consentNeeded: false)),
            .subscription(.agreeToPriceIncrease, productID: "com.storefront.pro.monthly"),
            .subscription(.declinePriceIncrease, productID: "com.storefront.pro.monthly"),
        ])
    }

    @Test func everySubscriptionExpectation() throws {
        let text = """
            expect subscription "Pro Monthly" state subscribed
            expect subscription com.storefront.pro.monthly state inGracePeriod
            expect subscription "Pro Monthly" state INBILLINGRETRYPERIOD
            expect subscription "Pro Monthly" state expired
            expect subscription "Pro Monthly" state revoked
            expect subscription "Lite Monthly" plan "Pro Yearly"
            expect subscription "Pro Monthly" auto-renew on
            expect subscription "Pro Monthly" auto-renew off
            expect subscription "Pro Monthly" expiration-reason autoRenewDisabled
            expect subscription "Pro Monthly" expiration-reason billingError
            expect subscription "Pro Monthly" expiration-reason didNotConsentToPriceIncrease
            expect subscription "Pro Monthly" expiration-reason productUnavailable
            expect subscription "Pro Monthly" expiration-reason unknown
            expect subscription "Pro Monthly" expiration-reason none
            expect subscription "Pro Monthly" renews-to com.storefront.lite.monthly
            expect subscription "Pro Monthly" price-increase pending
            expect subscription "Pro Monthly" price-increase agreed
            expect subscription "Pro Monthly" price-increase none
            """
        let monthly = "com.storefront.pro.monthly"
        #expect(try actions(text) == [
            .expect(.subscription(productID: monthly, .state(.subscribed))),
            .expect(.subscription(productID: monthly, .state(.inGracePeriod))),
            .expect(.subscription(productID: monthly, .state(.inBillingRetryPeriod))),
            .expect(.subscription(productID: monthly, .state(.expired))),
            .expect(.subscription(productID: monthly, .state(.revoked))),
            .expect(.subscription(productID: "com.storefront.lite.monthly", .plan("com.storefront.pro.yearly"))),
            .expect(.subscription(productID: monthly, .autoRenew(true))),
            .expect(.subscription(productID: monthly, .autoRenew(false))),
            .expect(.subscription(productID: monthly, .expirationReason(.autoRenewDisabled))),
            .expect(.subscription(productID: monthly, .expirationReason(.billingError))),
            .expect(.subscription(productID: monthly, .expirationReason(.didNotConsentToPriceIncrease))),
            .expect(.subscription(productID: monthly, .expirationReason(.productUnavailable))),
            .expect(.subscription(productID: monthly, .expirationReason(.unknown))),
            .expect(.subscription(productID: monthly, .expirationReason(nil))),
            .expect(.subscription(productID: monthly, .renewsTo("com.storefront.lite.monthly"))),
            .expect(.subscription(productID: monthly, .priceIncrease(.pending))),
            .expect(.subscription(productID: monthly, .priceIncrease(.agreed))),
            .expect(.subscription(productID: monthly, .priceIncrease(.noIncreasePending))),
        ])
    }

    @Test func everyOfferDayAndEventExpectation() throws {
        let text = """
            expect subscription "Pro Monthly" offer freeTrial
            expect subscription "Pro Monthly" offer payasyougo
            expect subscription "Pro Monthly" offer payUpFront
            expect subscription "Pro Monthly" offer introductory
            expect subscription "Pro Monthly" offer code
            expect subscription "Pro Monthly" offer promotional
            expect subscription "Pro Monthly" offer winBack
            expect subscription "Pro Monthly" offer none
            expect subscription "Pro Monthly" renews 2030-01-08
            expect subscription "Pro Monthly" expires 2032-02-29
            expect subscription "Pro Monthly" grace-until 2030-12-31
            expect subscription "Pro Monthly" renews-to none
            expect event renewed
            expect event RENEWALPREFERENCECHANGED "Lite Monthly"
            expect no event refunded com.storefront.premium
            """
        let monthly = "com.storefront.pro.monthly"
        let offers: [SubscriptionOfferKind?] = [.freeTrial, .payAsYouGo, .payUpFront, .introductory, .code, .promotional, .winBack, nil]
        #expect(try actions(text) == offers.map { .expect(.subscription(productID: monthly, .offer($0))) } + [
            .expect(.subscription(productID: monthly, .renews(try #require(CalendarDay("2030-01-08"))))),
            .expect(.subscription(productID: monthly, .expires(try #require(CalendarDay("2032-02-29"))))),
            .expect(.subscription(productID: monthly, .graceUntil(try #require(CalendarDay("2030-12-31"))))),
            .expect(.subscription(productID: monthly, .renewsTo(nil))),
            .expect(.event(.renewed, productID: nil, present: true)),
            .expect(.event(.renewalPreferenceChanged, productID: "com.storefront.lite.monthly", present: true)),
            .expect(.event(.refunded, productID: "com.storefront.premium", present: false)),
        ])
    }

    /// A day is one that exists, written with its zeros; it is read in UTC.
    @Test func aDayIsReadAsWritten() throws {
        #expect(CalendarDay("2030-01-08")?.description == "2030-01-08")
        #expect(CalendarDay("2032-02-29")?.description == "2032-02-29")
        for text in ["2030-02-30", "2031-02-29", "2030-1-8", "2030-13-01", "20300108", "2030-01-08T09:00", ""] {
            #expect(CalendarDay(text) == nil, "\(text)")
        }
        #expect(CalendarDay(Date(timeIntervalSince1970: 1_893_542_399)).description == "2030-01-01")   // 23:59:59 UTC
        #expect(CalendarDay(Date(timeIntervalSince1970: 1_893_542_400)).description == "2030-01-02")
    }

    @Test func commentsAndBlankLinesAreNotSteps() throws {
        let walkthrough = try parser.parse("# the premium flow\n\n  open \"Premium Quotes\"   # the offer row\r\npress \"#1\"\n", file: "w.walk")
        #expect(walkthrough.steps.map(\.line) == [3, 4])
        #expect(walkthrough.steps.map(\.source) == ["open \"Premium Quotes\"", "press \"#1\""])
        #expect(walkthrough.steps[1].action == .press("#1"), "a # inside quotes is text")
    }

    @Test func productsByTitleInAnyLanguageOrById() throws {
        #expect(try actions("open プレミアム名言集\nopen \"premium quotes\"\nopen com.storefront.credits.50") == [
            .open(.product("com.storefront.premium")), .open(.product("com.storefront.premium")),
            .open(.product("com.storefront.credits.50")),
        ])
    }
}
