import Foundation
import SampleApp
import AppStoreCore
import StoreKitSim

/// Everything that can happen to the storefront.
public enum Action: Equatable, Sendable {
    case key(Key)
    /// The loop's tick: time passed, what fell due was done and changes made elsewhere were
    /// picked up. A background problem this tick's work did not meet is over.
    case tick(Date)
    /// Something was carried out outside the loop's tick (a walkthrough's `advance`, store-side
    /// operation or `consume`): time is `Date` now, as after a tick, and the background problems
    /// met so far still stand until the next tick.
    case stepDone(at: Date)
    /// The engine's state after any change, from this process or another.
    case storeChanged(StoreSnapshot)
    /// The sample app saw or did something; `at`: the store clock's time when it did.
    case event(AppEvent, at: Date)
    /// Something the system did outside the queue (the Sign In prompt's answer), for the log.
    case noted(String, at: Date)
    /// An Ask to Buy request nobody answered within 24 hours, dropped by the store. The app
    /// hears nothing of it (as Apple documents); the log, which tells the store's side too, does.
    case requestLapsed(Transaction)
    /// An event of the store's outbox the app's queue does not tell (an expiry, a failed
    /// renewal, auto-renew turned off…), for the log; `fromElsewhere`: not the answer to
    /// something done here (another terminal, or store time), so a banner tells it too;
    /// `at`: store time when the storefront read it.
    case storeEvent(StoreEvent, fromElsewhere: Bool, at: Date)
    /// The store's events read from its outbox, in order, every account's; `signedIn`: the
    /// account the store's records say is signed in as they were read; `fromElsewhere` and
    /// `at` as for `storeEvent`. `update` tells the signed-in account's (`storeEvent`,
    /// `requestLapsed`).
    case storeEvents([StoreEvent], signedIn: String?, fromElsewhere: Bool, at: Date)
    /// A payment was added: the transaction the purchase sheet follows.
    case purchaseStarted(Transaction)
    /// The app presents a promotional offer its server signed for the customer: the App
    /// Store's sheet opens at the offer's terms.
    case presentPromotionalOffer(productID: String, offerID: String)
    /// The app refused before reaching the store (in progress, already owned, …).
    case refused(StoreError)
    /// The app refused the payment a Cancel on the purchase sheet makes, to be told to the
    /// store as cancelled (in progress, already owned…).
    case cancelRefused(StoreError)
    /// The app refused a restore before it started (signed out, busy); `at`: store time.
    case restoreRefused(StoreError, at: Date)
    /// The app asked the store for its products (`Effect.loadProducts`, `reloadProducts`, the
    /// launch's request); `retrying`: the user asked again (R, or Enter on a "Network down?" row).
    case productsRequested(retrying: Bool)
    /// The store's answer to the products request on its way: the products, or why not.
    case productsAnswered(Result<ProductsResponse, StoreError>)
    /// Something the user did could not read or write the data files (store.sqlite or
    /// UserDefaults.json broken while open, a full disk), worded in the screen's language as
    /// what is wrong and what to do.
    case dataFileProblem(AppProblem)
    /// Carrying something out failed; `whileUserActing`: the user was doing something (a key's
    /// effect), not the loop in the background; `at`: store time. `update` decides how it is
    /// told: an engine refusal as an alert, anything else in the log, and in an alert too when
    /// the user was acting; in the background, a problem that lasts is logged once.
    case failed(AppProblem, whileUserActing: Bool, at: Date)
    /// The store refused a purchase outside the app the Transaction Manager asked for: the
    /// app made no purchase, so it is told over the manager, not as the app's purchase alert.
    case outsidePurchaseRefused(productID: String, AppProblem, at: Date)
    /// The store refused the code typed into the offer code sheet: told as the App Store's
    /// sheet tells it (`OfferCodeRefusal`).
    case offerCodeRefused(AppProblem)
    /// A page of the store's transactions the Transaction Manager asked for (`Effect.loadTransactions`).
    case transactionsLoaded(TransactionQuery, TransactionPage)
    /// The full log's page (`Effect.loadLog`).
    case logLoaded(LogPage)
    /// A page asked for could not be read (the log says why): the next tick asks again.
    case transactionsUnreadable(TransactionQuery)
    case logUnreadable
    /// The signed form the Transaction Manager asked for (`Effect.showSignedForm`).
    case signedFormShown(SignedFormSummary)
    /// The refund request sheet was submitted and the App Store took the request
    /// (`Transaction.RefundRequestStatus.success`).
    case refundRequestSent(Transaction)
    /// The store refused the refund request; `update` tells it as StoreKit's
    /// `Transaction.RefundRequestError`.
    case refundRequestRefused(RefundRequestRefusal)
}

