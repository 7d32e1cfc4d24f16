import ArgumentParser
import StoreKitSim
import StorefrontUI

/// The settings `storefront set` changes, named as on the command line.
enum SettingName: String, CaseIterable, ExpressibleByArgument {
    case canMakePayments = "can-make-payments"
    case askToBuy = "ask-to-buy"
    case network
    case failWith = "fail-with"
    case interrupted
    case finishTransactions = "finish-transactions"
    case account
    case storefront
    case latency
    case hold
    case timeRate = "time-rate"

    var valueHelp: String {
        switch self {
        case .canMakePayments, .askToBuy, .network, .interrupted, .finishTransactions, .hold: "on|off"
        case .failWith: "CODE|NAME|off"
        case .account: "NAME|none"
        case .storefront: "STOREFRONT"
        case .latency: "MILLISECONDS"
        case .timeRate: "realtime|STORE-per-REAL"
        }
    }
}

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a store condition; an open storefront picks it up at once.",
        discussion: SettingName.allCases.map { "  \($0.rawValue) \($0.valueHelp)" }.joined(separator: "\n")
            + "\n\nfail-with takes a StoreKit error code (0-20) or its name, e.g. 4 or paymentNotAllowed."
            + "\nhold on: a purchase or restore waits for the side button (Enter, or a line on stdin) before the latency starts."
            + "\ntime-rate: \(TimeRate.syntax) (a month in 30 seconds, as Xcode's fastest monthly renewal rate)."
            + " Store time runs on from where it is; the latency stays in real seconds.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The setting to change.")
    var setting: SettingName

    @Argument(help: "Its new value.")
    var value: String

    @OptionGroup var output: OutputOptions

    struct Output: Encodable {
        var settings: Settings
    }

    func run() throws {
        let session = try Session(global, checksStorefront: false)
        let storefronts = session.catalog.storefronts.map(\.id)
        let change = try SettingChange.parse(setting, value, storefronts: storefronts)
        try session.store.updateSettings(change.apply)
        let settings = try session.store.settings()
        if output.json {
            try JSONOutput.print(Output(settings: settings))
        } else {
            printLine("\(setting.rawValue) = \(SettingChange.describe(setting, in: settings))")
        }
    }
}

/// A parsed `set` value, with messages that say what is accepted.
struct SettingChange {
    let apply: (inout Settings) -> Void

    static func parse(_ setting: SettingName, _ value: String, storefronts: [String]) throws -> SettingChange {
        func onOff() throws -> Bool {
            switch value.lowercased() {
            case "on", "true", "yes", "1": return true
            case "off", "false", "no", "0": return false
            default: throw CommandFailure.usage("\(setting.rawValue) takes on or off, not \"\(value)\"")
            }
        }
        switch setting {
        case .canMakePayments: let v = try onOff(); return SettingChange { $0.canMakePayments = v }
        case .askToBuy: let v = try onOff(); return SettingChange { $0.askToBuy = v }
        case .network: let v = try onOff(); return SettingChange { $0.network = v }
        case .interrupted: let v = try onOff(); return SettingChange { $0.interrupted = v }
        case .finishTransactions: let v = try onOff(); return SettingChange { $0.finishTransactions = v }
        case .hold: let v = try onOff(); return SettingChange { $0.hold = v }
        case .failWith:
            if ["off", "none"].contains(value.lowercased()) { return SettingChange { $0.failWith = nil } }
            guard let code = SKErrorCode(argument: value) else {
                let names = SKErrorCode.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ")
                throw CommandFailure.usage("fail-with takes off or a StoreKit error code: \(names)")
            }
            return SettingChange { $0.failWith = code }
        case .account:
            let name = value.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { throw CommandFailure.usage("account takes a name, or none to sign out") }
            // An Apple Account is an email address: a control character in it is a mistake, or
            // a way to send commands to whichever terminal shows the account.
            if name.unicodeScalars.contains(where: TerminalText.isEscaped) {
                throw CommandFailure.usage("account takes a name without control characters, not \"\(name)\"")
            }
            let account: String? = ["none", "off"].contains(name.lowercased()) ? nil : name
            return SettingChange { $0.account = account }
        case .storefront:
            guard let id = storefronts.first(where: { $0.lowercased() == value.lowercased() }) else {
                throw CommandFailure.usage("storefront takes one of the catalog's storefronts: \(storefronts.joined(separator: ", "))")
            }
            return SettingChange { $0.storefront = id }
        case .latency:
            guard let ms = Int(value), Settings.latencyRange.contains(ms) else {
                throw CommandFailure.usage("latency takes milliseconds from 0 to \(Settings.latencyRange.upperBound), not \"\(value)\"")
            }
            return SettingChange { $0.latencyMilliseconds = ms }
        case .timeRate:
            guard let rate = TimeRate(value) else {
                throw CommandFailure.usage("time-rate takes \(TimeRate.syntax); at most a year per second, not \"\(value)\"")
            }
            return SettingChange { $0.timeRate = rate }
        }
    }

    static func describe(_ setting: SettingName, in s: Settings) -> String {
        func onOff(_ v: Bool) -> String { v ? "on" : "off" }
        return switch setting {
        case .canMakePayments: onOff(s.canMakePayments)
        case .askToBuy: onOff(s.askToBuy)
        case .network: onOff(s.network)
        case .interrupted: onOff(s.interrupted)
        case .finishTransactions: onOff(s.finishTransactions)
        case .failWith: s.failWith.map { "\($0.rawValue) \($0.name)" } ?? "off"
        case .account: s.account ?? "none (signed out)"
        case .storefront: s.storefront
        case .latency: "\(s.latencyMilliseconds) ms"
        case .hold: onOff(s.hold)
        case .timeRate: s.timeRate == .realtime ? "realtime" : "\(s.timeRate) (\(ClockCommand.factor(s.timeRate.factor))× real time)"
        }
    }
}

import Foundation
