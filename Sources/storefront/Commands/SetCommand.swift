import ArgumentParser
import AppStoreCore
import SampleApp
import StorefrontUI

/// A store condition named on the command line, or `fail` with a StoreKit API named next
/// (nil); the parser lists the names when one is unknown.
struct ConditionName: ExpressibleByArgument {
    let condition: StoreCondition?

    init?(argument: String) {
        if argument == Self.fail {
            condition = nil
            return
        }
        guard let condition = StoreCondition.named(argument) else { return nil }
        self.condition = condition
    }

    /// `set fail API ERROR`: the same as `set fail-API ERROR` (`fail purchase` is `fail-with`).
    static let fail = "fail"

    static var allValueStrings: [String] {
        StoreCondition.all.flatMap { $0.name == StoreCondition.failWith.name ? [fail, $0.name] : [$0.name] }
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a store condition; an open storefront picks it up at once.",
        discussion: StoreCondition.all.map { "  \($0.name) \($0.values)" }.joined(separator: "\n")
            + "\n  fail API ERROR|off     (API: \(StoreAPI.allCases.map(\.argument).joined(separator: ", ")))"
            + "\n\n" + StoreCondition.all.compactMap(\.note).joined(separator: "\n"))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The setting to change.")
    var setting: ConditionName

    @Argument(help: "Its new value (after fail: the StoreKit API).")
    var value: String

    @Argument(help: "After fail API: the API's error, or off.")
    var apiValue: String?

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var settings: Settings
    }

    func run() throws {
        let session = try Session(global, checksStorefront: false)
        let (condition, value) = try conditionAndValue()
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
                // Auto-renew off already: only its end, or ending it now, is left to suggest.
                let endsOn = active.willAutoRenew ? nil : TimeDisplay().dateTime(active.expiresDate)
                report.body.remedy = ErrorReport.endSubscriptionRemedy(active.productID, endsOn: endsOn)
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

    /// The condition and its value: `fail API ERROR` names the API's condition.
    private func conditionAndValue() throws -> (StoreCondition, String) {
        guard let condition = setting.condition else {
            let apis = StoreAPI.allCases.map(\.argument).joined(separator: ", ")
            guard let api = StoreAPI(argument: value) else {
                throw CommandFailure.usage("fail takes a StoreKit API (\(apis)) and its error, not \"\(value)\"")
            }
            let condition = StoreCondition.failing(api)
            guard let apiValue else {
                throw CommandFailure.usage("fail \(api.argument) takes its error, or off: \(api.choices.map(\.name).joined(separator: ", "))")
            }
            return (condition, apiValue)
        }
        if let apiValue { throw CommandFailure.usage("\(condition.name) takes one value, not also \"\(apiValue)\"") }
        return (condition, value)
    }
}
