import Foundation

extension StoreAdmin {
    /// One store-side action (on a subscription or the history), as a value: what a command, a walkthrough step
    /// and the storefront each name and hand to `perform`, so the three act alike. One on a
    /// subscription names it by its original transaction id and one on the history by the
    /// transaction's id, whatever account's, as Xcode's Transaction Manager and the App Store
    /// Server API do; "the signed-in account's plan of this product" is resolved where it is
    /// named (`StoreWorkingSet.subscription(of:account:catalog:)`).
    public enum Operation: Equatable, Sendable {
        case expire(originalTransactionID: String)
        case renew(originalTransactionID: String)
        case autoRenew(originalTransactionID: String, on: Bool)
        case fixBilling(originalTransactionID: String)
        /// `storefront` nil: the store's current one. `consentNeeded` nil: as the store decides
        /// (`PriceChange.needsConsent`: a rise needs it).
        case priceIncrease(productID: String, storefront: String?, price: Decimal, consentNeeded: Bool?)
        case agreeToPriceIncrease(originalTransactionID: String)
        /// SKTestSession.declinePriceIncreaseForTransaction: auto-renew off, the increase no longer waiting.
        case declinePriceIncrease(originalTransactionID: String)
        /// A purchase made outside the app (`buyOutsideApp`), a subscription at `terms`.
        case buyOutsideApp(productID: String, quantity: Int, terms: OutsidePurchaseTerms = .init())
        /// An offer code redeemed in the App Store (`redeemOfferCode`): of `productID`, or of
        /// whichever subscription has it (nil).
        case redeemOfferCode(String, productID: String?)
        /// A purchase started on the product's App Store page (`promote`).
        case promote(productID: String)
        case refund(transactionID: String, Refund)
        case deleteTransaction(transactionID: String)
        case clearPurchaseHistory
        /// The refund request sheet submitted (`requestRefund`).
        case requestRefund(transactionID: String, reason: RefundRequestReason)
        /// A waiting refund request answered: `refund` nil approves it in full.
        case approveRefundRequest(transactionID: String, refund: Refund?)
        case declineRefundRequest(transactionID: String)
        /// Family Sharing (`StoreAdmin+Family`). `organizer` and `account` nil: the account
        /// `perform` is given (the signed-in account, resolved where the operation is named).
        case createFamily(organizer: String)
        case addFamilyMember(account: String, organizer: String?)
        case removeFamilyMember(account: String?)
        case familySharing(productID: String, on: Bool, account: String?)
        case familyPurchase(account: String, productID: String)

        /// The product it acts on; nil for one on a subscription or transaction by id, or the whole history.
        public var productID: String? {
            switch self {
            case .priceIncrease(let id, _, _, _), .buyOutsideApp(let id, _, _), .promote(let id),
                 .familySharing(let id, _, _), .familyPurchase(_, let id): id
            case .redeemOfferCode(_, let id): id
            case .expire, .renew, .autoRenew, .fixBilling, .agreeToPriceIncrease, .declinePriceIncrease,
                 .refund, .deleteTransaction, .clearPurchaseHistory, .requestRefund, .approveRefundRequest,
                 .declineRefundRequest, .createFamily, .addFamilyMember, .removeFamilyMember: nil
            }
        }
    }

    /// Carries out `operation`; one naming no account (a purchase outside the app, a refund
    /// request, the history cleared, a family operation with no account or organizer given)
    /// acts for `account`: the signed-in account, resolved where the operation is named.
    public func perform(_ operation: Operation, account: String?) throws {
        switch operation {
        case .expire(let id): try change(.expireNow, originalTransactionID: id)
        case .renew(let id): try change(.renewNow, originalTransactionID: id)
        case .autoRenew(let id, let on): try change(.setAutoRenew(on), originalTransactionID: id)
        case .fixBilling(let id): try change(.fixBilling, originalTransactionID: id)
        case .priceIncrease(let id, let storefront, let price, let consent):
            try requestPriceIncrease(id, storefront: storefront, price: price, consentNeeded: consent)
        case .agreeToPriceIncrease(let id): try change(.agreeToPriceIncrease, originalTransactionID: id)
        case .declinePriceIncrease(let id): try change(.declinePriceIncrease, originalTransactionID: id)
        case .buyOutsideApp(let id, let quantity, let terms):
            _ = try buyOutsideApp(id, quantity: quantity, terms: terms, account: account)
        case .redeemOfferCode(let code, let id): _ = try redeemOfferCode(code, productID: id, account: account)
        case .promote(let id): _ = try promote(id, account: account)
        case .refund(let id, let refund): try refundTransaction(id, refund)
        case .deleteTransaction(let id): try deleteTransaction(id)
        case .clearPurchaseHistory: try clearPurchaseHistory(of: account)
        case .requestRefund(let id, let reason): _ = try requestRefund(id, reason: reason, account: account)
        case .approveRefundRequest(let id, let refund): try answerRefundRequest(id, approved: true, refund: refund)
        case .declineRefundRequest(let id): try answerRefundRequest(id, approved: false)
        case .createFamily(let organizer): try createFamily(organizer: organizer)
        case .addFamilyMember(let member, let organizer): try addFamilyMember(member, organizer: organizer ?? account)
        case .removeFamilyMember(let member): try removeFamilyMember(member ?? account)
        case .familySharing(let id, let on, let purchaser): try setFamilySharing(id, on: on, account: purchaser ?? account)
        case .familyPurchase(let account, let id): _ = try buyAsFamilyMember(account, productID: id)
        }
    }
}
