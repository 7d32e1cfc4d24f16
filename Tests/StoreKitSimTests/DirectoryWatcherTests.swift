import DataFiles
import Foundation
import Testing
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The data directory's watcher, as the storefront's run loop polls it: readable once a file
/// in it changed, quiet again once drained.
@Suite struct DirectoryWatcherTests {
    /// Whether a change is pending, without waiting for one.
    private func isReadable(_ watcher: DirectoryWatcher) -> Bool {
        var entry = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test func aFileWrittenInTheDirectoryIsSeenUntilDrained() throws {
        let directory = TemporaryDirectory()
        let watcher = try #require(DirectoryWatcher(path: directory.url.path, filesWrittenInPlace: []))
        #expect(!isReadable(watcher))
        try Data("{}".utf8).write(to: directory.file("UserDefaults.json"), options: .atomic)
        #expect(isReadable(watcher))
        watcher.drain()
        #expect(!isReadable(watcher))
    }

    @Test func aDirectoryThatIsNotThereCannotBeWatched() {
        #expect(DirectoryWatcher(path: TemporaryDirectory().file("missing").path, filesWrittenInPlace: []) == nil)
    }
}
