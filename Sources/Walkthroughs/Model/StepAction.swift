import DataFiles
import Foundation
import AppStoreCore
import StoreKitSim
import StorefrontUI

/// What a step does: what a person does to the app, what happens outside it, what a
/// presenter shows, or what must be true by then.
public enum StepAction: Equatable, Sendable {
    /// A store condition, as `storefront set NAME VALUE` takes it (checked when parsed).
    case set(condition: String, value: String)
    /// Selects the row and presses Enter.
    case open(RowTarget)
    /// Selects the subscription's row and presses m: Manage Subscriptions, on its group.
    case manage(productID: String)
    /// Manage Subscriptions' row with this title as shown (a plan, or an action under the
    /// plans), or a plan's by another of its names (its id, its title in another language):
    /// the selection moves there, then Enter.
    case choose(String)
    /// The purchase sheet's quantity stepper, moved to this number.
    case quantity(Int)
    /// The button with this label of the dialog in front (over a panel too): the focus moves
    /// there, then Enter.
    case press(String)
    case key(Key)
    case restore
    /// The app asks for a fresh App Store receipt (SKReceiptRefreshRequest), as `storefront
    /// receipt --refresh` does: written, or refused as App Store Sync is set to fail.
    case refreshReceipt
    case deleteAppData
    /// A hand edit of UserDefaults.json, as a tester makes one outside the app: the key set
    /// to the value (nil removes it), the rest of the file as it was.
    case editDefaults(key: String, value: JSONValue?)
    /// Quits and opens the storefront again on the same data.
    case relaunch
    /// A parent or the user, outside the app: approves or declines an Ask to Buy request, or
    /// resolves an interrupted purchase.
    case answer(RequestAnswer, TransactionRef)
    /// The app consumes units of a consumable it delivered, oldest first (`SampleApp.creditsKey`:
    /// the credit balance, its earlier part first), as the unconsumed purchases panel does.
    case consume(productID: String, quantity: Int)
    /// The app presents a promotional offer of the subscription, signed by its server: the
    /// App Store's sheet opens at the offer's terms.
    case promotionalOffer(productID: String, offerID: String)
    /// The App Store's side of the signed-in account's subscription in the group of
    /// `productID` (Xcode's SKTestSession, Manage Subscriptions), named as the command line
    /// names it: expire, renew, auto-renew, fix-billing, agree-price, decline-price.
    case subscription(SubscriptionStep, productID: String)
    /// The App Store's side otherwise: price-increase (consent unsaid: as the store decides, as
    /// `storefront price-increase` leaves it), a purchase outside the app, Family Sharing.
    case operation(StoreAdmin.Operation)
    /// The App Store's side of the history (Xcode's Transaction Manager): a refund or a
    /// deletion of the transaction named (by product: the account's latest purchase of it), or
    /// the purchase history cleared.
    case history(HistoryStep)
    case advance(StoreDuration)
    /// Shown while the walkthrough plays; a test passes over it.
    case caption(String)
    /// Real time a presenter waits while playing; a test passes over it.
    case pause(seconds: Double)
    case expect(Expectation)
}

/// A step on the history, its transaction resolved when it runs.
public enum HistoryStep: Equatable, Sendable {
    case refund(TransactionRef, Refund)
    case deleteTransaction(TransactionRef)
    case clearPurchaseHistory
    /// The refund request sheet submitted for the purchase, as the app's user would.
    case requestRefund(TransactionRef, RefundRequestReason)
    /// The App Store's answer to a waiting refund request (`refund-requests manual`): nil
    /// approves it in full.
    case approveRefund(TransactionRef, Refund?)
    case declineRefund(TransactionRef)
}

/// A row of the store list: a product's (by id, whichever title it shows), a content item's,
/// or the credit balance.
public enum RowTarget: Equatable, Sendable {
    case product(String)
    case content(id: String)
    case credits
}

public enum RequestAnswer: String, Equatable, Sendable {
    case approve, decline, resolve
}

/// Which transaction a step means.
public enum TransactionRef: Equatable, Sendable {
    /// The newest (for an answer: the newest waiting for one).
    case latest
    case id(String)
    /// The newest of this product's.
    case product(String)
}

public enum Expectation: Equatable, Sendable {
    /// The text on the screen (`present`), or nowhere on it.
    case screen(String, present: Bool)
    case transactionState(TransactionRef, TransactionState)
    case transactionError(TransactionRef, ErrorMatch)
    /// Why the store made it (StoreKit 2's `Transaction.reason`); a restored transaction has none.
    case transactionReason(TransactionRef, TransactionReason)
    /// Refunded and revoked by the App Store, or not.
    case transactionRevoked(TransactionRef, Bool)
    /// Where the refund request for it stands (`refund-request pending|approved|declined`), or
    /// that none was made (nil: `refund-request none`).
    case refundRequest(TransactionRef, RefundRequestStatus?)
    /// Its ownership: the purchaser's own, or family-shared.
    case transactionOwnership(TransactionRef, OwnershipType)
    /// No such transaction: none at all (`latest`), none with the id, none of the product.
    case noTransaction(TransactionRef)
    /// The app's UserDefaults value for the key; nil: no value.
    case defaults(key: String, value: JSONValue?)
    case credits(Int)
    /// The units of a consumable's purchases delivered and not consumed yet.
    case unconsumed(productID: String, units: Int)
    /// How many unfinished transactions the queue holds.
    case queue(Int)
    /// How the last `refresh receipt` ended: `.none`, refreshed; else the error it failed with.
    case receiptRefresh(ErrorMatch)
    /// The signed-in account's subscription in the product's group, as the store keeps it
    /// (StoreKit 2's `Product.SubscriptionInfo.Status`).
    case subscription(productID: String, SubscriptionField)
    /// An event of the kind the store logged (for the product, when one is named: its own, or
    /// either plan of a plan change) among those `EventWindow` gives the step, or none such
    /// (`present` false: `expect no event`).
    case event(StoreEventKind, productID: String?, present: Bool)
    /// Whether the signed-in customer may have the subscription's offer now (`expect offer`):
    /// `offer` is `introductory` or an offer's identifier, as the catalog names it.
    case offer(productID: String, offer: String, eligible: Bool)
}

/// What `expect subscription` looks at in a subscription's status, and the value it expects.
public enum SubscriptionField: Equatable, Sendable {
    case state(RenewalState)
    /// The plan it has now (the latest transaction's product).
    case plan(String)
    /// `RenewalInfo.willAutoRenew`.
    case autoRenew(Bool)
    /// nil: none (it has not ended).
    case expirationReason(ExpirationReason?)
    /// The plan the next renewal is for (`RenewalInfo.autoRenewPreference`) while one will
    /// come; nil: none (auto-renew off, or ended), whatever plan the renewal info still names.
    case renewsTo(String?)
    case priceIncrease(PriceIncreaseStatus)
    /// The offer the current (or last) period was bought or renewed with: the latest
    /// transaction's; nil: none, the plan's own price.
    case offer(SubscriptionOfferKind?)
    /// The day it renews (`RenewalInfo.renewalDate`), while it will.
    case renews(CalendarDay)
    /// The day it ends with auto-renew off, or the day it ended (expired).
    case expires(CalendarDay)
    /// The day its grace period ends, while in one.
    case graceUntil(CalendarDay)
}

/// A transaction's error as a step names it.
public enum ErrorMatch: Equatable, Sendable {
    case none
    case code(Int)
    /// StoreKit's name for the code, `paymentNotAllowed`.
    case name(String)
}
