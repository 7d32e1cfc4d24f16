import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// `manage` and `choose` are read and checked against the catalog, with the line and column of
/// what is wrong; and a misspelt or mis-split step is pointed at the step whose words were typed,
/// not at another family's spelt nearest (Ask to Buy's `decline` for a price increase).
@Suite struct WalkthroughStepFamilyTests {
    let parser = WalkthroughParser(catalog: try! CatalogLoader.defaultCatalog())

    func errors(_ text: String) -> [String] {
        do {
            _ = try parser.parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func suggestion(_ line: String) -> String? {
        do {
            _ = try parser.parse(line, file: "demo.walk")
            return nil
        } catch {
            return error.errors.first?.suggestion
        }
    }

    @Test func manageAndChooseAreRead() throws {
        let walkthrough = try parser.parse("""
            manage "Pro Monthly"
            choose "Pro Yearly"
            choose "cancel free trial"
            choose "プロ 年額プラン"
            choose "Resubscribe to Lite Monthly"
            choose "新しい価格に同意する"
            """, file: "demo.walk")
        #expect(walkthrough.steps.map(\.action) == [
            .manage(productID: "com.storefront.pro.monthly"), .choose("Pro Yearly"), .choose("Cancel Free Trial"),
            .choose("プロ 年額プラン"), .choose("Resubscribe to Lite Monthly"), .choose("新しい価格に同意する"),
        ])
    }

    @Test func manageAndChooseSayWhatTheyTake() {
        #expect(errors("open \"Pro Monthly\"\nchoose \"Pro Yerly\"") == [
            "demo.walk:2:8: expected a plan or an action of Manage Subscriptions by its title after choose: \"Pro Monthly\", \"Pro Yearly\", \"Pro Student\", \"Lite Monthly\", \"Agree to New Price\", \"Cancel Subscription\", \"Cancel Free Trial\", \"Resubscribe\"; did you mean 'choose \"Pro Yearly\"'?",
        ])
        #expect(errors("\n\nchoose").first?.hasPrefix("demo.walk:3:7: expected a plan or an action of Manage Subscriptions") == true)
        #expect(errors("choose").first?.hasSuffix("did you mean 'choose \"Cancel Subscription\"'?") == true)
        #expect(errors("choose \"Cancel Subscripton\"").first?.hasSuffix("did you mean 'choose \"Cancel Subscription\"'?") == true)
        #expect(suggestion("choose キャンセル") == "choose \"無料トライアルをキャンセルする\"", "a title that holds what was typed")
        #expect(errors("choose \"Pro Yearly\" now") == [
            "demo.walk:1:21: expected the end of the step after 'choose \"Pro Yearly\"'; did you mean 'choose \"Pro Yearly\"'?",
        ])
        #expect(errors("open \"Pro Monthly\"\nmanage \"Premium Quotes\"").first?.hasPrefix(
            "demo.walk:2:8: expected an auto-renewable subscription by id or title after manage; \"Premium Quotes\" is not one") == true)
        #expect(errors("manage").first?.hasSuffix("did you mean 'manage \"Pro Monthly\"'?") == true)
        #expect(errors("manage \"Pro Montly\"").first?.hasSuffix("did you mean 'manage \"Pro Monthly\"'?") == true)
    }

    /// Each suggestion is the step of the family its words name.
    @Test(arguments: [
        ("decline-pric \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("declineprice \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("decline price \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("decline pric \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("decline price-increase \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        // Failed before: 'decline "Pro Monthly"', Ask to Buy's step.
        ("decline \"Pro Monthly\" price", "decline-price \"Pro Monthly\""),
        ("decline \"Pro Monthly\" price increase", "decline-price \"Pro Monthly\""),
        ("approve 1000000001 refund", "approve-refund 1000000001"),
        ("price-decline \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("declinePriceIncrease \"Pro Monthly\"", "decline-price \"Pro Monthly\""),
        ("agree \"Pro Monthly\"", "agree-price \"Pro Monthly\""),
        ("agree price \"Pro Monthly\"", "agree-price \"Pro Monthly\""),
        ("agreeToPriceIncrease \"Pro Monthly\"", "agree-price \"Pro Monthly\""),
        ("approve price \"Pro Monthly\"", "agree-price \"Pro Monthly\""),
        ("decline refund 1000000001", "decline-refund 1000000001"),
        ("approve refund request 1000000001", "approve-refund 1000000001"),
        ("clear history", "clear-history"),
        ("aprove 1000000001", "approve 1000000001"),
        ("chose \"Pro Yearly\"", "choose \"Pro Yearly\""),
        ("manag \"Pro Monthly\"", "manage \"Pro Monthly\""),
    ])
    func aSuggestionComesFromTheStepThatFits(line: String, meant: String) {
        #expect(suggestion(line) == meant)
        #expect(errors(meant) == [], "\(meant) is a step")
    }

    @Test func theMessageSaysWhichStepAnswersWhat() {
        #expect(errors("approve price \"Pro Monthly\"") == [
            "demo.walk:1:9: expected a transaction after approve (an Ask to Buy request); a price increase is agreed to with agree-price; did you mean 'agree-price \"Pro Monthly\"'?",
        ])
        #expect(errors("when network off: decline refund 1000000001", varying: "vary network on off") == [
            "demo.walk:2:27: expected a transaction after decline (an Ask to Buy request); a refund request is declined with decline-refund; did you mean 'when network off: decline-refund 1000000001'?",
        ])
    }

    func errors(_ line: String, varying: String) -> [String] {
        errors(varying + "\n" + line)
    }
}
