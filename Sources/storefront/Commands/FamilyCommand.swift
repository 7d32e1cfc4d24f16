import AppStoreJSON
import ArgumentParser
import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim
import StorefrontUI

/// `storefront family create | add | remove | leave | share | buy | show`: Family Sharing from
/// the App Store's side, each one `StoreAdmin.Operation`. They need no app, so they work beside
/// an open storefront, whose app hears at once what its account gets or loses.
struct FamilyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family",
        abstract: "Family Sharing: make a family, add or remove members, share a purchase or stop (docs/command-line.md).",
        discussion: """
            A family is an organizer and up to \(Family.maximumMembers) members. What one member buys of a \
            family-shareable non-consumable, the others get as a family-shared transaction of their own (a \
            subscription, period by period); it is revoked for them when the purchase is refunded, its purchaser \
            stops sharing it, or either leaves.
            """,
        subcommands: [FamilyCreateCommand.self, FamilyAddCommand.self, FamilyRemoveCommand.self, FamilyLeaveCommand.self,
                      FamilyShareCommand.self, FamilyBuyCommand.self, FamilyShowCommand.self])

    /// The subcommands' names, for global options given before them.
    static let nested: Set<String> = Set(configuration.subcommands.map { $0._commandName })
}

enum FamilyAction {
    struct Output: Encodable {
        var families: [FamilyJSON]
        /// What the store did, in order: anything that fell due first, then the operation's own.
        var events: [StoreEventPayload]
    }

    /// Carries out `operation` and prints what it did; a refusal in the store's words (exit 4).
    static func perform(_ operation: StoreAdmin.Operation, _ global: GlobalOptions, _ output: OutputOptions,
                        done: (StoreWorkingSet) -> String) throws {
        let (session, events) = try HistoryAction.run(operation, global)
        let records = try session.database.load()
        if output.json {
            try JSONOutput.print(Output(families: FamilyJSON.all(records, catalog: session.catalog), events: try session.payloads(events)))
            return
        }
        HistoryAction.report(done(records), events: events, text: SubscriptionText(catalog: session.catalog, settings: records.settings))
    }
}

struct FamilyJSON: Encodable {
    var organizer: String
    var members: [String]
    /// Products a member does not share, by account: only those Family Sharing applies to
    /// (`StoreWorkingSet.isShared`). A subscription's stop holds for every plan of its group,
    /// the ones not shared at all too, and a product the catalog no longer shares keeps its
    /// stop in case it is shared again; neither is worth saying while nothing shares it.
    var notShared: [String: [String]]

    static func all(_ records: StoreWorkingSet, catalog: Catalog) -> [FamilyJSON] {
        records.families.map { family in
            var stops: [String: [String]] = [:]
            for stop in records.sharingStops where family.contains(stop.account) && StoreWorkingSet.isShared(stop.productID, catalog: catalog) {
                stops[stop.account, default: []].append(stop.productID)
            }
            return FamilyJSON(organizer: family.organizer, members: family.members, notShared: stops)
        }
    }
}

struct FamilyAccountArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("An Apple Account (any name, e.g. parent@example.com).", valueName: "account"))
    var account: String
}

struct FamilyCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Start a family organized by an account.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var organizer: FamilyAccountArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.createFamily(organizer: organizer.account), global, output) { _ in
            "Made a family organized by \(organizer.account)."
        }
    }
}

struct FamilyAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an account to a family: it gets what the family shares, and shares what it bought.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var member: FamilyAccountArgument
    @Option(name: .customLong("to"), help: ArgumentHelp("The family's organizer (default: the signed-in account's family).",
                                                        valueName: "organizer"))
    var organizer: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.addFamilyMember(account: member.account, organizer: organizer), global, output) { records in
            "Added \(member.account) to the family of \(records.family(of: member.account)?.organizer ?? "?")."
        }
    }
}

struct FamilyRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an account from its family (the organizer: the family ends): what was shared with it, and by it, is revoked.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var member: FamilyAccountArgument
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.removeFamilyMember(account: member.account), global, output) { _ in
            "Removed \(member.account) from its family."
        }
    }
}

struct FamilyLeaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "leave", abstract: "The signed-in account leaves its family.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.removeFamilyMember(account: nil), global, output) { records in
            "\(records.settings.account ?? "The account") left its family."
        }
    }
}

struct FamilyShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Turn sharing of a purchase of a product with the purchaser's family on or off.")

    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("A family-shareable product (see `storefront products`).", valueName: "product-id"))
    var productID: String
    @Argument(help: "on or off.")
    var state: Switch
    @Option(name: .customLong("by"), help: ArgumentHelp("The purchaser (default: the signed-in account).", valueName: "account"))
    var purchaser: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.familySharing(productID: productID, on: state == .on, account: purchaser), global, output) { records in
            "\(purchaser ?? records.settings.account ?? "The account") \(state == .on ? "shares" : "no longer shares") \(productID) with its family."
        }
    }
}

struct FamilyBuyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy", abstract: "A family member buys a product on their own device: the family shares it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var member: FamilyAccountArgument
    @Argument(help: ArgumentHelp("The product (see `storefront products`).", valueName: "product-id"))
    var productID: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        try FamilyAction.perform(.familyPurchase(account: member.account, productID: productID), global, output) { _ in
            "\(member.account) bought \(productID) on their own device."
        }
    }
}

struct FamilyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "List the families and what their members do not share.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let session = try Session(global)
        let records = try session.database.load()
        let families = FamilyJSON.all(records, catalog: session.catalog)
        if output.json {
            try JSONOutput.print(["families": families])
            return
        }
        guard !families.isEmpty else { return printLine("No families (\(CommandLineHint.command("family create ORGANIZER")) makes one).") }
        for family in families {
            printLine("Family of \(family.organizer) (organizer)")
            for member in family.members { printLine("  member \(member)") }
            for (account, products) in family.notShared.sorted(by: { $0.key < $1.key }) {
                printLine("  \(account) does not share \(products.joined(separator: ", "))")
            }
        }
    }
}
