@testable import CatalogFiles
import DataFiles
import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// The store's clock when real time runs behind its anchor, and advances made at once.
@Suite struct ClockReliabilityTests {
    @Test func anAnchorLaterThanRealTimeIsAnchoredAgainAtNowKeepingStoreTime() throws {
        let real = Date(timeIntervalSince1970: 1_800_000_000)
        var clock = StoreClockState(realAnchor: real + 8, storeAnchor: real + 100)
        #expect(clock.anchorAhead(of: real) == 8)
        #expect(clock.anchorAgain(ifAheadOf: real) == 8)
        #expect(clock.realAnchor == real)
        #expect(clock.time(at: real + 1, rate: .realtime) == real + 101, "store time runs on from where it stood")
        #expect(clock.anchorAgain(ifAheadOf: real) == nil, "done once")
        #expect(StoreClockState(realAnchor: real, storeAnchor: real).anchorAhead(of: real) == nil)
    }

    /// The machine's clock stepped back an hour: the purchase is answered after its latency,
    /// not an hour later.
    @Test(arguments: StorageKind.allCases)
    func aClockSetBackDoesNotHoldAPurchaseUntilRealTimeCatchesUp(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let t = try Harness(storage: try kind.make(directory), directory: directory)
        try t.queue.raw.advance(by: try #require(StoreDuration("1min")))
        let before = try t.store.now()
        t.clock.advance(by: -3600)
        let bought = try t.buy(ID.premium)
        #expect(bought.queueState.state == .purchased, "answered after the latency: \(bought.queueState.state)")
        #expect(try t.store.now() >= before + Harness.latency, "store time never went back")
        #expect(try t.records.clock.anchorAhead(of: t.clock.now) == nil, "anchored again")
    }

    /// A store opened with its anchor ahead: anchored again once, with nothing else changed.
    @Test func theStoreAnchorsAgainOnceAndSaysHowFarAhead() throws {
        let directory = TemporaryDirectory()
        let clock = ManualClock()
        let t = try Harness.onDisk(directory, clock: clock)
        try t.queue.raw.advance(by: try #require(StoreDuration("1d")))
        let storeTime = try t.store.now()
        clock.advance(by: -8)
        let other = AppStore(catalog: t.store.catalog, storage: try storeDatabase(directory), wallClock: clock)
        #expect(try other.anchorClockAgainIfAhead() == 8)
        #expect(try other.anchorClockAgainIfAhead() == nil)
        #expect(try other.now() == storeTime)
        clock.advance(by: 2)
        #expect(try t.store.now() == storeTime + 2, "every process reads the same store time, running again")
    }

    /// Another process's `advance 1d` commits between this one's read and its write: both days count.
    @Test(arguments: [false, true])
    func advancesMadeAtOnceEachMoveTheirWholeWay(launched: Bool) throws {
        let inner = InMemoryStorage()
        let storage = InterleavedStorage(inner)
        let clock = ManualClock(fixed: true)
        let catalog = try CatalogLoader.defaultCatalog()
        let store = AppStore(catalog: catalog, storage: storage, wallClock: clock)
        let start = try store.now()
        let queue = PaymentQueue(store: store)
        if launched { _ = try queue.launch() }
        let day = try #require(StoreDuration("1d"))
        storage.beforeNextUpdate = {
            try PaymentQueue(store: AppStore(catalog: catalog, storage: inner, wallClock: clock)).advance(by: day)
        }
        try queue.advance(by: day)
        #expect(storage.beforeNextUpdate == nil, "the other advance ran")
        #expect(try store.now() == start + 2 * 86_400)
    }
}

/// Storage that lets another process's change commit just before this process's next change
/// reads the records: the moment between a read and a locked write.
final class InterleavedStorage: ForwardingStorage {
    var beforeNextUpdate: (() throws -> Void)?

    override func update<T>(including ids: Set<String>, _ body: (inout StoreWorkingSet) throws -> T) throws -> T {
        if let other = beforeNextUpdate {
            beforeNextUpdate = nil
            try other()
        }
        return try inner.update(including: ids, body)
    }
}
