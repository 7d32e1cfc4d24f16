import DataFiles
import Foundation
import SampleApp
import StoreKitSim
import StorefrontUI

/// The stable shapes of `--json` output (documented in docs/command-line.md).
struct TransactionJSON: Encodable {
    var id: String
    var productID: String
    var quantity: Int
    var state: TransactionState
    var date: Date
    var finished: Bool
    var error: ErrorJSON?
    var originalTransactionID: String?
    var expiresDate: Date?
    var isTrialPeriod: Bool?
    /// Where it waits in the queue: sheetOpen, held, waitingForStore, deferred or interrupted.
    var phase: QueuePhase?
    /// An interrupted purchase (phase interrupted), as before there was a phase.
    var awaitingResolution: Bool?
    /// The Apple Account that made it.
    var account: String?
    /// purchase, renewal, redownload or resolution; none for restored transactions.
    var reason: TransactionReason?
    /// Ask to Buy: when the request was last made (a repeated request restarts it).
    var requestDate: Date?
    // Purchase facts, written once when the store completed it (none before).
    var purchaseDate: Date?
    var originalPurchaseDate: Date?
    /// What was charged, a decimal string in `currency`.
    var price: String?
    var currency: String?
    var storefront: String?
    var offer: TransactionOfferJSON?
    var webOrderLineItemID: String?
    var isUpgraded: Bool?
    /// A refund: when, why (developerIssue, other), what kind and how much (thousandths of a percent).
    var revocationDate: Date?
    var revocationReason: RevocationReason?
    var revocationType: RevocationType?
    var revocationPercentage: Int?
    /// Family Sharing: familyShared for a member's transaction of another's purchase (which
    /// `sharedTransactionID` names); absent for the purchaser's own.
    var ownershipType: OwnershipType?
    var sharedTransactionID: String?
    var applicationUsername: String?

    init(_ t: Transaction) {
        id = t.id
        productID = t.productID
        quantity = t.quantity
        state = t.state
        date = t.date
        finished = t.finished
        error = t.error.map(ErrorJSON.init)
        originalTransactionID = t.originalTransactionID
        expiresDate = t.expiresDate
        isTrialPeriod = t.isTrialPeriod
        phase = t.phase
        awaitingResolution = t.phase == .interrupted ? true : nil
        account = t.account
        reason = t.reason
        ownershipType = t.isFamilyShared ? .familyShared : nil
        sharedTransactionID = t.sharedTransactionID
        requestDate = t.requestDate
        purchaseDate = t.purchaseDate
        originalPurchaseDate = t.originalPurchaseDate
        price = t.price.map { "\($0)" }
        currency = t.currency
        storefront = t.storefront
        offer = t.offer.map(TransactionOfferJSON.init)
        webOrderLineItemID = t.webOrderLineItemID
        isUpgraded = t.isUpgraded
        revocationDate = t.revocationDate
        revocationReason = t.revocationReason
        revocationType = t.revocationType
        revocationPercentage = t.revocationPercentage
        applicationUsername = t.applicationUsername
    }
}

/// The offer a transaction used (StoreKit 2's `Transaction.offer`).
struct TransactionOfferJSON: Encodable {
    /// introductory, promotional, code or winBack.
    var type: String
    var id: String?
    /// freeTrial, payAsYouGo or payUpFront.
    var paymentMode: String
    /// One period of the offer, ISO 8601 (P1W).
    var period: String

    init(_ offer: TransactionOffer) {
        type = offer.type.rawValue
        id = offer.id
        paymentMode = offer.paymentMode.rawValue
        period = offer.period.description
    }
}

struct ErrorJSON: Encodable {
    var domain: String
    var code: Int
    var name: String
    var message: String

    init(_ e: StoreError) {
        domain = e.domain
        code = e.code
        name = e.name
        message = e.message
    }
}

struct ProductJSON: Encodable {
    var id: String
    var type: ProductType
    var title: String
    var description: String
    var price: String
    var formattedPrice: String
    var currency: String
    var credits: Int?
    var subscriptionPeriod: String?
    var freeTrial: String?
    var introductoryOffer: OfferJSON?
    var subscriptionGroup: String?
    var subscriptionLevel: Int?

    init(_ p: Product, app: AppDescription) {
        id = p.id
        type = p.type
        title = p.localizedTitle
        description = p.localizedDescription
        price = "\(p.price)"
        formattedPrice = p.formattedPrice
        currency = p.storefront.currency
        credits = app.creditsPerUnit(of: p.id)
        subscriptionPeriod = p.subscriptionPeriod?.description
        freeTrial = p.freeTrial?.totalPeriod.description
        introductoryOffer = p.introductoryOffer.map { OfferJSON($0, product: p) }
        subscriptionGroup = p.subscriptionGroup
        subscriptionLevel = p.subscriptionLevel
    }
}

/// An introductory or promotional offer, as `products --json` gives it.
struct OfferJSON: Encodable {
    var id: String?
    var paymentMode: String
    var period: String
    var periods: Int
    var price: String
    var formattedPrice: String

    init(_ offer: SubscriptionOffer, product: Product) {
        id = offer.id
        paymentMode = offer.paymentMode.rawValue
        period = offer.period.description
        periods = offer.periodCount
        price = "\(offer.price)"
        formattedPrice = product.formatted(offer.price)
    }
}

enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let data = try JSONCoding.encode(value)
        Swift.print(terminalSafe(String(decoding: data, as: UTF8.self)))
    }

    /// The encoder escapes C0 controls but writes DEL, C1 controls and bidi overrides as they
    /// are, which a terminal may obey. Inside a JSON string `\uXXXX` means the same character,
    /// and outside strings JSON has none of them, so every one is written that way.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isEscaped) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if TerminalText.isEscaped(scalar) && scalar.value > 0x1F {
                out += String(format: "\\u%04X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
