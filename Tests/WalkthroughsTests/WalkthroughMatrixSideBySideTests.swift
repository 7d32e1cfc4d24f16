import CatalogFiles
import AppStoreCore
import StorefrontUI
import Testing
import Walkthroughs

/// A matrix's combinations run side by side, each on a storefront of its own: the table is in
/// the order of the combinations, whichever finished first, and every combination shows the
/// command line's hints as a run without the matrix does.
@Suite struct WalkthroughMatrixSideBySideTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    @Test func everyCombinationShowsTheHintsOfTheCommandThatRunsIt() throws {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("""
            vary latency 0 100 200 300 400 500 600 700
            set ask-to-buy on
            open "10 Monkey Credits"
            press "Ask"
            press "Ask"
            expect screen "storefront --catalog /tmp/c.json approve 1000000001"
            """, file: "m.walk")
        let hint = CommandLineHint(catalog: "/tmp/c.json")
        let table = CommandLineHint.$current.withValue(hint) { WalkthroughRunner(catalog: catalog).runMatrix(walkthrough) }
        #expect(table.rows.map { $0.result.combination?.description } == (0...7).map { "latency \($0 * 100)" })
        #expect(table.rows.allSatisfy { $0.result.passed }, "\(table.rows.map(\.result.failures))")
    }
}
