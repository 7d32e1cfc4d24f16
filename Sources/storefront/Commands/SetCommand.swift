import ArgumentParser
import StoreKitSim
import StorefrontUI

/// A store condition named on the command line; the parser lists the names when one is unknown.
struct ConditionName: ExpressibleByArgument {
    let condition: StoreCondition

    init?(argument: String) {
        guard let condition = StoreCondition.named(argument) else { return nil }
        self.condition = condition
    }

    static var allValueStrings: [String] { StoreCondition.all.map(\.name) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a store condition; an open storefront picks it up at once.",
        discussion: StoreCondition.all.map { "  \($0.name) \($0.values)" }.joined(separator: "\n")
            + "\n\n" + StoreCondition.all.compactMap(\.note).joined(separator: "\n"))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The setting to change.")
    var setting: ConditionName

    @Argument(help: "Its new value.")
    var value: String

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var settings: Settings
    }

    func run() throws {
        let session = try Session(global, checksStorefront: false)
        let condition = setting.condition
        let change: StoreCondition.Change
        do {
            change = try condition.parse(value, catalog: session.catalog)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        do {
            try session.store.updateSettings(change)
        } catch let error as StoreError where error == .activeSubscriptionInStorefront {
            // Named: the subscription that keeps the account where it is, and how to end it.
            var report = ErrorReport(error)
            let records = try session.database.load()
            if let active = records.subscriptions.first(where: { $0.account == records.settings.account && $0.state != .expired && $0.state != .revoked }) {
                report.body.remedy = ErrorReport.endSubscriptionRemedy(active.productID)
            }
            report.exit(json: output.json)
        }
        let settings = try session.store.settings()
        if output.json {
            try JSONOutput.print(Output(settings: settings))
        } else {
            printLine("\(condition.name) = \(condition.describe(settings))")
        }
    }
}
