import AppStoreJSON
import ArgumentParser
import AppStoreCore
import StorefrontUI

struct SubscriptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions",
        abstract: "Show each subscription group's status, as StoreKit 2's SubscriptionInfo.Status (docs/command-line.md).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var account: String?
        var subscriptions: [SubscriptionGroupPayload]
    }

    func run() throws {
        let session = try Session(global)
        // Read as the store holds them, older purchases adopted as the next change would.
        _ = try session.queue.refresh()
        let records = session.queue.records
        if output.json {
            try JSONOutput.print(Output(account: records.settings.account, subscriptions: try Self.groups(records, session: session)))
            return
        }
        let text = SubscriptionText(catalog: session.catalog, settings: records.settings)
        guard let account = records.settings.account else {
            printLine("Signed out: no subscriptions to show (\(CommandLineHint.command("set account EMAIL")) signs in).")
            return
        }
        let groups = records.groupStatuses(catalog: session.catalog)
        if groups.isEmpty { printLine("The catalog has no subscription groups.") }
        printLine("Subscriptions of \(account)")
        for (group, status) in groups {
            for line in text.block(group: group, status: status, records: records) { printLine(line) }
        }
    }

    /// Every group of the catalog with the signed-in account's status in it.
    static func groups(_ records: StoreWorkingSet, session: Session) throws -> [SubscriptionGroupPayload] {
        try records.groupStatuses(catalog: session.catalog).map { group, status in
            SubscriptionGroupPayload(
                groupID: group.id, groupName: group.displayName(for: records.settings.locale),
                products: session.catalog.subscriptions(in: group.id).map(\.id),
                status: try status.map { try session.payload($0, records: records) })
        }
    }
}
