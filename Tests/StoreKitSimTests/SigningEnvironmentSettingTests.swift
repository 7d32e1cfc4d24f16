import DataFiles
import Foundation
import GRDB
import Testing
@testable import AppStoreCore

/// The environment the App Store's signed data names: Xcode unless chosen otherwise, kept as one
/// row of store.sqlite's settings (a store written before it has none and reads Xcode), and a
/// hand-edited value none of its choices is refused by name.
@Suite struct SigningEnvironmentSettingTests {
    @Test func itIsXcodeUntilChosenAndKeptInTheStore() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        #expect(try t.records.settings.signingEnvironment == .xcode)
        try t.set { $0.signingEnvironment = .sandbox }
        #expect(try storeDatabase(directory).load().settings.signingEnvironment == .sandbox)
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT value FROM settings WHERE name = 'signingEnvironment'") } == "\"sandbox\"")
        // A store written before the setting existed has no row: it reads the default.
        try queue.write { try $0.execute(sql: "DELETE FROM settings WHERE name = 'signingEnvironment'") }
        try queue.close()
        #expect(try storeDatabase(directory).load().settings.signingEnvironment == .xcode)
    }

    @Test func aBadValueIsRefusedByName() throws {
        let directory = TemporaryDirectory()
        let t = try Harness.onDisk(directory)
        try t.set { $0.signingEnvironment = .sandbox }
        let queue = try DatabaseQueue(path: directory.file("store.sqlite").path)
        try queue.write { try $0.execute(sql: "UPDATE settings SET value = '\"production\"' WHERE name = 'signingEnvironment'") }
        try queue.close()
        let problem = try #require(throws: (any Error).self) { _ = try storeDatabase(directory).load() }
        #expect("\(problem)".contains("signingEnvironment") && "\(problem)".contains("xcode, sandbox"), "\(problem)")
    }

    @Test func aChangeOfItAloneIsMergedOntoAnotherTerminalsSettings() throws {
        var mine = Settings()
        mine.signingEnvironment = .sandbox
        var theirs = Settings()
        theirs.askToBuy = true
        let merged = theirs.applying(changesFrom: Settings(), to: mine)
        #expect(merged.signingEnvironment == .sandbox && merged.askToBuy)
        #expect(try Settings(fields: merged.fields) == merged)
    }
}
