import Foundation
import SampleApp
import AppStoreCore

/// The storefront's one state transition: pure, so every flow is testable without a
/// terminal or a store. Effects are the engine calls the runtime makes afterwards.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
    // What the runtime reported (a failure, the store's events) is decided here into what the
    // storefront tells, each part as if it had come alone.
    if let parts = state.parts(of: action) { return parts.flatMap { update(&state, $0) } }
    let effects = reduce(&state, action)
    // A message from the App Store, then a purchase its product page started, wait for the
    // store screen to be in front.
    state.presentPendingMessage()
    return effects + state.continuePromotedPurchase()
}

private func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .key(.resize(let width, let height)):
        // Narrower, the log's messages wrap onto more rows; wider, onto fewer.
        state.keepingLogEnd {
            $0.width = width
            $0.height = height
        }
        state.keepSelectionVisible()
        state.followApprovalsSelection()
        state.keepTransactionsSelectionVisible()
        return []
    case .key(let key):
        return state.handle(key)
    case .tick(let now):
        state.forgetProblemsNotMet()
        return reduce(&state, .stepDone(at: now))
    case .stepDone(let now):
        state.now = now
        if state.isBusy { state.spinner += 1 }
        if let banner = state.banner, banner.expires <= now { state.banner = nil }
        // A page that could not be read is asked for again (its version was forgotten).
        if case .log = state.mode, state.logPage.version == nil { return [.loadLog] }
        return state.reloadTransactionsIfChanged()
    case .storeChanged(var snapshot):
        let products: [Effect] = AppState.asksForProductsAgain(from: state.snapshot.settings, to: snapshot.settings) ? [.reloadProducts] : []
        // The products are the state's own (`productsAnswered`): a snapshot made before an
        // answer was taken must not bring back what it replaced.
        snapshot.keepProducts(of: state.snapshot)
        state.followMessages(from: state.snapshot.subscriptions, to: snapshot.subscriptions)
        state.keepingLogEnd { $0.replaceSnapshot(snapshot) }
        state.answerSheetForOwnedProduct()
        // What is shown of the store's history is read again when the store changed.
        if case .log = state.mode, state.logPage.version != snapshot.storeVersion { return products + [.loadLog] }
        return products + state.reloadTransactionsIfChanged()
    case .event(let event, let date):
        state.record(event, at: date)
        // Before following it: whether the sheet or a restore was waiting for it decides.
        state.announce(event, at: date)
        return state.follow(event)
    case .noted(let text, let date):
        state.log.append(LogLine(date: date, text: text, tint: .muted))
        return []
    case .requestLapsed(let t):
        // Dimmed as the store's own lines are, at the moment it lapsed.
        let text = state.strings.log.requestLapsed(t.id, t.item(named: t.productID))
        state.log.append(LogLine(date: t.lapseDate ?? state.now, text: text, tint: .muted))
        return []
    case .storeEvent(let event, let fromElsewhere, let date):
        state.keepingLogEnd { $0.tell(event, fromElsewhere: fromElsewhere, at: date) }
        return []
    case .outsidePurchaseRefused(let productID, let problem, let date):
        state.refuseOutsidePurchase(productID, problem, at: date)
        return []
    case .offerCodeRefused(let problem):
        state.mode = .alert(Alert(kind: .failure, title: state.strings.alerts.redeemCodeFailed,
                                  message: OfferCodeRefusal.text(problem.error, state.strings)))
        return []
    case .storeEvents, .failed:
        // Told as their parts (`AppState.parts(of:)`).
        return []
    case .purchaseStarted(let transaction):
        return state.follow(transaction)
    case .presentPromotionalOffer(let productID, let offerID):
        state.presentPromotionalOffer(offerID, of: productID)
        return []
    case .productsRequested(let retrying):
        state.productsRequested(retrying: retrying)
        return []
    case .productsAnswered(let answer):
        state.takeProducts(answer)
        return []
    case .dataFileProblem(let problem):
        // A purchase in flight keeps its sheet: the outcome still comes, and the log has the line.
        if case .sheet(let sheet) = state.mode, case .purchasing = sheet.stage { return [] }
        let words = state.strings.alerts
        // A request answered elsewhere is no fault of the files.
        let title = problem.error is StoreAdminError ? words.cannotAnswerTitle : words.cannotUseFilesTitle
        state.mode = .alert(Alert(kind: .failure, title: title, message: ErrorText.of(problem.error, in: state.strings)))
        return []
    case .refused(let error):
        // Another storefront is no purchase: its refusal says what could not be changed.
        let words = state.strings.alerts
        let title = error == .activeSubscriptionInStorefront ? words.cannotChangeStorefrontTitle : words.cannotCompleteTitle
        state.mode = .alert(state.failure(title, error))
        return []
    case .cancelRefused:
        // A payment the app would refuse is no news to a user who cancelled.
        return []
    case .restoreRefused(let error, let date):
        // A failed restore, not a refused purchase: the restore's own outcome says so.
        return reduce(&state, .event(.restoreFailed(error), at: date))
    case .logLoaded(let page):
        state.keepingLogEnd { $0.logPage = page }
        return []
    case .logUnreadable:
        state.logPage.version = nil
        return []
    case .transactionsUnreadable(let query):
        state.transactionsUnreadable(query)
        return []
    case .transactionsLoaded(let query, let page):
        state.takeTransactions(page, for: query)
        return []
    case .signedFormShown(let summary):
        state.showSignedForm(summary)
        return []
    case .refundRequestSent(let t):
        state.refundRequestSent(t)
        return []
    case .refundRequestRefused(let refusal):
        state.refundRequestRefused(refusal)
        return []
    }
}

