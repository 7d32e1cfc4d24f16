import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    mutating func handleStore(_ key: Key) -> [Effect] {
        let layout = Layout(width: width, height: height)
        switch key {
        case .up, .char("k"): moveSelection(by: -1)
        case .down, .char("j"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -max(1, layout.list.height - 1))
        case .pageDown: moveSelection(by: max(1, layout.list.height - 1))
        case .home, .char("g"): selectEdge(first: true)
        case .end, .char("G"): selectEdge(first: false)
        case .enter, .char(" "): return open(selectedRow)
        case .char("s"): mode = .settings(SettingsPanel())
        case .char("a"):
            mode = .approvals(ApprovalsPanel())
            followApprovalsSelection()
        // Opens on the newest transactions, at the bottom, as a log reads.
        case .char("l"):
            mode = .log(scroll: logMaxScroll)
            logSelection = LogSelection()
            return [.loadLog]
        case .char("m"): openManageSubscriptions(manageSubscriptionsGroup)
        case .char("u"): mode = .unconsumed(UnconsumedPanel())
        case .char("t"): return openTransactionManager()
        case .char("o"): openRedeemCode()
        case .char("p"): return openRefundRequest()
        case .char("?"): mode = .help(scroll: 0)
        case .char("r"):
            // Signed out, the system asks to sign in first: the restore waits for the answer.
            if snapshot.settings.account == nil {
                mode = .alert(signInAlert(then: nil))
                return []
            }
            mode = .restoring([])
            return [.restore]
        case .char("R"): return [.loadProducts]
        case .char("D"):
            let words = strings.alerts
            mode = .alert(Alert(kind: .confirmDelete, title: words.deleteTitle, message: words.deleteMessage,
                                buttons: [words.cancel, words.delete], focus: 0))
        case .click(let x, let y):
            guard let index = layout.rowIndex(atY: y, scroll: scroll), layout.list.contains(x: x, y: y),
                  rows.indices.contains(index), rows[index].isSelectable else { return [] }
            if index == selection { return open(selectedRow) }
            selection = index
        default: break
        }
        return []
    }

    /// Enter on a row: read it, or start buying it.
    mutating func open(_ row: StoreRow?) -> [Effect] {
        switch row {
        case .content(let item, _):
            mode = .content(ContentViewer(subject: .item(item)))
        case .premiumOffer(let productID):
            return startPurchase(productID)
        case .promotionalOffer(let productID, let offerID):
            presentPromotionalOffer(offerID, of: productID)
        case .product(let id):
            // The plan subscribed to, not ended: Manage Subscriptions, where it changes and cancels.
            // (Unless the app's data was deleted: buying it is refused, and Restore brings it back.)
            if subscriptionActiveAtStoreOnly(id) == nil, let plan = PlanStatus(id, state: self), plan.kind == .current,
               plan.status.isLive {
                openManageSubscriptions(plan.status.groupID)
                return []
            }
            if catalog.product(id)?.type == .nonRenewing,
               snapshot.isSubscribed(id, now: now) {
                var viewer = ContentViewer(subject: .subscription(id))
                // Close first: buying a pass again is a choice, not what Enter does by default.
                viewer.focus = 0
                mode = .content(viewer)
                return []
            }
            return startPurchase(id)
        case .credits:
            mode = .content(ContentViewer(subject: .credits))
        case .invalid(let id):
            mode = .alert(Alert(kind: .info, title: strings.alerts.invalidTitle, message: strings.alerts.invalidMessage(id)))
        case .section, nil:
            break
        }
        return []
    }

    /// The checks a StoreKit app makes before showing the purchase sheet.
    mutating func startPurchase(_ productID: String) -> [Effect] {
        // Bought once already and waiting for an answer: buying again would only merge into it.
        if let waiting = waitingRequest(for: productID) {
            showWaiting(waiting)
            return []
        }
        if isRestricted {
            mode = .alert(restrictedAlert)
            return []
        }
        if snapshot.productsError != nil {
            return [.loadProducts]
        }
        guard snapshot.product(productID) != nil else { return [] }
        if snapshot.settings.account == nil {
            mode = .alert(signInAlert(then: productID))
            return []
        }
        return presentSheet(productID)
    }

    /// The sheet, once signed in; or, for what the store already has, the App Store's answer:
    /// a non-consumable can be downloaded again for free, an active subscription is refused.
    /// With dialogs off, no sheet: one is bought at once, and the log tells how it went.
    mutating func presentSheet(_ productID: String) -> [Effect] {
        let type = catalog.product(productID)?.type
        // A subscription plan: the store's own answer (buying back the plan one has while a
        // change to another waits calls the change off, so it is no refusal).
        if type == .autoRenewable ? snapshot.refusedPurchases.contains(productID) : snapshot.storeOwns(productID, now: now) {
            let words = strings.alerts
            if let group = catalog.product(productID)?.subscriptionGroupID, let status = snapshot.subscription(inGroup: group),
               status.productID != productID {
                mode = .alert(Alert(kind: .info, title: words.changeWaitsTitle,
                                    message: words.changeWaitsMessage(title(of: productID), localDate(status.expiresDate))))
            } else if type == .nonConsumable {
                mode = .alert(Alert(kind: .alreadyPurchased(productID: productID), title: words.alreadyPurchasedTitle,
                                    message: words.getAgain, buttons: [words.cancel, words.get]))
            } else {
                mode = .alert(Alert(kind: .info, title: words.subscribedTitle, message: words.subscribedMessage(title(of: productID))))
            }
            return []
        }
        mode = followingPurchase(of: productID)
        return snapshot.settings.dialogs ? [] : [.buy(productID: productID, quantity: 1)]
    }

    /// What shows while `productID` is bought: its sheet, or with dialogs off the store itself.
    func followingPurchase(of productID: String) -> Mode {
        snapshot.settings.dialogs ? .sheet(PurchaseSheet(productID: productID, product: snapshot.product(productID))) : .store
    }

    /// A sheet still waiting for Buy on what the store now says this account owns (just
    /// signed in with the account that bought it, or bought elsewhere meanwhile) gives way
    /// to the App Store's answer for it.
    mutating func answerSheetForOwnedProduct() {
        guard case .sheet(let sheet) = mode, sheet.stage == .confirm, snapshot.storeOwns(sheet.productID, now: now) else { return }
        _ = presentSheet(sheet.productID)
    }

    /// Enter on a product whose request waits: what it waits for, instead of Buy. An
    /// interruption opens where the user resolves it.
    mutating func showWaiting(_ t: Transaction) {
        guard t.queueState.state == .deferred else {
            present(outcome: t)
            return
        }
        mode = .alert(Alert(kind: .info, title: strings.alerts.waitingTitle, message: strings.alerts.waitingMessage(title(of: t.productID)),
                            detail: commandLine.command("approve \(t.id)")))
    }

    /// The seed's canMakePayments alert.
    var restrictedAlert: Alert {
        Alert(kind: .failure, title: strings.alerts.restrictedTitle, message: strings.alerts.restrictedMessage,
              detail: "SKPaymentQueue.canMakePayments() == false")
    }

    // MARK: Selection

    mutating func moveSelection(by delta: Int) {
        let rows = rows
        var index = selection
        let step = delta > 0 ? 1 : -1
        var remaining = abs(delta)
        while remaining > 0 {
            var next = index + step
            while rows.indices.contains(next), !rows[next].isSelectable { next += step }
            guard rows.indices.contains(next) else { break }
            index = next
            remaining -= 1
        }
        selection = index
        keepSelectionVisible()
    }

    mutating func selectEdge(first: Bool) {
        let rows = rows
        let candidates = rows.indices.filter { rows[$0].isSelectable }
        selection = (first ? candidates.first : candidates.last) ?? 0
        if first { scroll = 0 }
        keepSelectionVisible()
    }

    /// New store data. The rows can change (premium unlocked or deleted with the app): the
    /// selection stays on the item it was on, or on what took its place.
    mutating func replaceSnapshot(_ new: StoreSnapshot) {
        let before = rows.indices.contains(selection) ? rows[selection] : nil
        snapshot = new
        let after = rows
        if let before {
            if let same = after.firstIndex(of: before) {
                selection = same
            } else if case .premiumOffer = before,
                      let first = after.firstIndex(where: { if case .content(_, premium: true) = $0 { true } else { false } }) {
                selection = first
            } else if case .promotionalOffer(let productID, _) = before, let plan = after.firstIndex(of: .product(productID)) {
                // The offer taken (or no longer for this customer): its subscription's row.
                selection = plan
            } else if case .content(_, premium: true) = before,
                      let offer = after.firstIndex(where: { if case .premiumOffer = $0 { true } else { false } }) {
                selection = offer
            }
        }
        clampSelection()
        // A message in front reads the new snapshot too: a locale, a product's title, where the
        // subscription stands.
        refreshMessageInFront()
        followApprovalsSelection()
    }

    /// After rows change (premium unlocked, products loaded), keep the selection on a real row.
    mutating func clampSelection() {
        let rows = rows
        if !rows.indices.contains(selection) { selection = rows.count - 1 }
        if rows.indices.contains(selection), !rows[selection].isSelectable { moveSelection(by: 1) }
        keepSelectionVisible()
    }

    mutating func keepSelectionVisible() {
        let visible = max(1, Layout(width: width, height: height).list.height)
        if selection < scroll { scroll = selection }
        if selection >= scroll + visible { scroll = selection - visible + 1 }
        // A section title just above the selection stays in view with it.
        if scroll > 0, scroll == selection, !rows[scroll - 1].isSelectable { scroll -= 1 }
        scroll = max(0, min(scroll, max(0, rows.count - visible)))
    }
}
