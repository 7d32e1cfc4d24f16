import CatalogFiles
import Foundation
import AppStoreCore
import Testing
@testable import StorefrontUI

/// A pay-as-you-go introductory offer's buy row, beside a pay-up-front one: where the plan's
/// price after it fits, it follows the offer as it follows the others ("$0.99/month for 3
/// months, then $2.49/month"), and at its shortest the offer keeps its length ("$0.99/mo for
/// 3 mo"), never reading as the plan's own price.
@Suite struct PayAsYouGoRowTests {
    static let student = "com.storefront.pro.student"
    static let yearly = "com.storefront.pro.yearly"

    /// The built-in catalog with Pro Student's offer paid as you go for 3 months and Pro
    /// Yearly's paid up front for 3 months, each priced per storefront.
    static func catalog() throws -> Catalog {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StoreKitSimTests/Fixtures/Catalog/offers-per-storefront.json")
        return try CatalogLoader.decode(Data(contentsOf: url), path: url.path)
    }

    /// The screen's line of the row titled `title`.
    private func row(_ title: String, _ ui: UITestHarness) throws -> String {
        let lines = ui.screen.split(separator: "\n").map(String.init)
        return try #require(lines.first { $0.contains(" \(title) ") }, "no whole \(title):\n\(ui.screen)")
    }

    /// Failed before: "Pro Student $0.99/month for 3 months" beside "…, then $49.99/year".
    @Test(arguments: [false, true])
    func at100By30ThePlansPriceFollowsEveryOffer(japanese: Bool) throws {
        let ui = try UITestHarness(catalog: try Self.catalog()) { if japanese { UITestHarness.useJapanese(&$0) } }
        let student = try row(ui.state.title(of: Self.student), ui)
        let yearly = try row(ui.state.title(of: Self.yearly), ui)
        let then = japanese ? "、その後" : ", then "
        #expect(yearly.contains(then), "\(yearly)")
        #expect(student.contains(japanese ? "3か月" : "for 3 mo") && student.contains(then + (japanese ? "¥400/" : "$2.49/")), "\(student)")
    }

    /// Failed before: "Pro Student $0.99/month", which reads as the plan's own price.
    @Test(arguments: [false, true])
    func at70By20ThePayAsYouGoOfferKeepsItsLength(japanese: Bool) throws {
        let ui = try UITestHarness(width: 70, height: 20, catalog: try Self.catalog()) { if japanese { UITestHarness.useJapanese(&$0) } }
        try ui.select(ui.state.title(of: Self.student))
        let student = try row(ui.state.title(of: Self.student), ui)
        // Japanese has room for the whole offer: "3か月間 ¥160/月".
        #expect(japanese ? student.contains("3か月") && student.contains("¥160/月") : student.contains("$0.99/mo for 3 mo"), "\(student)")
        try ui.select(ui.state.title(of: Self.yearly))
        let yearly = try row(ui.state.title(of: Self.yearly), ui)
        #expect(yearly.contains(japanese ? "3か月 ¥1,500" : "3 months for $9.99"), "\(yearly)")
    }
}
