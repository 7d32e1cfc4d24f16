import Foundation
import SampleApp
import AppStoreCore

/// What the selected row is: the product as the store sells it, or the content.
enum DetailPane {
    static func draw(_ state: AppState, rect: Rect, into canvas: inout some Canvas) {
        guard rect.width > 10 else { return }
        for y in rect.y..<rect.maxY { canvas.put("│", x: rect.x - 2, y: y, style: .dim) }
        var lines: [DialogModel.Line] = []
        let words = state.strings.store
        switch state.selectedRow {
        case .content(let item, let premium):
            let text = item.text(in: state.language)
            lines = [.init(text: text.title, style: .bold), .init(text: premium ? words.premiumContent : words.freeContent, style: .dim),
                     .init(text: ""), .init(text: text.body), .init(text: ""), .init(text: words.enterToRead, style: .dim)]
        case .premiumOffer(let id):
            lines = productLines(id, state: state)
            lines += [.init(text: ""), .init(text: words.unlocks, style: .bold)]
            lines += (state.appDescription.content.premium?.items ?? []).map {
                .init(text: "  \($0.text(in: state.locale).title)", style: .tint(.premium))
            }
        case .product(let id):
            lines = productLines(id, state: state)
        case .promotionalOffer(let id, let offerID):
            lines = offerLines(offerID, of: id, state: state)
        case .credits:
            lines = [.init(text: words.creditBalance(state.snapshot.credits), style: .tint(.accent, bold: true)), .init(text: ""),
                     .init(text: words.creditsStored(state.snapshot.credits > 0), style: .dim)]
        case .invalid(let id):
            lines = [.init(text: id, style: .bold), .init(text: ""), .init(text: words.invalidDetail)]
        case .section, nil:
            break
        }
        var y = rect.y
        for line in lines {
            for part in TextWrap.lines(line.text, width: rect.width) {
                guard y < rect.maxY else { return }
                canvas.put(part, x: rect.x, y: y, width: rect.width, style: line.style)
                y += 1
            }
        }
    }

    /// A promotional offer the app presents: its subscription, and the terms buying it starts with.
    static func offerLines(_ offerID: String, of id: String, state: AppState) -> [DialogModel.Line] {
        var lines: [DialogModel.Line] = [.init(text: state.strings.store.specialOffer, style: .tint(.premium, bold: true)),
                                         .init(text: state.title(of: id), style: .bold), .init(text: "")]
        guard let product = state.snapshot.product(id) else { return lines }
        let offer = product.promotionalOffers.first { $0.id == offerID }
        lines += SubscriptionTerms(product, state: state, promotionalOffer: offer)?.lines ?? []
        lines += [.init(text: ""), .init(text: state.strings.store.enterToView, style: .dim)]
        return lines
    }

    static func productLines(_ id: String, state: AppState) -> [DialogModel.Line] {
        guard let entry = state.catalog.product(id) else { return [] }
        let words = state.strings.store
        var lines: [DialogModel.Line] = [.init(text: state.title(of: id), style: .bold),
                                         .init(text: "\(state.strings.sheet.productType(entry.type)) · \(id)", style: .dim),
                                         .init(text: "")]
        if let product = state.snapshot.product(id) {
            lines.append(.init(text: product.localizedDescription))
            lines.append(.init(text: ""))
            if let expiry = state.subscriptionActiveAtStoreOnly(id) {
                lines.append(.init(text: words.activeAtStoreUntil(state.times.dateTime(expiry)), style: .tint(.success)))
                lines.append(.init(text: words.notInAppData, style: .dim))
            } else if let plan = PlanStatus(id, state: state), plan.kind == .current {
                // The plan subscribed to: from the store's status, where it stands; while it lasts,
                // its charge as the store charges it (unless its status says it: a free trial; nor
                // for a family member, who pays nothing) and where to manage it, or agree to a new
                // price; once ended, the terms of buying it again.
                let status = DialogModel.Line(text: plan.text, style: .tint(plan.tint, bold: true))
                if plan.status.isLive {
                    if !plan.includesCharge, !plan.status.isFamilyShared {
                        let charge = state.periodCharge(of: plan.status)
                            ?? state.strings.charge(product, introOffer: false, app: state.appDescription)
                        lines.append(.init(text: charge, style: .bold))
                    }
                    let hint = plan.status.canAgreeToPriceIncrease && !plan.status.isFamilyShared ? words.agreeHint : words.manageHint
                    lines += [status, .init(text: ""), .init(text: hint, style: .dim)]
                } else {
                    lines += [status, .init(text: "")] + (SubscriptionTerms(product, state: state)?.lines ?? [])
                }
            } else if let change = PlanChangeTerms(product, state: state) {
                lines += change.lines
            } else if let terms = SubscriptionTerms(product, state: state) {
                lines += terms.lines
            } else {
                lines.append(.init(text: product.formattedPrice, style: .bold))
            }
        }
        if entry.familyShareable {
            let family = state.strings.family
            let note = state.snapshot.familyShared.contains(id) ? family.sharedWithYou
                : state.isSharedWithFamily(id) ? family.sharedWithFamily : family.shareable
            lines.append(.init(text: note, style: .tint(.accent)))
        }
        // An auto-renewable's state is the store's status (above), not the app's copy.
        let readsStatus = entry.subscriptionGroupID.flatMap(state.snapshot.subscription(inGroup:)) != nil
        if !readsStatus, let expiry = state.snapshot.subscriptionExpiries[id] {
            let active = expiry > state.now
            let date = state.times.dateTime(expiry)
            lines.append(.init(text: active ? words.activeUntil(date) : words.expired(date), style: .tint(active ? .success : .muted)))
            if active, entry.type == .nonRenewing { lines.append(.init(text: words.extendHint, style: .dim)) }
        }
        if let waiting = state.waitingRequest(for: id) {
            let text = waiting.queueState.state == .deferred
                ? words.waitingSince(state.times.dateTime(waiting.queueState.requestDate ?? waiting.queueState.transactionDate))
                : words.interruptedHint
            lines += [.init(text: ""), .init(text: text, style: .tint(.warning))]
        }
        if state.snapshot.isLoadingProducts {
            lines += [.init(text: words.loading, style: .dim)]
        } else if let error = state.snapshot.productsError {
            let description = state.strings.errors.description(error)
            lines += [.init(text: ""), .init(text: words.productsFailed(description), style: .tint(.danger))]
        } else if state.isRestricted {
            lines += [.init(text: ""), .init(text: words.restrictedHere, style: .tint(.danger))]
        }
        return lines
    }
}
