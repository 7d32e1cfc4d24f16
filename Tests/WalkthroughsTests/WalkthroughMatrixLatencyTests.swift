import CatalogFiles
import AppStoreCore
import Testing
import Walkthroughs

/// A latency that is no exact binary fraction of a second (0.1 s) is waited out at once on a
/// test's standing clock, as any other: the products come.
@Suite struct WalkthroughMatrixLatencyTests {
    @Test func everyLatencyAnswersAtOnce() throws {
        let catalog = try CatalogLoader.defaultCatalog()
        let walkthrough = try WalkthroughParser(catalog: catalog).parse("""
            vary latency 0 1 100 1501 60000
            open "5 Monkey Credits"
            press "Buy"
            press "OK"
            expect credits 5
            """, file: "l.walk")
        let table = WalkthroughRunner(catalog: catalog).runMatrix(walkthrough)
        #expect(table.rows.map(\.result.failures) == Array(repeating: [], count: 5))
    }
}
