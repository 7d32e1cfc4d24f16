import Foundation
import SampleApp
import AppStoreCore
import Wording

/// What is in front of the store screen. One at a time, like iOS's modal presentations.
public enum Mode: Equatable, Sendable {
    case store
    case sheet(PurchaseSheet)
    /// The App Store's refund request sheet (StoreKit's `beginRefundRequest(for:in:)`).
    case refundRequest(RefundRequestSheet)
    case alert(Alert)
    case content(ContentViewer)
    case settings(SettingsPanel)
    case approvals(ApprovalsPanel)
    /// The consumables delivered and not consumed yet (`u`).
    case unconsumed(UnconsumedPanel)
    /// Manage Subscriptions, as StoreKit's `showManageSubscriptions` shows it.
    case subscriptions(ManageSubscriptionsPanel)
    /// Xcode's Transaction Manager: every account's transactions and what the store can do to them.
    case transactions(TransactionManagerPanel)
    /// The App Store's offer code sheet (`presentCodeRedemptionSheet`).
    case redeemCode(OfferCodeSheet)
    /// The full transaction log, scrolled by screen rows: an error's message takes rows of its own.
    case log(scroll: Int)
    /// The keys, scrolled by rows when the terminal is too short for all of them.
    case help(scroll: Int)
    /// Restore in flight, with the products restored so far.
    case restoring([String])
}

/// The App Store's purchase sheet and what it shows as the purchase goes on.
public struct PurchaseSheet: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        /// Cancel / Buy, with the quantity stepper for consumables.
        case confirm
        /// Ask to Buy is on: "Ask Permission", Cancel / Ask, before the request goes out.
        case askPermission
        /// Bought, waiting for the store (spinner).
        case purchasing(transactionID: String)
        /// An interrupted purchase: the user must agree to something first.
        case interrupted(transactionID: String)
    }

    public var productID: String
    /// The product as it was when the sheet opened: the sheet stays whole if the products
    /// can no longer be loaded while it is open (the network went off).
    public var product: Product?
    public var quantity = 1
    /// The plan chosen on a yearly subscription sold monthly too (↑↓): MONTHLY, or nil for
    /// the price at once.
    public var billingPlanType: String?
    public var stage = Stage.confirm
    /// 0 = Cancel, 1 = Buy (or Ask, Not Now / Agree).
    public var focus = 1
    /// The promotional offer the app presented, bought at its terms.
    public var promotionalOfferID: String?

    public init(productID: String, product: Product? = nil, promotionalOfferID: String? = nil) {
        self.productID = productID
        self.product = product
        self.promotionalOfferID = promotionalOfferID
    }

    /// Whether `t` is the purchase waiting under `id`: itself, or the transaction a plan-change
    /// request became (an Ask to Buy request, an interruption, a purchase after all), numbered
    /// as the store answered.
    func follows(_ id: String, _ t: Transaction) -> Bool {
        t.id == id || id.hasPrefix(Transaction.planChangeRequestPrefix) && !t.isPlanChangeRequest && t.productID == productID
    }
}

/// A dialog with a title, a message and buttons.
public struct Alert: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case info
        case success
        case failure
        case askToBuy
        /// Signing in as the `chosen` one of `accounts`, then buying the product that asked for
        /// it (nil: restoring purchases).
        case signIn(productID: String?, accounts: [String], chosen: Int)
        case confirmDelete
        /// The store already has this non-consumable (the app's data was deleted): Get downloads
        /// it again at no charge.
        case alreadyPurchased(productID: String)
        /// A message from the App Store (Billing Problem, price increase): its last button
        /// acts (updates the payment method, agrees), the other dismisses it.
        case message(StoreMessage)
    }

    public var kind: Kind
    public var title: String
    public var message: String
    /// Shown small under the message: the StoreKit domain and code, or what the app delivered.
    public var detail: String?
    public var buttons: [String]
    public var focus: Int

    /// `buttons`: OK alone unless said (a word both languages share).
    public init(kind: Kind, title: String, message: String, detail: String? = nil,
                buttons: [String] = [Strings.english.alerts.ok], focus: Int? = nil) {
        self.kind = kind
        self.title = title
        self.message = message
        self.detail = detail
        self.buttons = buttons
        self.focus = focus ?? buttons.count - 1
    }

    /// Asks a signed-out user to sign in as one of `accounts` (never empty; the first is
    /// chosen, ↑↓ choose another), then buys `productID` (nil: restores purchases).
    static func signIn(then productID: String?, accounts: [String], strings: Strings) -> Alert {
        let words = strings.alerts
        let need = productID == nil ? words.restoreNeedsAccount : words.purchaseNeedsAccount
        let message = accounts.count == 1 ? words.signInAs(need, accounts[0]) : words.signInAsOneOf(need)
        return Alert(kind: .signIn(productID: productID, accounts: accounts, chosen: 0), title: words.signInTitle,
                     message: message, buttons: [words.cancel, words.signIn])
    }
}

/// Reading a free or owned item, the credit balance, or a subscription's status.
public struct ContentViewer: Equatable, Sendable {
    public enum Subject: Equatable, Sendable {
        case item(ContentItem)
        case credits
        case subscription(String)
    }

    public var subject: Subject
    /// Credits: 0 = Close, 1 = Spend one (the default: the detail pane says Enter spends one);
    /// a non-renewing subscription: 0 = Close, 1 = Buy Again. With one button (no credits)
    /// there is only Close, and the view and update treat any focus as it.
    public var focus = 1

    public init(subject: Subject) {
        self.subject = subject
    }

    /// The viewer's buttons: the credits viewer has Spend 1 while there is a credit to spend;
    /// an active non-renewing subscription can be bought again to extend it.
    public func buttons(credits: Int, catalog: Catalog, strings: Strings) -> [String] {
        let words = strings.alerts
        switch subject {
        case .credits where credits > 0: return [words.close, words.spendOne]
        case .subscription(let id) where catalog.product(id)?.type == .nonRenewing: return [words.close, words.buyAgain]
        default: return [words.close]
        }
    }
}

/// The restrictions panel: every store condition as a live toggle.
public struct SettingsPanel: Equatable, Sendable {
    public var selection = 0
    /// The list of StoreKit APIs, opened from the StoreKit errors row: the API selected
    /// (its index in `StoreAPI.allCases`).
    public var api: Int?
    /// Choosing the selected API's error from its list.
    public var choosingError: Int?

    public init() {}
}

/// Ask to Buy requests and interrupted purchases waiting for someone.
public struct ApprovalsPanel: Equatable, Sendable {
    public var selection = 0
    /// The selected request's transaction: the selection stays on it when requests before it
    /// are answered (perhaps from another terminal).
    public var selectedID: String?
    /// 0 = Approve (or Resolve), 1 = Decline.
    public var focus = 0
    /// The first request shown, when there are more than the panel has room for.
    public var scroll = 0

    public init() {}
}

/// Manage Subscriptions: one group's plans, the current one marked, and Cancel Subscription
/// (or Resubscribe) under them.
public struct ManageSubscriptionsPanel: Equatable, Sendable {
    /// The group shown; nil when the app has no subscription group.
    public var groupID: String?
    /// Index into the panel's rows: the group's plans, then its action.
    public var selection = 0
    /// Cancel Subscription's confirmation is open, with its focus: 0 = Not Now, 1 = Confirm.
    public var confirming: Int?

    public init(groupID: String?) {
        self.groupID = groupID
    }
}