extension AppState {
    /// The actions a report from the runtime stands for; nil for any other action.
    mutating func parts(of action: Action) -> [Action]? {
        switch action {
        case .failed(let problem, let whileUserActing, let date):
            parts(ofFailure: problem, whileUserActing: whileUserActing, at: date)
        case .storeEvents(let events, let account, let fromElsewhere, let date):
            parts(ofEvents: events, signedIn: account, fromElsewhere: fromElsewhere, at: date)
        default:
            nil
        }
    }
}

extension AppState {
    mutating func handle(_ key: Key) -> [Effect] {
        if key == .char("q"), case .store = mode {
            quitting = true
            return []
        }
        // Too small only pauses: whatever is open waits, and time still passes (a purchase in
        // flight completes). q from the store screen, above, is the one key that still works.
        if Layout(width: width, height: height).isTooSmall { return [] }
        if case .scrollUp = key { return turnWheel(up: true) }
        if case .scrollDown = key { return turnWheel(up: false) }
        switch mode {
        case .store: return handleStore(key)
        case .sheet(let sheet): return handleSheet(sheet, key)
        case .refundRequest(let sheet): return handleRefundRequest(sheet, key)
        case .alert(let alert): return handleAlert(alert, key)
        case .content(let viewer): return handleContent(viewer, key)
        case .settings(let panel): return handleSettings(panel, key)
        case .approvals(let panel): return handleApprovals(panel, key)
        case .unconsumed(let panel): return handleUnconsumed(panel, key)
        case .subscriptions(let panel): return handleManageSubscriptions(panel, key)
        case .transactions(let panel): return handleTransactionManager(panel, key)
        case .redeemCode(let sheet): return handleRedeemCode(sheet, key)
        case .log(let scroll): return handleLog(scroll, key)
        case .help(let scroll): return handleHelp(scroll, key)
        case .restoring:
            return snapshot.awaitingSideButton == .restore ? handleSideButton(key) : []
        }
    }

    /// The mouse wheel scrolls what is in front: it moves a list's selection, which scrolls the
    /// list (store, settings, approvals), or scrolls the full log; over a dialog it does nothing.
    private mutating func turnWheel(up: Bool) -> [Effect] {
        switch mode {
        case .store, .settings, .approvals, .unconsumed, .subscriptions, .transactions: return handle(up ? .up : .down)
        case .log(let scroll):
            let moved = scroll + (up ? -Self.wheelRows : Self.wheelRows)
            mode = .log(scroll: max(0, min(logMaxScroll, moved)))
            return []
        case .help: return handle(up ? .up : .down)
        case .sheet, .refundRequest, .alert, .content, .restoring, .redeemCode: return []
        }
    }

    /// The full log's rows per wheel notch, as terminals scroll their own history.
    static let wheelRows = 3

    /// A button row's focus moved by Tab, arrows or vim keys; nil when the key is not a move.
    /// Arrows stop at the first and last button, as in iOS and macOS alerts; Tab goes round,
    /// as keyboard focus does in a macOS dialog.
    static func movedFocus(_ focus: Int, count: Int, _ key: Key) -> Int? {
        guard count > 0 else { return nil }
        switch key {
        case .tab: return (focus + 1) % count
        case .backTab: return (focus + count - 1) % count
        case .right, .char("l"): return min(count - 1, focus + 1)
        case .left, .char("h"): return max(0, focus - 1)
        default: return nil
        }
    }
}

extension AppState {
    /// Whether a change of conditions makes the app ask for its products again: a new
    /// storefront has other prices, a new locale other localizations (as an app relaunched in
    /// another language asks again). The network going down asks for nothing: the app keeps
    /// the products it has, and only what it asks for next fails. Products that could not be
    /// loaded stay "Network down?" until the user retries (R), network back on or not.
    static func asksForProductsAgain(from old: Settings, to new: Settings) -> Bool {
        old.storefront != new.storefront || old.locale != new.locale
    }
}
