import AppStoreJSON
import ArgumentParser
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import StorefrontUI
import Wording

/// The App Store's side of a subscription (Xcode's SKTestSession, Manage Subscriptions): each
/// command is one `StoreAdmin.Operation` for the signed-in account's subscription in the
/// group of PRODUCT. They need no app, so they work beside an open storefront, which picks the
/// change up at its next tick.
struct SubscriptionProductArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("A plan of the subscription's group (see `storefront subscriptions`).", valueName: "product-id"))
    var productID: String
}

enum SubscriptionAction {
    struct Output: Encodable {
        /// The group acted on, with its status after the operation.
        var subscription: SubscriptionGroupPayload?
        /// What the store did, in order: anything that fell due first, then the operation's own.
        var events: [StoreEventPayload]
    }

    /// What an operation did to the subscription, for a command to word it.
    struct Outcome {
        let text: SubscriptionText
        /// The group's status before the operation and after it.
        let before: SubscriptionStatus?
        let after: SubscriptionStatus?
        /// The store's records after it.
        let records: StoreWorkingSet

        /// " Pro Monthly (com.storefront.pro.monthly): Renews DATE.", where it stands after.
        var standing: String {
            guard let after else { return "" }
            return " \(text.plan(after.productID)): \(text.standing(after, records: records))."
        }
    }

    /// Carries out `operation` on the signed-in account's subscription in the group of
    /// `productID` (given its original transaction id) and prints what it did: `done` words it
    /// from the status before and after. A request that cannot apply is refused in the store's
    /// words (`ErrorReport`: exit 4, or 64 when it names nothing to act on).
    static func perform(onPlanOf productID: String, _ operation: (_ originalTransactionID: String) -> StoreAdmin.Operation,
                        _ global: GlobalOptions, _ output: OutputOptions,
                        done: (Outcome) -> String) throws {
        try perform(productID, global, output, operation: { records, catalog in
            let plan = try records.subscription(of: productID, account: records.settings.account, catalog: catalog)
            return operation(plan.originalTransactionID)
        }, done: done)
    }

    /// `operation`: made from the store's records as they are before it, and the catalog.
    static func perform(_ productID: String, _ global: GlobalOptions, _ output: OutputOptions,
                        operation make: (StoreWorkingSet, Catalog) throws -> StoreAdmin.Operation,
                        done: (Outcome) -> String) throws {
        let session = try Session(global)
        let cursor = try session.database.lastEventID()
        _ = try session.queue.refresh()
        let before = session.queue.records.status(for: productID, catalog: session.catalog)
        let operation = try make(session.queue.records, session.catalog)
        let queue = session.queue
        _ = try queue.hearing { try StoreAdmin(store: queue.store).perform(operation, account: queue.settings.account) }
        let records = session.queue.records
        let after = records.status(for: productID, catalog: session.catalog)
        let events = try session.database.events(after: cursor, limit: nil)
        if output.json {
            let group = session.catalog.product(productID)?.subscriptionGroupID
            let subscription = try SubscriptionsCommand.groups(records, session: session).first { $0.groupID == group }
            try JSONOutput.print(Output(subscription: subscription, events: try session.payloads(events)))
            return
        }
        let text = SubscriptionText(catalog: session.catalog, settings: records.settings)
        printLine(done(Outcome(text: text, before: before, after: after, records: records)))
        for event in events { printLine("  " + text.line(event)) }
        printLine("An open storefront picks this up at once; the app hears of it there, or at its next launch (\(CommandLineHint.command("launch"))).")
    }
}

struct AutoRenewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auto-renew",
        abstract: "Turn auto-renew off (cancel: it runs to its period's end) or on again (docs/command-line.md).")

    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @Argument(help: "off: cancel (it runs to the end of its period, then expires); on: resubscribe before it ends.")
    var setting: Switch
    @OptionGroup var output: OutputOptions

    func run() throws {
        let on = setting == .on
        let operation = { StoreAdmin.Operation.autoRenew(originalTransactionID: $0, on: on) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            let was = outcome.before?.willAutoRenew == on ? "Auto-renew was already \(setting.rawValue)." : "Turned auto-renew \(setting.rawValue)."
            return was + outcome.standing
        }
    }
}

