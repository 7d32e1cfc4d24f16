import Foundation
import AppStoreCore

/// `expect subscription PRODUCT FIELD VALUE`: what the store keeps of the subscription.
extension WalkthroughParser {
    static let subscriptionFields = ["state", "plan", "auto-renew", "expiration-reason", "renews-to", "price-increase",
                                     "offer", "renews", "expires", "grace-until"]

    func subscriptionExpectation(_ r: inout StepReader) throws(LineProblem) -> Expectation {
        let fields = Self.subscriptionFields
        let productID = try subscriptionProduct(&r, after: "expect subscription", example: "expect subscription \(subscriptionExample) state subscribed",
                                                fields: fields)
        let list = fields.joined(separator: ", ")
        let field = try r.required("what to expect of the subscription: \(list)", suggestion: r.source + " state subscribed")
        let name = field.quoted ? "" : field.text.lowercased()
        let value: SubscriptionField
        switch name {
        case "state":
            value = .state(try choice(&r, RenewalState.allCases.map(\.rawValue), "a subscription state", RenewalState.init))
        case "plan":
            value = .plan(try subscriptionProduct(&r, after: name, example: r.source + " " + subscriptionExample))
        case "renews-to":
            // With auto-renew off nothing renews, whatever plan the renewal info still names.
            if let next = r.peek, next.isWord("none") {
                _ = r.next()
                value = .renewsTo(nil)
            } else if let next = r.peek, ["nothing", "no", "off", "null", "nil"].contains(where: next.isWord) {
                throw LineProblem(next.column, "expected an auto-renewable subscription by id or title after renews-to, or none",
                                  suggestion: r.replacing(r.index, with: "none"))
            } else {
                value = .renewsTo(try subscriptionProduct(&r, after: "\(name) (or none)", example: r.source + " " + subscriptionExample))
            }
        case "auto-renew":
            value = .autoRenew(try onOrOff(&r, what: "auto-renew", suggestion: r.source + " on"))
        case "expiration-reason":
            let reasons = ExpirationReason.allCases.map(\.rawValue) + ["none"]
            value = .expirationReason(try choice(&r, reasons, "why it ended, or none", { $0 == "none" ? .some(nil) : ExpirationReason(rawValue: $0).map { .some($0) } }))
        case "price-increase":
            let statuses: [String: PriceIncreaseStatus] = ["pending": .pending, "agreed": .agreed, "none": .noIncreasePending]
            value = .priceIncrease(try choice(&r, ["pending", "agreed", "none"], "a price increase's status", { statuses[$0] }))
        case "offer":
            let kinds = SubscriptionOfferKind.allCases.map(\.rawValue) + ["none"]
            value = .offer(try choice(&r, kinds, "the offer its period was bought with, or none",
                                      { $0 == "none" ? .some(nil) : SubscriptionOfferKind(rawValue: $0).map { .some($0) } },
                                      aliases: Self.offerAliases))
        case "renews":
            value = .renews(try day(&r, after: name))
        case "expires":
            value = .expires(try day(&r, after: name))
        case "grace-until":
            value = .graceUntil(try day(&r, after: name))
        default:
            let nearest = name.hasPrefix("grace") ? "grace-until" : Nearest.to(field.text, in: fields) ?? "state"
            throw LineProblem(field.column, "expected what to expect of the subscription: \(list)",
                              suggestion: r.replacing(r.index - 1, with: nearest))
        }
        try r.end()
        return .subscription(productID: productID, value)
    }

    /// Other names a person gives offers, and the kind each means.
    private static let offerAliases = ["trial": "freeTrial", "free": "freeTrial", "intro": "introductory", "promo": "promotional",
                                       "offer-code": "code", "offercode": "code"]

    /// A day as `storefront subscriptions` writes it (2030-01-08) after `field`.
    private func day(_ r: inout StepReader, after field: String) throws(LineProblem) -> CalendarDay {
        // A week after every walkthrough's start: a first free trial's end.
        let example = CalendarDay(HeadlessStorefront.start.addingTimeInterval(7 * 86_400)).description
        let expected = "a day after \(field), as 2030-01-08 (year-month-day, UTC)"
        let token = try r.required(expected, suggestion: r.source + " " + example)
        if !token.quoted, let day = CalendarDay(token.text) { return day }
        throw LineProblem(token.column, "expected \(expected)",
                          suggestion: r.replacing(r.index - 1, with: Self.writtenDay(token.text) ?? example))
    }

    /// A day written another way (2030/1/8, 2030.01.08, 2030-1-8) as a walkthrough writes it, when it is one.
    private static func writtenDay(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { "-/.".contains($0) })
        guard parts.count == 3, parts[0].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let padded = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return CalendarDay("\(year)-\(padded(month))-\(padded(day))")?.description
    }

    /// One of `words` (as written, any case), read by `read`; `aliases` point other words at theirs.
    private func choice<Value>(_ r: inout StepReader, _ words: [String], _ what: String,
                               _ read: (String) -> Value?, aliases: [String: String] = [:]) throws(LineProblem) -> Value {
        let expected = "\(what): \(words.joined(separator: ", "))"
        let token = try r.required(expected, suggestion: r.source + " " + words[0])
        if !token.quoted, let word = words.first(where: { $0.lowercased() == token.text.lowercased() }), let value = read(word) {
            return value
        }
        let nearest = aliases[token.text.lowercased()] ?? Nearest.to(token.text, in: words) ?? words[0]
        throw LineProblem(token.column, "expected \(expected)", suggestion: r.replacing(r.index - 1, with: nearest))
    }
}
