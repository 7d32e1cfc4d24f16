import Foundation
import SampleApp
import AppStoreCore
import Wording

/// The app asks for a refund of a purchase (`Transaction.beginRefundRequest(for:in:)`): the
/// App Store's sheet, Cancel (`.userCancelled`) or Submit (`.success`, the store answering as
/// its refund-requests condition says).
extension AppState {
    /// The product of the selected row: the row's own, or what unlocks premium content.
    var selectedProductID: String? {
        switch selectedRow {
        case .product(let id), .premiumOffer(let id), .promotionalOffer(let id, _): id
        case .content(_, premium: true): appDescription.content.premium?.unlockedBy
        default: nil
        }
    }

    /// The signed-in account's latest purchase of the selected product that a refund can be
    /// asked of: completed, finished by the app, not refunded.
    var refundablePurchase: Transaction? {
        selectedProductID.flatMap { snapshot.refundablePurchases[$0] }
    }

    /// p on the store screen: the refund request sheet for the signed-in account's latest
    /// purchase of the selected product. The API fails first when it is made to (its chosen
    /// error, the network down), and for a purchase a refund was asked of already.
    mutating func openRefundRequest() -> [Effect] {
        let words = strings.refunds
        guard let t = refundablePurchase else {
            mode = .alert(Alert(kind: .info, title: words.nothingToRefundTitle, message: words.nothingToRefund))
            return []
        }
        if let error = snapshot.settings.failures[.refundRequest] {
            mode = .alert(failure(words.cannotRequestTitle, error.storeError))
        } else if !snapshot.settings.network {
            mode = .alert(failure(words.cannotRequestTitle, .storeKitError(.networkError)))
        } else if let request = snapshot.refundRequests.first(where: { $0.transactionID == t.id }) {
            let status = RefundRequestStrings.shared.status(request.status, in: strings)
            mode = .alert(failure(words.cannotRequestTitle, .refundRequestError(.duplicateRequest),
                                  message: words.alreadyRequested(status)))
        } else {
            mode = .refundRequest(RefundRequestSheet(transaction: t))
        }
        return []
    }

    /// ↑↓ choose a reason, Tab and ←→ move between Cancel and Submit, Enter presses, Esc cancels.
    mutating func handleRefundRequest(_ sheet: RefundRequestSheet, _ key: Key) -> [Effect] {
        var sheet = sheet
        let last = RefundRequestReason.allCases.count - 1
        switch key {
        case .up, .char("k"):
            sheet.reason = max(0, (sheet.reason ?? 1) - 1)
        case .down, .char("j"):
            sheet.reason = min(last, (sheet.reason ?? -1) + 1)
        case .enter, .char(" "):
            return pressRefundRequest(sheet, button: sheet.focus)
        case .escape, .char("q"):
            return pressRefundRequest(sheet, button: 0)
        case .click(let x, let y):
            return clickedButton(x: x, y: y).map { pressRefundRequest(sheet, button: $0) } ?? []
        default:
            guard let moved = Self.movedFocus(sheet.focus, count: 2, key) else { return [] }
            sheet.focus = moved
        }
        mode = .refundRequest(sheet)
        return []
    }

    /// Cancel: the app hears `.userCancelled`. Submit, once a reason is chosen: the request
    /// goes to the store.
    private mutating func pressRefundRequest(_ sheet: RefundRequestSheet, button: Int) -> [Effect] {
        let name = title(of: sheet.transaction.productID)
        guard button == 1 else {
            mode = .store
            keepingLogEnd { $0.log.append(LogLine(date: $0.now, text: $0.strings.refunds.cancelled(name), tint: .muted)) }
            return []
        }
        guard let reason = sheet.chosenReason else { return [] }
        mode = .store
        return [.requestRefund(sheet.transaction, reason: reason)]
    }

    /// The store took the request: the app hears `.success`. What the App Store decides comes
    /// later, as a revocation (approved) or not at all (declined).
    mutating func refundRequestSent(_ t: Transaction) {
        keepingLogEnd { $0.log.append(LogLine(date: $0.now, text: $0.strings.refunds.submitted(t.id, $0.title(of: t.productID)), tint: .accent)) }
    }

    /// The store refused the request: the app hears StoreKit's `RefundRequestError`,
    /// `.duplicateRequest` for one already asked, `.failed` for any other refusal.
    mutating func refundRequestRefused(_ refusal: RefundRequestRefusal) {
        let error: StoreError = if case .queue(.refundAlreadyRequested) = refusal {
            .refundRequestError(.duplicateRequest)
        } else {
            .refundRequestError(.failed)
        }
        mode = .alert(failure(strings.refunds.cannotRequestTitle, error))
    }
}