struct ExpireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expire",
        abstract: "End a subscription now, as the store can (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let operation = { StoreAdmin.Operation.expire(originalTransactionID: $0) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            "Expired the subscription now." + outcome.standing
        }
    }
}

struct RenewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Force a subscription's renewal now (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let operation = { StoreAdmin.Operation.renew(originalTransactionID: $0) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            "Forced a renewal." + outcome.standing
        }
    }
}

struct FixBillingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix-billing",
        abstract: "Fix the billing issue: a renewal failing in billing retry goes through (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let operation = { StoreAdmin.Operation.fixBilling(originalTransactionID: $0) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            "Fixed the billing issue: the renewal went through." + outcome.standing
        }
    }
}

struct PriceIncreaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price-increase",
        abstract: "Change a plan's price; subscribers must agree or are told (docs/command-line.md).",
        discussion: "Without --consent-needed or --no-consent-needed, consent is needed when the price rises "
            + "(as the App Store asks for most increases) and not when it falls. With consent needed, a subscriber "
            + "who has not agreed (`storefront agree-price`) by the renewal expires (didNotConsentToPriceIncrease).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument

    @Argument(help: ArgumentHelp("The new price in the storefront's currency, e.g. 5.99.", valueName: "price"))
    var price: String

    @Option(help: ArgumentHelp("The App Store storefront (default: the store's, see `storefront set storefront`).", valueName: "code"))
    var storefront: String?

    @Flag(inversion: .prefixedNo, help: "Whether subscribers must agree before renewing at the new price (default: when it rises).")
    var consentNeeded: Bool?

    @OptionGroup var output: OutputOptions

    func run() throws {
        guard price.range(of: #"^[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil,
              let amount = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else {
            throw CommandFailure.usage("price-increase takes a price such as 5.99, not \"\(price)\"")
        }
        var place: AppStoreStorefront?
        var current: Decimal?
        var consent = true
        try SubscriptionAction.perform(product.productID, global, output, operation: { records, catalog in
            place = AppStoreStorefront.named(storefront ?? records.settings.storefront)
            current = place.flatMap { catalog.product(product.productID)?.price(in: $0, changes: records.priceChanges) }
            consent = PriceChange.needsConsent(amount, over: current, asked: consentNeeded)
            return .priceIncrease(productID: product.productID, storefront: storefront, price: amount, consentNeeded: consentNeeded)
        }) { outcome in
            let currency = place.map { " \($0.currency)" } ?? ""
            let was = current.map { " (was \($0)\(currency))" } ?? ""
            let rule = consent
                ? "consent needed: subscribers renewing to it must agree (`\(CommandLineHint.command("agree-price \(product.productID)"))`) by their renewal, or it expires"
                : "no consent needed: subscribers are told and renew at it"
            return "The price of \(outcome.text.plan(product.productID)) in \(place?.id ?? storefront ?? "?") is now \(amount)\(currency)\(was), \(rule)."
                + outcome.standing
        }
    }
}

struct AgreePriceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agree-price",
        abstract: "Agree to a price increase waiting for consent (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let operation = { StoreAdmin.Operation.agreeToPriceIncrease(originalTransactionID: $0) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            // The new price and the renewal that first charges it, as the App Store confirms it.
            let agreed = outcome.after.flatMap { outcome.text.agreedPrice($0, records: outcome.records) }
            return (agreed.map { Strings.english.store.agreedTo($0) + "." } ?? "Agreed to the price increase.") + outcome.standing
        }
    }
}

struct DeclinePriceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline-price",
        abstract: "Decline a price increase waiting for consent: auto-renew goes off (docs/command-line.md).",
        discussion: "As Xcode's SKTestSession.declinePriceIncreaseForTransaction: the subscription is cancelled, "
            + "the increase no longer waits, and the plan runs to the end of its period, then expires.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var product: SubscriptionProductArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        let operation = { StoreAdmin.Operation.declinePriceIncrease(originalTransactionID: $0) }
        try SubscriptionAction.perform(onPlanOf: product.productID, operation, global, output) { outcome in
            "Declined the price increase: auto-renew is off." + outcome.standing
        }
    }
}
