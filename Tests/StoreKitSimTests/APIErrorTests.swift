@testable import CatalogFiles
import DataFiles
import Foundation
import GRDB
import SampleApp
import Testing
@testable import AppStoreCore
@testable import StoreKitSim
import Wording

/// Each StoreKit API fails on its own with the error chosen for it, the others unaffected, as
/// Xcode's StoreKit errors per API; the choices are kept in store.sqlite and in .storekit files.
@Suite struct APIErrorTests {
    /// What the app gets of every API it calls today, under the same store.
    private struct Outcomes: Equatable {
        var products: StoreError?
        var purchase: StoreError?
        var restore: StoreError?
        var statuses: StoreError?
    }

    private func outcomes(_ t: Harness) throws -> Outcomes {
        var outcomes = Outcomes()
        do {
            _ = try ProductsRequest(productIdentifiers: [ID.premium], store: t.store).answer()
        } catch let error as StoreError {
            outcomes.products = error
        }
        outcomes.purchase = try t.buy(ID.premium).queueState.error
        try t.restore()
        if case .restoreFailed(let error)? = t.app.events.last { outcomes.restore = error }
        do {
            _ = try t.queue.raw.loadSubscriptionStatuses()
        } catch {
            outcomes.statuses = error
        }
        return outcomes
    }

    static let cases: [(StoreAPI, APIError)] = [
        (.loadProducts, .storeKit(.networkError)), (.purchase, .purchaseLimitExceeded), (.purchase, .skError(.paymentNotAllowed)),
        (.appStoreSync, .storeKit(.unknown)), (.subscriptionStatus, .storeKit(.systemError)),
    ]

    @Test(arguments: StorageKind.allCases, cases.indices)
    func eachAPIFailsAlone(kind: StorageKind, index: Int) throws {
        let (api, error) = Self.cases[index]
        let t = try Harness(kind) { $0.failures[api] = error }
        var expected = Outcomes()
        switch api {
        case .loadProducts: expected.products = error.storeError
        case .purchase: expected.purchase = error.storeError
        case .appStoreSync: expected.restore = error.storeError
        case .subscriptionStatus: expected.statuses = error.storeError
        default: Issue.record("not an API storefront has")
        }
        #expect(try outcomes(t) == expected)
    }

