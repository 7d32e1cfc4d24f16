import Foundation
import StoreKitSim

/// What the selected row is: the product as the store sells it, or the content.
enum DetailPane {
    static func draw(_ state: AppState, rect: Rect, into canvas: inout some Canvas) {
        guard rect.width > 10 else { return }
        for y in rect.y..<rect.maxY { canvas.put("│", x: rect.x - 2, y: y, style: .dim) }
        var lines: [DialogModel.Line] = []
        switch state.selectedRow {
        case .content(let item, let premium):
            let text = item.text(in: state.language)
            lines = [.init(text: text.title, style: .bold), .init(text: premium ? "Premium content" : "Free content", style: .dim),
                     .init(text: ""), .init(text: text.body), .init(text: ""), .init(text: "Enter to read", style: .dim)]
        case .premiumOffer(let id):
            lines = productLines(id, state: state)
            lines += [.init(text: ""), .init(text: "Unlocks:", style: .bold)]
            lines += (state.appDescription.content.premium?.items ?? []).map {
                .init(text: "  \($0.text(in: state.locale).title)", style: .tint(.premium))
            }
        case .product(let id):
            lines = productLines(id, state: state)
        case .credits:
            lines = [.init(text: "\(state.snapshot.credits) credits", style: .tint(.accent, bold: true)), .init(text: ""),
                     .init(text: "Stored in UserDefaults.json under \"credits\". "
                                 + (state.snapshot.credits > 0 ? "Enter to spend one." : "Buy a credit pack to get some."),
                           style: .dim)]
        case .invalid(let id):
            lines = [.init(text: id, style: .bold), .init(text: ""),
                     .init(text: "The products request returned this identifier as invalid: the App Store does not sell it.")]
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

    static func productLines(_ id: String, state: AppState) -> [DialogModel.Line] {
        guard let entry = state.catalog.product(id) else { return [] }
        var lines: [DialogModel.Line] = [.init(text: state.title(of: id), style: .bold),
                                         .init(text: "\(entry.type.displayName) · \(id)", style: .dim), .init(text: "")]
        if let product = state.snapshot.product(id) {
            lines.append(.init(text: product.localizedDescription))
            lines.append(.init(text: ""))
            if let expiry = state.subscriptionActiveAtStoreOnly(id) {
                lines.append(.init(text: "Active at the store until \(state.times.dateTime(expiry))", style: .tint(.success)))
                lines.append(.init(text: "This app's data no longer has it: Restore Purchases (r) brings it back.", style: .dim))
            } else if let terms = SubscriptionTerms(product, state: state) {
                lines += terms.lines
            } else {
                lines.append(.init(text: product.formattedPrice, style: .bold))
            }
        }
        if let expiry = state.snapshot.subscriptionExpiries[id] {
            let active = expiry > state.now
            lines.append(.init(text: "\(active ? "Active until" : "Expired") \(state.times.dateTime(expiry))",
                               style: .tint(active ? .success : .muted)))
            if active, entry.type == .nonRenewing { lines.append(.init(text: "Enter, then Buy Again, to extend it.", style: .dim)) }
        }
        if let waiting = state.waitingRequest(for: id) {
            let text = waiting.state == .deferred
                ? "Waiting for approval since \(state.times.dateTime(waiting.requestDate ?? waiting.date)). Enter shows the request."
                : "Action needed: the purchase was interrupted. Enter to finish it."
            lines += [.init(text: ""), .init(text: text, style: .tint(.warning))]
        }
        if state.snapshot.isLoadingProducts {
            lines += [.init(text: "Loading…", style: .dim)]
        } else if let error = state.snapshot.productsError {
            lines += [.init(text: ""), .init(text: "Products could not be loaded: \(error.message) Press R to retry.", style: .tint(.danger))]
        } else if state.isRestricted {
            lines += [.init(text: ""), .init(text: "In-App Purchases are restricted on this device.", style: .tint(.danger))]
        }
        return lines
    }
}
