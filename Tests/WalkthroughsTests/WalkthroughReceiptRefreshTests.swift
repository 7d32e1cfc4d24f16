import CatalogFiles
import Foundation
import AppStoreCore
import Testing
import Walkthroughs

/// `refresh receipt` (SKReceiptRefreshRequest) and `expect receipt refreshed|error ERROR`: the
/// receipt written, or refused as App Store Sync is set to fail, without the network.
@Suite struct WalkthroughReceiptRefreshTests {
    let catalog = try! CatalogLoader.defaultCatalog()

    func parse(_ text: String) throws -> [StepAction] {
        try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk").steps.map(\.action)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func run(_ text: String) throws -> [String] {
        let walkthrough = try WalkthroughParser(catalog: catalog).parse(text, file: "demo.walk")
        return WalkthroughRunner(catalog: catalog).run(walkthrough).failures.map { $0.summary(file: "demo.walk") }
    }

    @Test func theStepsRead() throws {
        #expect(try parse("""
            refresh receipt
            expect receipt refreshed
            expect receipt error networkError
            expect receipt error 2
            """) == [
                .refreshReceipt,
                .expect(.receiptRefresh(.none)),
                .expect(.receiptRefresh(.name("networkError"))),
                .expect(.receiptRefresh(.code(2))),
            ])
        #expect(errors("refresh").first?.contains("'refresh receipt'") == true, "\(errors("refresh"))")
        #expect(errors("refresh the receipt").first?.contains("did you mean 'refresh receipt'") == true, "\(errors("refresh the receipt"))")
        #expect(errors("expect receipt error paymentNotAllowed").first?.contains("did you mean") == true,
                "an error App Store Sync never fails with: \(errors("expect receipt error paymentNotAllowed"))")
    }

    @Test func aRefreshWritesTheReceipt() throws {
        #expect(try run("""
            open "Premium Quotes"
            press "Buy"
            press "OK"
            refresh receipt
            expect receipt refreshed
            """) == [])
    }

    @Test func appStoreSyncSetToFailRefusesIt() throws {
        #expect(try run("""
            set fail app-store-sync networkError
            refresh receipt
            expect receipt error networkError
            set fail app-store-sync off
            refresh receipt
            expect receipt refreshed
            """) == [])
        let failed = try run("""
            set fail app-store-sync networkError
            refresh receipt
            expect receipt refreshed
            """)
        #expect(failed.count == 1 && failed[0].contains("expected the receipt refreshed, saw it failing with error")
                && failed[0].contains("networkError"), "a failed expectation says how it ended: \(failed)")
        #expect(try run("expect receipt refreshed").first?.contains("saw no refresh receipt before it") == true)
    }
}
