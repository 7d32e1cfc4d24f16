import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Walkthroughs

/// What `storefront test` prints and writes: the count alone on the last line, failures an
/// editor can jump to, and JUnit XML that stays XML whatever a screen holds.
@Suite struct TestReportTests {
    let failure = StepFailure(line: 7, step: "expect screen \"a <b> & 'c'\"", expected: "\"a <b> & 'c'\" on the screen",
                              saw: "a screen without it", screen: "line one   \n\u{1B}[2J bell\u{7}\n")
    var report: TestReport {
        TestReport(results: [
            WalkthroughResult(file: "ok.walk", stepsRun: 3, failures: []),
            WalkthroughResult(file: "bad & <odd>.walk", stepsRun: 7, failures: [failure]),
        ])
    }

    @Test func textNamesEachWalkthroughAndEndsWithTheCount() {
        #expect(report.lines == [
            "PASS ok.walk",
            "FAIL bad & <odd>.walk",
            "bad & <odd>.walk:7: expect screen \"a <b> & 'c'\" — expected \"a <b> & 'c'\" on the screen, saw a screen without it",
            "    │ line one",
            "    │ \u{1B}[2J bell\u{7}",
            "    │",
            "1 passed, 1 failed",
        ])
    }

    @Test func junitIsWellFormedXMLWithOneCasePerWalkthrough() throws {
        let xml = report.junitXML
        #expect(xml.contains("<testcase classname=\"walkthroughs\" name=\"ok.walk\"/>"))
        #expect(xml.contains("name=\"bad &amp; &lt;odd&gt;.walk\""))
        #expect(xml.contains("message=\"bad &amp; &lt;odd&gt;.walk:7: expect screen &quot;a &lt;b&gt; &amp; &apos;c&apos;&quot;"))
        #expect(xml.contains("\\u{1B}[2J bell\\u{7}"), "controls XML cannot hold are written out")
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let document = try XMLDocument(xmlString: xml)
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["ok.walk", "bad & <odd>.walk"])
        #expect(cases[1].elements(forName: "failure").first?.stringValue?.contains("line one") == true)
    }

    @Test func jsonCountsAndFailures() throws {
        let json = report.json
        #expect(json.passed == 1 && json.failed == 1)
        #expect(json.walkthroughs.map(\.passed) == [true, false])
        #expect(json.walkthroughs[1].failures.first?.line == 7)
    }
}
