import Foundation
import AppStoreCore
import StoreKitSim
import Testing
@testable import StorefrontUI

/// A promotional offer the app presents: the App Store's sheet at the offer's terms, in the
/// screen's language, and the payment it makes carrying the offer the app's server signed.
@Suite struct PromotionalOfferSheetTests {
    static let monthly = "com.storefront.pro.monthly"

    /// The dialog on screen as its lines read before wrapping, one space between them.
    private func dialogText(_ ui: UITestHarness) -> String {
        DialogModel(ui.state).map { ([$0.title] + $0.lines.map(\.text) + $0.buttons).joined(separator: " ") } ?? ""
    }

    @Test func theSheetStatesTheOffersTermsThenThePlans() throws {
        let ui = try UITestHarness()
        ui.runtime.presentPromotionalOffer("COMEBACK", of: Self.monthly)
        guard case .sheet(let sheet) = ui.state.mode else { Issue.record("no sheet"); return }
        #expect(sheet.promotionalOfferID == "COMEBACK")
        let text = dialogText(ui)
        #expect(text.contains("$2.99/month for 3 months"), "\(text)")
        #expect(text.contains("then $4.99/month starting Apr 15, 2027"), "three months from the clock's start: \(text)")
        #expect(!text.contains("1 week free"), "the offer, not the introductory trial: \(text)")
        #expect(text.hasSuffix("Cancel Subscribe"))
    }

    @Test func inJapanItReadsAsTheJapaneseAppStoreWritesIt() throws {
        let ui = try UITestHarness { $0.storefront = "JPN"; $0.locale = "ja_JP" }
        ui.runtime.presentPromotionalOffer("COMEBACK", of: Self.monthly)
        let text = dialogText(ui)
        #expect(text.contains("3か月間 ¥480/月"), "\(text)")
        #expect(text.contains("¥800/月"), "\(text)")
    }

    @Test func subscribingPaysWithTheOfferTheServerSigned() throws {
        let ui = try UITestHarness()
        var signed: [String] = []
        ui.runtime.promotionalOfferSigner = { productID, offerID in
            signed.append("\(productID) \(offerID)")
            return PaymentDiscount(offerID: offerID, signature: .v1(keyIdentifier: "K", nonce: UUID().uuidString, timestamp: 1, signature: "c2ln"))
        }
        ui.runtime.presentPromotionalOffer("COMEBACK", of: Self.monthly)
        ui.press(.enter)
        ui.wait()
        #expect(signed == ["\(Self.monthly) COMEBACK"])
        // A store that knows no key of the app refuses the signature.
        let failed = try #require(try ui.storage.history(last: 1, finishedOnly: false).last)
        #expect(failed.queueState.error == StoreError(.invalidSignature), "\(failed)")
    }

    @Test func anOfferPresentedOverAnotherScreenWaitsForTheStore() throws {
        let ui = try UITestHarness()
        ui.press(.char("?"))
        let before = ui.state.mode
        ui.runtime.presentPromotionalOffer("COMEBACK", of: Self.monthly)
        #expect(ui.state.mode == before)
    }
}