/// Why the store refused a refund request, as it said so.
public enum RefundRequestRefusal: Equatable, Sendable {
    case queue(StoreAdminError)
    case family(FamilyError)
}

/// What update asks the runtime to do with the engine. Each is carried out by a function that
/// returns its answer as actions, which go back to `update` (bubbletea's Cmd → Msg).
public enum Effect: Equatable, Sendable {
    /// `promotionalOffer`: the promotional offer the app's server signed for this purchase;
    /// `billingPlanType`: the sheet's plan choice (MONTHLY), nil the price at once.
    case buy(productID: String, quantity: Int, promotionalOffer: String? = nil, billingPlanType: String? = nil)
    /// The user double-clicked the side button (hold on): the waiting purchase or restore goes on.
    case confirmWithSideButton
    /// The user dismissed the sheet waiting for the side button: cancelled.
    case cancelSideButtonConfirmation
    /// Cancel on the purchase sheet: StoreKit reports it as a failed, cancelled payment.
    case cancelPurchase(productID: String, quantity: Int)
    case resolve(transactionID: String)
    case restore
    case approve(transactionID: String)
    case decline(transactionID: String)
    /// The settings panel (or the Sign In prompt) changed `shown` into the first: only that
    /// change is applied, onto what the store holds then, so a `set` from another terminal is
    /// never undone.
    case saveSettings(Settings, changedFrom: Settings)
    /// The user asked for the products again (R): a failure is said out loud.
    case loadProducts
    /// The storefront or locale changed: the app asks for its products again, as an app
    /// relaunched in another language does.
    case reloadProducts
    case deleteAppData
    case spendCredit
    /// Consumes units the app delivered (`SampleApp.consume(_:quantity:)`).
    case consume(ConsumeTarget, quantity: Int?)
    /// A line for the log, stamped with the store's time as it runs.
    case note(String)
    /// A store-side action on a subscription the user took here (Manage Subscriptions' Cancel
    /// Subscription and Resubscribe, the Billing Problem sheet's Continue, the price-increase
    /// sheet's Agree), carried out as every store-side operation is (`StorefrontRuntime.perform(_:)`).
    case perform(StoreAdmin.Operation)
    /// Read a page of every account's transactions; it comes back as `Action.transactionsLoaded`.
    case loadTransactions(TransactionQuery)
    /// Read the full log's page; it comes back as `Action.logLoaded`.
    case loadLog
    /// The refund request sheet's Submit: the store takes the request (`StoreAdmin.requestRefund`)
    /// and it comes back as `Action.refundRequestSent` or `refundRequestRefused`.
    case requestRefund(Transaction, reason: RefundRequestReason)
    /// Read (or sign) the transaction's signed form and write it to a file; it comes back as
    /// `Action.signedFormShown`.
    case showSignedForm(Transaction)
}

extension Effect {
    /// Whether carrying it out can change the store or what the app holds: then the store's
    /// events are read and the snapshot made again. A note or a page read cannot.
    var changesEngine: Bool {
        switch self {
        case .note, .loadLog, .loadTransactions, .showSignedForm: false
        default: true
        }
    }
}
