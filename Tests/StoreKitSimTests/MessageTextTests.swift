import Foundation
import SampleApp
import Testing
@testable import AppStoreCore

/// The pieces every message is made of: times, quantities.
@Suite struct MessageTextTests {
    /// StoreKit's descriptions and the store's own messages are sentences: each ends with a full stop.
    @Test func everyStoreErrorMessageEndsWithAFullStop() {
        let errors = SKErrorCode.allCases.map { StoreError($0) } + [
            .notConnected, .alreadyOwned, .purchaseInProgress, .notSignedIn, .restoreInProgress,
            .interrupted, .declined, .restricted,
        ]
        for error in errors {
            #expect(error.message.hasSuffix("."), "\(error.name): \(error.message)")
        }
    }

    @Test func timesAreLocalInOneFormat() {
        let date = Date(timeIntervalSince1970: 1_795_428_245)  // 2026-11-23 10:04:05 UTC
        let tokyo = TimeDisplay(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.dateTime(date) == "2026-11-23 19:04:05 +09:00")
        #expect(tokyo.time(date) == "19:04:05")
        #expect(tokyo.day(date) == "2026-11-23")
        let utc = TimeDisplay(timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.dateTime(date) == "2026-11-23 10:04:05 +00:00")
        let newYork = TimeDisplay(timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.dateTime(date) == "2026-11-23 05:04:05 -05:00")
    }

    @Test func itemsNameTheirQuantityAboveOne() {
        #expect(Transaction.item(named: "10 Monkey Credits", quantity: 1) == "10 Monkey Credits")
        #expect(Transaction.item(named: "10 Monkey Credits", quantity: 2) == "10 Monkey Credits ×2")
    }
}
