import Foundation
import Testing
@testable import AppStoreCore

/// Where a reader of the outbox starts when it wants only what comes next: the newest event's
/// id, from both storages alike.
@Suite struct EventCursorTests {
    @Test(arguments: StorageKind.allCases)
    func theLastEventIDIsTheNewestStoredEvent(kind: StorageKind) throws {
        let t = try Harness.plans(kind)
        #expect(try t.storage.lastEventID() == 0, "none yet")
        try t.buy(Plans.proMonthly)
        try t.hear { try $0.setAutoRenew(Plans.proMonthly, on: false, account: t.signedIn) }
        let last = try t.storage.lastEventID()
        #expect(last == (try t.storedEvents.last?.id))
        #expect(try t.storage.events(after: last, limit: nil).isEmpty)
    }
}