    @Test func theSeedsPurchaseLimitIsTheAppsErrorEighteen() throws {
        let t = try Harness { $0.failures[.purchase] = .purchaseLimitExceeded }
        let failed = try t.buy(ID.credits10)
        #expect(failed.queueState.state == .failed)
        #expect(failed.queueState.error == StoreError(domain: "StorefrontApp", code: 18, name: "purchaseLimitExceeded",
                                           message: "The monthly purchase limit has been exceeded."))
        #expect(t.app.credits == 0)
        #expect(Strings.japanese.errors.description(failed.queueState.error!) == "月の購入限度を超えました。")
    }

    /// Subscription Status failing: the app keeps what it knew of the subscription, says so
    /// once, and catches up once it no longer fails.
    @Test func withSubscriptionStatusFailingTheAppKeepsWhatItKnew() throws {
        let t = try Harness()
        try t.buy(ID.monthly)
        let stateKey = SampleApp.stateKey(ID.monthly)
        #expect(t.app.subscriptionState(ID.monthly) == "subscribed")
        let expiry = t.app.subscriptionExpiry(ID.monthly)
        try t.set { $0.failures[.subscriptionStatus] = .storeKit(.systemError) }
        let plan = try #require(try t.records.subscriptions.first)
        t.app.receive(try t.hear { try $0.perform(.autoRenew(originalTransactionID: plan.originalTransactionID, on: false), account: t.signedIn) })
        try t.queue.advance(by: StoreDuration("8d")!)
        try t.queue.tick()
        #expect(try t.records.subscriptions.first?.state == .expired, "the store's status moved on")
        #expect(t.app.defaults.string(forKey: stateKey) == "subscribed", "the app still holds what it knew")
        #expect(t.app.subscriptionExpiry(ID.monthly) == expiry)
        let told = t.app.events.filter { if case .subscriptionStatusFailed = $0 { true } else { false } }
        #expect(told == [.subscriptionStatusFailed(.storeKitError(.systemError))], "told once while it lasts")

        try t.set { $0.failures[.subscriptionStatus] = nil }
        try t.queue.tick()
        #expect(t.app.defaults.string(forKey: stateKey) == "expired (autoRenewDisabled)")
    }

    // MARK: Kept in the store

    @Test(arguments: StorageKind.allCases)
    func everyAPIsErrorIsKept(kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        let storage = try kind.make(directory)
        let store = AppStore(catalog: try CatalogLoader.defaultCatalog(), storage: storage, wallClock: ManualClock())
        var all: [StoreAPI: APIError] = [:]
        for api in StoreAPI.allCases { all[api] = api.choices.last }
        try store.updateSettings { $0.failures = all }
        #expect(try storage.load().settings.failures == all)
        if kind == .sqlite {
            #expect(try storeDatabase(directory).load().settings.failures == all, "read back by a new connection")
        }
        try store.updateSettings { $0.failures[.loadProducts] = nil }
        all[.loadProducts] = nil
        #expect(try storage.load().settings.failures == all, "one API turned off, the others kept")
    }

    /// Purchases' error stays where it always was (`failWith`, the SKError's code), so a store
    /// written before there was one per API reads as it did; the seed's limit is stored by name.
    @Test func purchasesErrorIsStoredAsItAlwaysWas() throws {
        var settings = Settings()
        settings.failWith = .paymentNotAllowed
        #expect(settings.fields["failWith"] == .int(4))
        #expect(settings.fields["failLoadProducts"] == .null)
        settings.failures[.purchase] = .purchaseLimitExceeded
        settings.failures[.appStoreSync] = .storeKit(.networkError)
        #expect(settings.fields["failWith"] == .string("purchaseLimitExceeded"))
        #expect(settings.fields["failAppStoreSync"] == .string("networkError"))
        #expect(try Settings(fields: ["failWith": .int(5)]).failures == [.purchase: .skError(.storeProductNotAvailable)])
        #expect(try Settings(fields: settings.fields) == settings)
    }

    @Test(arguments: [("failLoadProducts", "'\"paymentNotAllowed\"'", "must be one of \"unknown\""),
                      ("failWith", "'\"networkError\"'", "must be a StoreKit error code, 0 to 20, \"purchaseLimitExceeded\""),
                      ("failWith", "'\"4\"'", "not \"4\""),
                      ("failRefundRequest", "'true'", "\"duplicateRequest\", \"failed\", or null for none; not true")])
    func aDamagedErrorIsRefusedNamingTheSetting(name: String, value: String, problem: String) throws {
        let directory = TemporaryDirectory()
        _ = try Harness.onDisk(directory)
        try DatabaseQueue(path: directory.dataDirectory.storeDatabaseURL.path).write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO settings VALUES ('\(name)', \(value))")
        }
        let error = try #require(throws: DataFileError.self) { try storeDatabase(directory).load() }
        #expect(error.location == "settings, name \(name)")
        #expect(error.problem.contains(problem), "\(error.problem)")
    }

    // MARK: .storekit files

    /// Every API's error a catalog sets is written to `_storeKitErrors` and read back the same.
    @Test func everyAPIsErrorRoundTripsThroughAStoreKitFile() throws {
        for error in StoreAPI.allCases.flatMap({ api in api.choices.map { (api, $0) } }) {
            let (api, chosen) = error
            var settings = CatalogSettings()
            settings.failures = [api: chosen]
            let (file, notes) = StoreKitSettingsWriter.write(settings)
            #expect(file.storeKitErrors?.map(\.name) == StoreAPI.allCases.map(\.xcodeName), "every API listed, as Xcode writes them")
            let read = StoreKitSettingsReader.read(file).settings.failures
            switch chosen {
            case .purchaseLimitExceeded:
                #expect(read == [:], "no place in the file")
                #expect(notes == ["fail purchase purchaseLimitExceeded has no StoreKit error Xcode simulates: written as not failing"])
            case .skError(let code) where StoreKitErrorChoice.code(type: StoreKitErrorChoice.choice(for: code).type,
                                                                   index: StoreKitErrorChoice.choice(for: code).index) != code:
                #expect(notes.count == 1, "an SKError Xcode does not simulate is noted")
            default:
                #expect(read == [api: chosen], "\(api) \(chosen.name)")
                #expect(notes.isEmpty)
            }
        }
    }

    @Test func aStoreKitFileStartsANewStoreWithItsErrors() throws {
        var catalog = CatalogSettings()
        catalog.failures = [.manageSubscriptions: .storeKit(.notEntitled), .purchase: .skError(.paymentInvalid)]
        let settings = catalog.applied(to: Settings())
        #expect(settings.failures == catalog.failures)
        #expect(settings.failWith == .paymentInvalid)
    }
}
