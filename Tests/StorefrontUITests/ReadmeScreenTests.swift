import Foundation
import Testing

/// The README's one screen is the storefront as it draws itself: the reviewed snapshot of the
/// store at launch (ScreenSnapshotTests.storeAtLaunch, 100×30), so a change to that screen
/// shows here too.
@Suite struct ReadmeScreenTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmesScreenIsTheStoreAtLaunch() throws {
        let snapshot = try String(contentsOf: Self.root.appendingPathComponent(
            "Tests/StorefrontUITests/__Snapshots__/ScreenSnapshotTests/storeAtLaunch.store-100x30.txt"), encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n## One screen\n"), "the README has its screen")
        let open = try #require(readme.range(of: "\n```\n", range: section.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
        let shown = readme[open.upperBound..<close.lowerBound]
        #expect(shown.split(separator: "\n", omittingEmptySubsequences: false).count == 30, "a 100×30 screen")
        #expect(shown == snapshot.trimmingCharacters(in: .newlines), "the README's screen differs from the snapshot")
    }
}
