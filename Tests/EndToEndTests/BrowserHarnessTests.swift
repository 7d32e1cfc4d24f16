import Foundation
import Testing

/// The browser harness fails what a shared page must never do, on small pages written here:
/// a console error, an uncaught error, and a request for anything but the page itself.
@Suite(.browser, .serialized, .ownThreads)
final class BrowserHarnessTests {
    /// The test's own directory, for its page and what the page may ask for beside it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browser-page-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A page of `body`, page.html in the test's directory.
    private func page(_ body: String) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("page.html")
        try Data("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body>\(body)</body></html>".utf8)
            .write(to: page)
        return page
    }

    @Test func aCleanPagePasses() throws {
        let outcome = try BrowserCheck.run("loads", page: page("<p>All here.</p><script>document.title = 'ran'</script>"))
        #expect(outcome.failures == [])
        #expect(outcome.browser?.isEmpty == false)
    }

    @Test func aConsoleErrorFails() throws {
        let outcome = try BrowserCheck.run("loads", page: page("<script>console.error('the frames are missing')</script>"))
        #expect(outcome.failures == ["console error: the frames are missing"])
    }

    @Test func anUncaughtErrorFails() throws {
        let outcome = try BrowserCheck.run("loads", page: page("<script>null.step</script>"))
        #expect(outcome.failures.count == 1)
        #expect(outcome.failures.first?.hasPrefix("page error: ") == true, "\(outcome.failures)")
    }

    @Test func aRequestLeavingTheMachineFails() throws {
        let outcome = try BrowserCheck.run("loads", page: page("<img src=\"http://127.0.0.1:9/x.png\" alt=\"\">"))
        #expect(outcome.failures.contains("request leaving the file: http://127.0.0.1:9/x.png"), "\(outcome.failures)")
    }

    @Test func aRequestForAnotherFileBesideThePageFails() throws {
        let page = try page("<link rel=\"stylesheet\" href=\"page.css\">")
        try Data("p { color: red }".utf8).write(to: page.deletingLastPathComponent().appendingPathComponent("page.css"))
        let outcome = try BrowserCheck.run("loads", page: page)
        #expect(outcome.failures.contains { $0.hasPrefix("request leaving the file: file://") && $0.hasSuffix("/page.css") },
                "\(outcome.failures)")
    }

    @Test func eachFailureBecomesTheTestsFailure() throws {
        let page = try page("<script>console.error('one'); console.error('two')</script>")
        try withKnownIssue {
            try BrowserCheck.expect("loads", page: page)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("console error: one") || $0.rawValue.hasSuffix("console error: two") }
        }
    }
}
