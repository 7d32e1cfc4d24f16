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

    /// A day as `storefront subscriptions` writes it (2030-01-08) after `field`, the last word
    /// of the step.
    private func day(_ r: inout StepReader, after field: String) throws(LineProblem) -> CalendarDay {
        // A week after every walkthrough's start: a first free trial's end.
        let example = CalendarDay(HeadlessStorefront.start.addingTimeInterval(7 * 86_400)).description
        let expected = "a day after \(field), as 2030-01-08 (year-month-day, UTC)"
        let token = try r.required(expected, suggestion: r.source + " " + example)
        if !token.quoted, let day = CalendarDay(token.text) { return day }
        // A day written another way, in one word or in the rest of the line (`Jan 8, 2030`).
        let (before, rest) = r.split(at: r.index - 1)
        let suggestion = Self.writtenDay(token.text).map { r.replacing(r.index - 1, with: $0) }
            ?? Self.writtenDay(rest.trimmingCharacters(in: .whitespaces)).map { before + $0 }
        throw LineProblem(token.column, "expected \(expected)", suggestion: suggestion ?? r.replacing(r.index - 1, with: example))
    }

    /// A day written another way as a walkthrough writes it, when it is one: 2030/1/8,
    /// 2030.01.08, 2030-1-8, 2030年1月8日, Jan 8, 2030, 8 January 2030; with no year
    /// (Jan 8, 1月8日), the year walkthroughs start in.
    static func writtenDay(_ text: String) -> String? {
        let words = text.split(whereSeparator: { " ,-/.年月日".contains($0) }).map(String.init)
        guard words.allSatisfy({ $0.allSatisfy(\.isASCII) || $0.allSatisfy(\.isNumber) }) else { return nil }
        let numbers = words.compactMap { Int($0) }
        let names = words.filter { Int($0) == nil }
        var year: Int?, month: Int, day: Int
        if names.isEmpty {
            if numbers.count == 3, words[0].count == 4, words.allSatisfy({ $0.count <= 4 }) {
                (year, month, day) = (numbers[0], numbers[1], numbers[2])
            } else if numbers.count == 2, text.contains("月"), words.allSatisfy({ $0.count <= 2 }) {
                (month, day) = (numbers[0], numbers[1])
            } else {
                return nil
            }
        } else {
            // One month's name, whole or cut short (Jan, Sept), a day and perhaps a year.
            let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                          "november", "december"]
            let name = names[0].lowercased()
            guard names.count == 1, name.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(name) }) else { return nil }
            let days = words.filter { Int($0) != nil && $0.count <= 2 }, years = words.filter { Int($0) != nil && $0.count == 4 }
            guard days.count == 1, years.count <= 1, words.count == 1 + days.count + years.count else { return nil }
            (year, month, day) = (years.first.flatMap { Int($0) }, index + 1, Int(days[0]) ?? 0)
        }
        let padded = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        let start = CalendarDay(HeadlessStorefront.start)
        return CalendarDay("\(year ?? start.year)-\(padded(month))-\(padded(day))")?.description
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
