import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    mutating func handleSheet(_ sheet: PurchaseSheet, _ key: Key) -> [Effect] {
        var sheet = sheet
        if case .purchasing(let id) = sheet.stage {
            return snapshot.awaitingSideButton == .purchase(transactionID: id) ? handleSideButton(key) : []
        }
        if sheet.stage == .confirm {
            let maximum = product(in: sheet)?.maximumQuantity ?? 1
            var key = key
            // A click on the stepper's [−] or [+] is that key.
            if case .click(let x, let y) = key, maximum > 1, let dialog = DialogModel(self) {
                let layout = Layout(width: width, height: height)
                if dialog.isClick(on: "[−]", x: x, y: y, layout: layout) { key = .char("-") }
                if dialog.isClick(on: "[+]", x: x, y: y, layout: layout) { key = .char("+") }
            }
            // A subscription sold monthly too: ↑↓ choose how to pay (no quantity to step).
            if maximum == 1, monthlyPlan(in: sheet) != nil, [.up, .down, .char("k"), .char("j")].contains(key) {
                sheet.billingPlanType = sheet.billingPlanType == nil ? BillingPlan.monthly : nil
                mode = .sheet(sheet)
                return []
            }
            switch key {
            case .char("+"), .char("="), .up, .char("k"):
                sheet.quantity = min(maximum, sheet.quantity + 1)
                mode = .sheet(sheet)
                return []
            case .char("-"), .char("_"), .down, .char("j"):
                sheet.quantity = max(1, sheet.quantity - 1)
                mode = .sheet(sheet)
                return []
            default: break
            }
        }
        // Tab / arrows move the focus, Enter presses it, Esc is Cancel, a click presses its button.
        if let moved = Self.movedFocus(sheet.focus, count: 2, key) {
            sheet.focus = moved
            mode = .sheet(sheet)
            return []
        }
        switch key {
        case .enter, .char(" "): return pressSheet(sheet, button: sheet.focus)
        case .escape, .char("q"): return pressSheet(sheet, button: 0)
        case .click(let x, let y): return clickedButton(x: x, y: y).map { pressSheet(sheet, button: $0) } ?? []
        default: return []
        }
    }

    /// Hold on: Enter stands for the side button's double-click, Esc dismisses the sheet.
    func handleSideButton(_ key: Key) -> [Effect] {
        switch key {
        case .enter, .char(" "): [.confirmWithSideButton]
        case .escape, .char("q"): [.cancelSideButtonConfirmation]
        default: []
        }
    }

    /// The sheet's product: as the store has it now, or as it was when the sheet opened.
    func product(in sheet: PurchaseSheet) -> Product? {
        snapshot.product(sheet.productID) ?? sheet.product
    }

    /// Cancel (0) or Buy (1); on an interruption, Not Now (0) or Agree (1). With Ask to Buy
    /// on, the sheet's Ask first asks the question iOS asks: Cancel (0) or Ask (1).
    private mutating func pressSheet(_ sheet: PurchaseSheet, button: Int) -> [Effect] {
        if case .interrupted(let id) = sheet.stage {
            if button == 1 { return [.resolve(transactionID: id)] }
            mode = .store
            return []
        }
        guard button == 1 else {
            mode = .store
            // The sheet closes either way. Restricted since it opened, there is no payment to
            // cancel, and a request already waiting is not asked again.
            guard !isRestricted, waitingRequest(for: sheet.productID) == nil else { return [] }
            return [.cancelPurchase(productID: sheet.productID, quantity: sheet.quantity)]
        }
        if sheet.stage == .confirm, snapshot.settings.askToBuy {
            var question = sheet
            question.stage = .askPermission
            question.focus = 1
            mode = .sheet(question)
            return []
        }
        return [.buy(productID: sheet.productID, quantity: sheet.quantity, promotionalOffer: sheet.promotionalOfferID,
                     billingPlanType: sheet.billingPlanType)]
    }

    /// The monthly plan with a commitment the sheet's subscription sells, when buying it starts
    /// a subscription (a plan change keeps to the price at once; a promotional offer is bought
    /// at its own terms, as a monthly plan takes no offer).
    func monthlyPlan(in sheet: PurchaseSheet) -> BillingPlan? {
        guard sheet.promotionalOfferID == nil, let product = product(in: sheet), product.type == .autoRenewable,
              PlanChangeTerms(product, state: self) == nil else { return nil }
        return catalog.product(sheet.productID)?.subscription?.billingPlan(BillingPlan.monthly)
    }

    /// The button of the dialog on screen under a click, if any.
    func clickedButton(x: Int, y: Int) -> Int? {
        guard let dialog = DialogModel(self) else { return nil }
        let box = dialog.box(in: Layout(width: width, height: height))
        return Layout.buttons(dialog.buttons, in: box).firstIndex { $0.contains(x: x, y: y) }
    }

    // MARK: Following the purchase

    /// The transaction a Buy created: the sheet follows it until an outcome.
    mutating func follow(_ transaction: Transaction) -> [Effect] {
        guard case .sheet(var sheet) = mode, sheet.productID == transaction.productID else { return [] }
        if transaction.queueState.state == .purchasing {
            sheet.stage = .purchasing(transactionID: transaction.id)
            mode = .sheet(sheet)
        } else {
            present(outcome: transaction)
        }
        return []
    }

    /// A transaction update from the queue: the outcome of the sheet's purchase, a restore,
    /// or something that happened elsewhere (an approval from another terminal).
    mutating func follow(_ event: AppEvent) -> [Effect] {
        switch event {
        case .updated(let t, _, _):
            switch mode {
            case .sheet(let sheet):
                switch sheet.stage {
                case .purchasing(let id) where sheet.follows(id, t) && t.queueState.state != .purchasing:
                    present(outcome: t)
                case .interrupted(let id) where t.originalID == id:
                    present(outcome: t)
                default: break
                }
            case .restoring(let restored) where t.queueState.state == .restored && !restored.contains(t.productID):
                // One restored transaction per purchase and renewal: each product named once.
                mode = .restoring(restored + [t.productID])
            default: break
            }
        case .planChanged(let change):
            guard case .sheet(let sheet) = mode, case .purchasing(let id) = sheet.stage, id == change.requestID else { break }
            present(change)
        case .restoreFinished:
            guard case .restoring(let restored) = mode else { break }
            mode = .alert(restoreSummary(restored))
        case .notDelivered(let t, let error) where error.isVerificationError:
            // Confirmed by the store, but its signed form did not verify: nothing delivered.
            let message = strings.alerts.notVerified(title(of: t.productID, quantity: t.purchasedQuantity), strings.errors.description(error))
            mode = .alert(failure(strings.alerts.cannotCompleteTitle, error, message: message))
        case .notDelivered(_, let error):
            // The app's own refusal, after the store's confirmation: what it could not keep.
            mode = .alert(failure(strings.alerts.cannotCompleteTitle, error))
        case .restoreFailed(let error) where error == .notSignedIn:
            mode = .alert(signInAlert(then: nil))
        case .restoreFailed(let error) where error.isCancellation:
            // Dismissed while waiting for the side button: silent, as a cancelled purchase is.
            if case .restoring = mode { mode = .store }
        case .restoreFailed(let error):
            mode = .alert(failure(strings.alerts.cannotRestoreTitle, error))
        default: break
        }
        return []
    }

    mutating func present(outcome t: Transaction) {
        let words = strings.alerts
        switch t.queueState.state {
        case .purchased, .restored:
            // The system's own confirmation; what the app delivered is the small print.
            let lead = t.reason == .redownload ? words.downloadedAgain : words.purchaseSuccessful
            mode = .alert(Alert(kind: .success, title: words.allSet, message: lead, detail: purchaseSummary(t)))
        case .deferred:
            mode = .alert(Alert(kind: .askToBuy, title: words.requestSentTitle,
                                message: words.requestSentMessage(t.item(named: title(of: t.productID))),
                                detail: commandLine.command("approve \(t.id)")))
        case .failed where t.queueState.phase == .interrupted:
            var sheet = PurchaseSheet(productID: t.productID, product: snapshot.product(t.productID))
            sheet.quantity = t.purchasedQuantity
            sheet.stage = .interrupted(transactionID: t.id)
            mode = .sheet(sheet)
        case .failed:
            guard let error = t.queueState.error, !error.isCancellation else {
                // StoreKit apps show nothing when the user cancelled.
                mode = .store
                return
            }
            let message = words.couldNotBuy(t.item(named: title(of: t.productID)), strings.errors.description(error))
            mode = .alert(failure(words.purchaseFailedTitle, error, message: message))
        case .purchasing:
            break
        }
    }

    /// The store's answer to the sheet's plan change: a plan for the next renewal (a downgrade),
    /// the App Store saying when it starts; or the plan one has bought back while a change to
    /// another waited, the change called off. Nothing was bought.
    mutating func present(_ change: ScheduledPlanChange) {
        let words = strings.alerts
        mode = change.callsOff
            ? .alert(Alert(kind: .info, title: words.planKeptTitle, message: words.planKeptMessage(title(of: change.productID), localDate(change.date))))
            : .alert(Alert(kind: .info, title: words.changeWaitsTitle, message: words.changeWaitsMessage(title(of: change.productID), localDate(change.date))))
    }

    public func title(of productID: String) -> String {
        snapshot.product(productID)?.localizedTitle ?? catalog.product(productID)?.localization(for: locale).title ?? productID
    }

    /// The product's title with the quantity when above 1, as every message names it.
    func title(of productID: String, quantity: Int) -> String {
        Transaction.item(named: title(of: productID), quantity: quantity)
    }

    private func purchaseSummary(_ t: Transaction) -> String? {
        guard let product = catalog.product(t.productID) else { return nil }
        let words = strings.alerts
        switch product.type {
        case .nonConsumable:
            let count = appDescription.unlocksPremium(product.id) ? appDescription.content.premium?.items.count ?? 0 : 0
            return count > 0 ? words.premiumUnlocked(count) : words.itemUnlocked(title(of: product.id))
        case .consumable:
            guard let perUnit = appDescription.creditsPerUnit(of: product.id) else {
                return words.unitsOwned(t.item(named: title(of: product.id)), snapshot.balances[product.id] ?? t.purchasedQuantity)
            }
            return words.creditsAdded(t.item(named: title(of: product.id)), perUnit.multipliedSaturating(by: t.purchasedQuantity))
        case .autoRenewable, .nonRenewing:
            return words.subscriptionActive(t.isTrialPeriod == true, title(of: product.id))
        }
    }

    private func restoreSummary(_ restored: [String]) -> Alert {
        let words = strings.alerts
        let notRestored = notRestoredByTheStore
        let unsaid = notRestored.isEmpty ? "" : "\n\n\(words.notRestored)\n" + notRestored.map { "• \(title(of: $0))" }.joined(separator: "\n")
        guard !restored.isEmpty else {
            return Alert(kind: .info, title: words.nothingToRestoreTitle,
                         message: words.nothingRestorable(notRestored.isEmpty) + unsaid)
        }
        let names = restored.map { "• \(title(of: $0))" }.joined(separator: "\n")
        return Alert(kind: .success, title: words.restoredTitle, message: "\(words.restored)\n\(names)\(unsaid)")
    }

    /// What the account bought, or the app holds, that a restore never brings back:
    /// consumables and non-renewing subscriptions, in catalog order.
    private var notRestoredByTheStore: [String] {
        catalog.notRestoredByTheStore(bought: snapshot.purchasedProducts, held: Set(snapshot.subscriptionExpiries.keys))
    }

    // MARK: The log

    /// A line in the live log, stamped with when it happened in store time: a transaction's
    /// update with the transaction's own date, as the full log shows it (a renewal at its
    /// renewal date, however late the app hears of it); what the app did with `date`, when it
    /// did it (`now` is only as fresh as the last tick, and the loop does not tick while idle).
    mutating func record(_ event: AppEvent, at date: Date) {
        let tint: Tint? = switch event {
        case .updated(let t, _, _): t.queueState.state.tint
        case .delivered: .success
        case .restoreFailed, .subscriptionStatusFailed, .problem, .notDelivered, .revoked, .deleted, .corrected,
             .appTransactionFailed: .danger
        case .finished, .alreadyDelivered, .revokedBeforeDelivery, .restoreFinished, .consumed: .muted
        case .planChanged: .accent
        case .promoted: .accent
        }
        let strings = strings
        let text = event.text(app: appDescription, times: times, strings: strings, errors: { ErrorText.of($0, in: strings) })
        let happened = if case .updated(let t, _, _) = event { t.queueState.transactionDate } else { date }
        log.append(LogLine(date: happened, text: text, tint: tint))
        if log.count > 500 { log.removeFirst(log.count - 500) }
    }
}
