import Foundation
import Testing
@testable import AppStoreCore
@testable import StoreKitSim

/// SKReceiptRefreshRequest: the store makes a fresh receipt for the signed-in account, or fails
/// as App Store Sync is set to fail, and needs an account and the network as a restore does.
@Suite struct ReceiptRefreshTests {
    @Test func theSignedInAccountsReceiptIsMadeUnlessAppStoreSyncFails() throws {
        let t = try Harness()
        #expect(try t.queue.raw.refreshReceipt { account in account } == Settings.defaultAccount)
        try t.set { $0.failures[.appStoreSync] = .storeKit(.networkError) }
        var made = false
        #expect(throws: APIError.storeKit(.networkError).storeError) { try t.queue.raw.refreshReceipt { _ in made = true } }
        #expect(!made)
        // Another API's error leaves it alone.
        try t.set { $0.failures[.appStoreSync] = nil; $0.failures[.loadProducts] = .storeKit(.unknown) }
        #expect(try t.queue.raw.refreshReceipt { $0 } == Settings.defaultAccount)
    }

    @Test func itNeedsAnAccountAndTheNetwork() throws {
        let t = try Harness()
        try t.set { $0.network = false }
        #expect(throws: StoreError(.unknown)) { try t.queue.raw.refreshReceipt { $0 } }
        try t.set { $0.network = true; $0.account = nil }
        #expect(throws: StoreError.notSignedIn) { try t.queue.raw.refreshReceipt { $0 } }
    }
}
