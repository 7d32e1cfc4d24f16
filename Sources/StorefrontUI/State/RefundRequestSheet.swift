import Foundation
import AppStoreCore

/// The App Store's refund request sheet, opened by the app for one purchase: the product and
/// its purchase, the reasons to choose from, Cancel and Submit.
public struct RefundRequestSheet: Equatable, Sendable {
    /// The purchase the refund is asked for, as the store held it when the sheet opened.
    public var transaction: Transaction
    /// The reason chosen (an index of `RefundRequestReason.allCases`); none until the user picks one.
    public var reason: Int?
    /// 0 = Cancel, 1 = Submit.
    public var focus = 1

    public init(transaction: Transaction) {
        self.transaction = transaction
    }

    public var chosenReason: RefundRequestReason? {
        reason.map { RefundRequestReason.allCases[$0] }
    }
}
