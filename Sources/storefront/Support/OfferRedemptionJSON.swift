import AppStoreCore
import AppStoreJSON
import Foundation
import SampleApp
import Wording

/// An offer code an active subscriber redeemed (OFFER_REDEEMED), read from the store's event:
/// for a higher plan, the upgrade at once at the code's terms; else the next renewal starts at
/// them, with nothing charged now and no transaction. What `redeem-code` tells of it.
struct OfferRedemptionJSON: Encodable {
    /// The code as the catalog names it.
    var offerIdentifier: String?
    /// App Store Server Notifications' subtype: UPGRADE, DOWNGRADE, or none for the plan one has.
    var subtype: String?
    var fromProductID: String
    var toProductID: String
    /// `now` (an upgrade), or `renewal`.
    var takesEffect: String
    /// When it takes effect: now, or the current period's end.
    var date: Date?
    /// The renewal info as the redemption left it: its offer is the code (offerType 3).
    var renewalInfo: RenewalInfoPayload?

    /// The redemption answering `id` (the code's purchase or plan-change request), from the
    /// events after `cursor`; nil when the code started a subscription instead.
    init?(answering id: String, after cursor: Int64, in session: Session) throws {
        let events = try session.database.events(after: cursor, limit: nil)
        guard let e = events.last(where: { $0.kind == .offerRedeemed && ($0.transactionID ?? $0.transaction?.id) == id }),
              let from = e.details.fromProductID, let to = e.details.toProductID else { return nil }
        offerIdentifier = e.transaction?.offer?.id
        subtype = e.details.subtype.map { $0.rawValue.uppercased() }
        fromProductID = from
        toProductID = to
        takesEffect = e.transactionID == nil ? "renewal" : "now"
        date = e.transactionID == nil ? e.details.expiresDate : e.date
        if let status = e.subscription {
            renewalInfo = RenewalInfoPayload(status, nextRenewal: session.queue.records.nextRenewal(of: status, catalog: session.catalog))
        }
    }

    var isForNextRenewal: Bool { takesEffect == "renewal" }

    /// "The offer code … applies from the next renewal of Pro Monthly on DATE: 1 month free,
    /// then $9.99/month (nothing charged now)."
    func text(_ code: String, session: Session) -> String {
        let text = SubscriptionText(catalog: session.catalog, settings: (try? session.database.settings()) ?? Settings())
        let settings = session.queue.settings
        let name = offerIdentifier ?? code
        let terms = session.catalog.product(toProductID).flatMap { entry in
            entry.subscription?.offerCode(named: name).flatMap { offer in
                Product(entry, storefront: settings.appStoreStorefront, locale: settings.locale).map {
                    Strings.english.subscriptionCharge($0, offer: offer.priced(in: settings.appStoreStorefront))
                }
            }
        }.map { ": \($0)" } ?? ""
        let day = date.map(text.times.dateTime) ?? "the next renewal"
        if !isForNextRenewal {
            return "Redeemed the offer code \(name): \(text.plan(toProductID)) starts now\(terms), replacing \(text.plan(fromProductID))."
        }
        let change = fromProductID == toProductID ? "" : ", as \(text.plan(toProductID))"
        return "Redeemed the offer code \(name) for the next renewal of \(text.plan(fromProductID)) on \(day)\(change)\(terms) (nothing charged now)."
    }
}
