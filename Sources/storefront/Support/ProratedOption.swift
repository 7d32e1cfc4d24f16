import AppStoreCore
import Foundation

/// `--prorated` as `refund` and `approve-refund` take it: a percentage of the price, or
/// `time-left` for a subscription's period, which the App Store refunds in part by the time left
/// in it. Each is refused where the store would not refund as asked, so a user's number is
/// never replaced by another.
enum ProratedOption: Equatable {
    case percent(Decimal)
    case timeLeft

    static let timeLeftWord = "time-left"
    static let help = "Refund part of the price: a percentage (more than 0, less than 100), or \(timeLeftWord) "
        + "for a subscription's period, which is refunded by the time left in it; not for a consumable."

    init(_ text: String) throws {
        if text == Self.timeLeftWord {
            self = .timeLeft
            return
        }
        guard text.range(of: #"^[0-9]+(\.[0-9]{1,3})?%?$"#, options: .regularExpression) != nil,
              let percent = Decimal(string: text.replacingOccurrences(of: "%", with: ""), locale: Locale(identifier: "en_US_POSIX")),
              percent > 0, percent < 100 else {
            throw CommandFailure.usage(
                "--prorated takes a percentage above 0 and below 100 such as 50 or 12.5, or \(Self.timeLeftWord), not \"\(text)\"")
        }
        self = .percent(percent)
    }

    /// The refund to ask the store for. For the time left, any part: the store refunds the
    /// time left in the period in its place (`Transaction.refund`).
    func refund(reason: RevocationReason = .other) -> Refund {
        switch self {
        case .percent(let percent): .prorated(percent, reason: reason)
        case .timeLeft: .prorated(50, reason: reason)
        }
    }

    /// Refuses a percentage for a subscription's period (the store refunds the time left in it,
    /// whatever is asked) and the time left for a purchase that has no period. A transaction the
    /// store does not have, or a consumable, is left for the store to refuse in its words.
    func check(_ transactionID: String, in session: Session) throws {
        guard let asked = try session.database.transaction(transactionID),
              let type = session.catalog.product(asked.productID)?.type, type.isRefundableInPart else { return }
        switch self {
        case .percent where type.isProratedByTimeLeft:
            throw CommandFailure.refused(
                name: "proratedByTimeLeft",
                message: "transaction \(transactionID) is a subscription's period: the App Store refunds part of it by the time "
                    + "left in it, not by a percentage; give --prorated \(Self.timeLeftWord)")
        case .timeLeft where !type.isProratedByTimeLeft:
            throw CommandFailure.refused(
                name: "noPeriodToProrate",
                message: "transaction \(transactionID) has no period to refund by the time left in it: "
                    + "give --prorated a percentage such as 50")
        default:
            return
        }
    }
}
