import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// `manage PRODUCT` opens Manage Subscriptions from the plan's row, `choose TITLE` picks a plan
/// or an action in it by the title it shows, and `press` answers the confirmation it opens:
/// a subscription's whole life written as a person lives it, checked against the store.
@Suite struct WalkthroughManageSubscriptionsTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func run(_ text: String) throws -> WalkthroughResult {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough)
    }

    func summaries(_ result: WalkthroughResult) -> [String] {
        result.failures.map { $0.summary(file: "demo.walk") }
    }

    /// Lite, upgraded to Pro at once, downgraded back for the renewal (the plan change is set),
    /// then cancelled with its confirmation.
    @Test func aSubscriptionsLifeInManageSubscriptions() throws {
        let result = try run("""
            open "Lite Monthly"
            press "Subscribe"
            press "OK"
            manage "Lite Monthly"
            expect screen "Manage Subscriptions"
            choose "Pro Monthly"            # a higher level: at once
            press "Subscribe"
            press "OK"
            expect subscription "Pro Monthly" plan "Pro Monthly"
            expect subscription "Pro Monthly" renews-to "Pro Monthly"
            manage "Pro Monthly"
            choose "Lite Monthly"           # a lower level: at the renewal
            press "Subscribe"
            expect screen "Your Plan Change Is Set"
            press "OK"
            expect subscription "Pro Monthly" plan "Pro Monthly"
            expect subscription "Pro Monthly" renews-to "Lite Monthly"
            manage "Pro Monthly"
            choose "Cancel Subscription"
            expect screen "Confirm Cancellation"
            press "Confirm"
            expect subscription "Pro Monthly" auto-renew off
            expect subscription "Pro Monthly" state subscribed
            choose "Resubscribe to Lite Monthly"
            expect subscription "Pro Monthly" auto-renew on
            expect screen "Choose a plan to change to it."
            key Esc
            expect screen not "Choose a plan to change to it."
            """)
        #expect(result.passed, "\(summaries(result))")
        #expect(result.stepsRun == 28)
    }

    /// A plan's title, an action's and a button's, each as the Japanese screen shows it.
    @Test func japaneseTitlesAsShown() throws {
        let result = try run("""
            set locale ja_JP
            open "Pro Monthly"
            press "登録"
            press "OK"
            manage "プロ 月額プラン"
            choose "無料トライアルをキャンセルする"
            press "確認"
            expect subscription "Pro Monthly" auto-renew off
            choose "ライト 月額プラン"
            expect screen "App Store"
            """)
        #expect(result.passed, "\(summaries(result))")
    }

    /// A plan is named as `open` and `manage` name it, whatever the screen's language: its
    /// English title and its id reach the Japanese screen's row. Failed before: "expected a row
    /// "Pro Yearly", saw … "プロ 年額プラン"".
    @Test func aPlanByItsEnglishTitleOrIdOnTheJapaneseScreen() throws {
        let result = try run("""
            set locale ja_JP
            open "Lite Monthly"
            press "登録"
            press "OK"
            manage "Lite Monthly"
            choose "Pro Monthly"
            press "登録"
            press "OK"
            expect subscription "Pro Monthly" plan "Pro Monthly"
            manage "Pro Monthly"
            choose com.storefront.pro.yearly
            expect screen "プロ 年額プラン"
            """)
        #expect(result.passed, "\(summaries(result))")
        #expect(result.stepsRun == 12)
    }

    /// Agree to New Price is an action of Manage Subscriptions too; the consent sheet's buttons
    /// are pressed as any dialog's.
    @Test func aPriceIncreaseAgreedInManageSubscriptions() throws {
        let result = try run("""
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            price-increase "Pro Monthly" 5.99 consent
            expect screen "Subscription Price Increase"
            press "Close"                   # the consent sheet: it stays waiting
            expect subscription "Pro Monthly" price-increase pending
            manage "Pro Monthly"
            choose "Agree to New Price"
            expect subscription "Pro Monthly" price-increase agreed
            """)
        #expect(result.passed, "\(summaries(result))")
    }

    /// A title that is not there lists those that are (the nearest when it is a misspelling),
    /// and the screen is printed, as a failed `expect screen` prints it.
    @Test func aTitleThatIsNotThereListsThoseThatAre() throws {
        let result = try run("""
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            manage "Pro Monthly"
            choose "Cancel Subscription"
            """)
        #expect(summaries(result) == [
            "demo.walk:5: choose \"Cancel Subscription\" — expected a row \"Cancel Subscription\", saw Manage Subscriptions with \"Pro Monthly\", \"Pro Yearly\", \"Pro Student\", \"Lite Monthly\", \"Cancel Free Trial\"",
        ])
        #expect(result.failures.first?.screen?.contains("Cancel Free Trial") == true)
        let outside = try run("choose \"Pro Yearly\"")
        #expect(summaries(outside) == ["demo.walk:1: choose \"Pro Yearly\" — expected Manage Subscriptions, to choose \"Pro Yearly\", saw the store screen"])
    }

    /// A failed press prints the screen (the confirmation over the panel here), exactly as a
    /// failed `expect screen` prints it, and names the buttons there, the nearest too.
    @Test func aFailedPressPrintsTheScreen() throws {
        let result = try run("""
            open "Pro Monthly"
            press "Subscribe"
            press "OK"
            manage "Pro Monthly"
            choose "Cancel Free Trial"
            press "Confrim"
            """)
        #expect(summaries(result) == [
            "demo.walk:6: press \"Confrim\" — expected a button \"Confrim\", saw \"Confirm Cancellation\" over Manage Subscriptions with \"Not Now\", \"Confirm\" (the nearest: \"Confirm\")",
        ])
        let screen = try #require(result.failures.first?.screen)
        #expect(screen.contains("Confirm Cancellation") && screen.contains("[ Confirm ]"), "\(screen)")
        let report = TestReport(results: [result]).lines
        #expect(report.contains { $0.hasPrefix("    │ ") && $0.contains("Confirm Cancellation") }, "\(report)")

        let nothing = try run("press \"OK\"")
        #expect(summaries(nothing) == ["demo.walk:1: press \"OK\" — expected a dialog with a button \"OK\", saw the store screen"])
        #expect(nothing.failures.first?.screen?.contains("Your credits: 0") == true)
    }
}
