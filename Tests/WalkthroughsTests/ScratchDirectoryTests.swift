import DataFiles
import Foundation
import Testing
@testable import Walkthroughs

/// A walkthrough's data directory left by a process that is gone (Ctrl-C during play) is
/// removed by the next run; those of running processes, and names it cannot read, are not.
@Suite struct ScratchDirectoryTests {
    @Test func theNextRunRemovesWhatAGoneProcessLeft() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-scratch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        // No process has this id (above any pid_max).
        let gone = "storefront-walkthrough-2147483646-\(UUID().uuidString)"
        let running = "storefront-walkthrough-\(POSIX.processID)-\(UUID().uuidString)"
        let unreadable = ["storefront-walkthrough-\(UUID().uuidString)", "storefront-walkthrough-12-notes"]
        for name in [gone, running] + unreadable {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent("\(name)/sub"), withIntermediateDirectories: true)
        }

        let made = try ScratchDirectory.make(in: parent)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: parent.path))
        #expect(!left.contains(gone))
        #expect(left.isSuperset(of: [running] + unreadable))
        #expect(left.contains(made.lastPathComponent))
        #expect(ScratchDirectory.owner(of: made.lastPathComponent) == POSIX.processID)
        let mode = try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
