import Foundation
import SampleApp
import AppStoreCore
import Wording

/// A subscription's terms as the App Store's sheet states them: the free trial (when the
/// store would give it), the price per period and when it starts, how it renews and how to
/// cancel. The row, the detail pane and the sheet all read them from here.
struct SubscriptionTerms {
    /// "1 week free", when buying now starts with the free trial.
    var trial: String?
    /// "$4.99/month", or "$29.99 for 1 year" for a non-renewing subscription.
    var price: String
    /// When the paid period starts (auto-renewable) or the pass ends (non-renewing).
    var date: Date
    var type: ProductType
    /// How the date is shown: the one local format of every time on screen.
    var times: TimeDisplay
    /// The words of the screen's language.
    var strings: Strings
    /// A non-renewing subscription bought while active: it extends the one running.
    var extends = false

    /// `promotionalOffer`: the offer the app presented, whose terms the purchase starts with.
    init?(_ product: Product, state: AppState, promotionalOffer: SubscriptionOffer? = nil) {
        guard state.appDescription.period(of: product) != nil else { return nil }
        type = product.type
        times = state.times
        strings = state.strings
        // The charge per period, as `pending` states it: one rule for both; a plan's at the
        // store's price now, which a price change since launch moved.
        price = (product.type == .autoRenewable ? state.storeCharge(of: product.id) : nil)
            ?? strings.charge(product, introOffer: false, app: state.appDescription)
        switch product.type {
        case .autoRenewable:
            if let offer = promotionalOffer ?? Self.introductoryOffer(product, state: state) {
                trial = strings.introductoryTerms(offer, of: product)
                date = offer.end(from: state.now)
            } else {
                // Bought again before it ends, the new period follows the one running (as the store does).
                date = max(state.now, state.snapshot.ownedAtStore[product.id] ?? state.now)
            }
        default:
            let current = state.snapshot.subscriptionExpiries[product.id]
            extends = (current ?? .distantPast) > state.now
            date = state.catalog.product(product.id).map {
                state.appDescription.nonRenewingExpiry($0, boughtAt: state.now, current: current)
            } ?? state.now
        }
    }

    /// The introductory offer buying `product` now starts with: an auto-renewable
    /// subscription's, while the offer will be applied.
    static func introductoryOffer(_ product: Product, state: AppState) -> SubscriptionOffer? {
        guard product.type == .autoRenewable, let offer = product.introductoryOffer,
              state.snapshot.introOfferApplies(product.id) else { return nil }
        return offer
    }

    /// The row's words, as the App Store writes a plan's price with its period: "$4.99/month",
    /// "$49.99/year", "1 week free, then $4.99/month" or "3 months for $9.99, then $4.99/month"
    /// while the introductory offer is on offer. `brief`: the offer alone ("1 week free"), for
    /// a row with no room for more. Without the terms' date, which the row does not show (a
    /// calendar's first date costs more than the row).
    static func rowLabel(_ product: Product, state: AppState, brief: Bool = false) -> String {
        guard product.type == .autoRenewable, state.appDescription.period(of: product) != nil else { return product.formattedPrice }
        let offer = introductoryOffer(product, state: state)
        if brief, let offer { return state.strings.introductoryTerms(offer, of: product) }
        return state.strings.charge(product, introOffer: offer != nil, app: state.appDescription)
    }

    /// A pay-as-you-go introductory offer in a narrow row's words, its length kept: with the
    /// plan's price after it ("$0.99/mo for 3 mo, then $2.49/mo") and alone ("$0.99/mo for
    /// 3 mo"), so it never reads as the plan's own price; nil for any other offer, or none.
    static func rowShortOffer(_ product: Product, state: AppState) -> (offer: String, then: String)? {
        guard product.type == .autoRenewable, state.appDescription.period(of: product) != nil,
              let offer = introductoryOffer(product, state: state) else { return nil }
        return state.strings.shortPayAsYouGo(offer, of: product)
    }

    /// The lines under the product in the sheet and the detail pane.
    var lines: [DialogModel.Line] {
        let day = times.localDate(date, language: strings.languageCode)
        let words = strings.sheet
        switch type {
        case .autoRenewable:
            var lines: [DialogModel.Line] = []
            if let trial { lines.append(.init(text: trial, style: .bold)) }
            lines.append(trial == nil ? .init(text: words.startingOn(price, day), style: .bold)
                                      : .init(text: words.thenStartingOn(price, day)))
            lines.append(.init(text: words.renews))
            return lines
        default:
            return [.init(text: price, style: .bold), .init(text: extends ? words.extendsTo(day) : words.lastsUntil(day))]
        }
    }
}
