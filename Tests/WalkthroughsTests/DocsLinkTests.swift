import Foundation
import Testing

/// The README and the pages in docs/ hold together: every relative link leads to a file that
/// exists and, with an anchor, to a heading of that page; the README links every page and
/// stays short enough to read in minutes.
@Suite struct DocsLinkTests {
    @Test func everyRelativeLinkResolves() throws {
        let pages = try MarkdownPage.all()
        let byPath = Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) })
        #expect(pages.count > 1, "the docs pages are found")
        for page in pages {
            #expect(!page.links.isEmpty, "\(page.path) links somewhere")
            for broken in page.brokenLinks(pages: byPath) {
                Issue.record("\(broken)")
            }
        }
    }

    @Test func theReadmeLinksEveryDocsPage() throws {
        let pages = try MarkdownPage.all()
        let readme = try #require(pages.first { $0.path == "README.md" })
        let linked = Set(readme.links.map { String($0.split(separator: "#")[0]) })
        for page in pages where page.path != "README.md" {
            #expect(linked.contains(page.path), "README.md links \(page.path)")
        }
    }

    @Test func theReadmeStaysShort() throws {
        let readme = try MarkdownPage("README.md")
        let lines = readme.text.components(separatedBy: "\n").count - 1
        #expect(lines <= 300, "README.md has \(lines) lines: the reference belongs in docs/")
    }

    /// The checker itself finds what it is there to find.
    @Test func aLinkToNothingIsFound() {
        let page = MarkdownPage(path: "docs/example.md", text: """
            # Example

            ## Store time, `advance` and the clock

            [fine](../README.md), [here](#store-time-advance-and-the-clock), [code span](#example).
            [missing](nothing-here.md) and [no heading](../README.md#no-such-heading), [web](https://example.com).
            `[inside code](nowhere.md)` is not a link.

            ```
            [in a block](nowhere-either.md)
            ```

            """)
        #expect(page.links == ["../README.md", "#store-time-advance-and-the-clock", "#example", "nothing-here.md",
                               "../README.md#no-such-heading", "https://example.com"])
        #expect(page.brokenLinks() == [
            "docs/example.md: nothing-here.md: docs/nothing-here.md does not exist",
            "docs/example.md: ../README.md#no-such-heading: README.md has no heading #no-such-heading",
        ])
    }

    /// Anchors as GitHub makes them.
    @Test(arguments: [("Walkthrough files and `storefront test`", "walkthrough-files-and-storefront-test"),
                      ("Restrictions (canMakePayments)", "restrictions-canmakepayments"),
                      ("Problems, and `catalog check`", "problems-and-catalog-check"),
                      ("Exporting a .storekit file", "exporting-a-storekit-file"),
                      ("Sign-in: 5 × credits", "sign-in-5--credits")])
    func headingAnchors(heading: String, anchor: String) {
        #expect(MarkdownPage.slug(heading) == anchor)
    }

    @Test func aRepeatedHeadingIsNumbered() {
        let page = MarkdownPage(path: "x.md", text: "# A\n## Notes\n## Notes\n```\n# not a heading\n```\n")
        #expect(page.anchors == ["a", "notes", "notes-1"])
    }
}
