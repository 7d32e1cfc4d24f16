import Foundation
import SampleApp
import AppStoreCore

extension AppState {
    /// A transaction update nobody here was waiting for (a parent's approval or decline from
    /// another terminal, a renewal, an interrupted purchase resolved elsewhere, a purchase made
    /// outside the app) shows a banner
    /// for a few seconds, as iOS shows a notification; its delivery is added when it comes.
    mutating func announce(_ event: AppEvent, at date: Date) {
        switch event {
        case .updated(let t, let redelivered, let cancelledAtLaunch):
            // A purchase made outside the app while it was closed is news at its launch too.
            let news = !redelivered || ((t.reason == .outsideApp || t.isFamilyShared) && t.queueState.state == .purchased)
            guard news, !cancelledAtLaunch, !isWaiting(for: t), let (text, tint) = bannerText(t) else { return }
            banner = Banner(transactionID: t.id, text: text, tint: tint, expires: date + Banner.duration * snapshot.settings.timeRate.factor)
        case .revoked(let t, let takeBack):
            let name = title(of: t.productID, quantity: t.purchasedQuantity), end = takeBack.bannerEnd(strings: strings)
            let text = t.revocationType == .familyRevoke ? strings.family.revokedBanner(name, end) : strings.log.refundedBanner(name, end)
            banner = Banner(transactionID: t.id, text: text, tint: .danger, expires: date + Banner.duration * snapshot.settings.timeRate.factor)
        case .corrected(let correction):
            let text = strings.log.correctedBanner(correction.key, correction.claimedText, correction.signedText(strings))
            banner = Banner(transactionID: "", text: text, tint: .danger, expires: date + Banner.duration * snapshot.settings.timeRate.factor)
        case .delivered(let t, _) where banner?.transactionID == t.id:
            let delivered = strings.log.thenDelivered
            banner?.text += delivered
        default:
            break
        }
    }

    /// The sheet follows its own purchase (and its immediate refusal), a restore its restored
    /// transactions: those are answered on screen already.
    private func isWaiting(for t: Transaction) -> Bool {
        switch mode {
        case .sheet(let sheet):
            switch sheet.stage {
            case .purchasing(let id): return sheet.follows(id, t)
            case .interrupted(let id): return t.originalID == id
            case .confirm, .askPermission: return t.productID == sheet.productID
            }
        case .restoring: return t.queueState.state == .restored
        default: return false
        }
    }

    private func bannerText(_ t: Transaction) -> (String, Tint)? {
        let name = title(of: t.productID, quantity: t.purchasedQuantity)
        let log = strings.log
        switch t.queueState.state {
        case .purchased:
            // Taken back before the app got it (a refund, sharing stopped): what the app has now.
            if t.isRevoked {
                let end = log.nothingDeliveredShort
                return (t.revocationType == .familyRevoke ? strings.family.revokedBanner(name, end) : log.refundedBanner(name, end), .danger)
            }
            if snapshot.pendingApprovals.contains(where: { $0.id == t.id }) { return (log.askApproved(name), .success) }
            if t.reason == .outsideApp { return (t.offer?.type == .code ? log.codeRedeemed(name) : log.boughtOutside(name), .success) }
            // A resubscribe names the subscription's first purchase too: only the store's renewal is one.
            let isRenewal = t.reason == .renewal
            if t.isFamilyShared { return (isRenewal ? strings.family.sharedRenewalBanner(name) : strings.family.sharedBanner(name), .success) }
            return (isRenewal ? log.renewed(name) : log.completed(name), .success)
        case .restored:
            return (log.restored(name), .success)
        case .failed:
            guard let error = t.queueState.error, !error.isCancellation else { return nil }
            return (error == .declined ? log.askDeclined(name) : log.failed(name), .danger)
        case .purchasing, .deferred:
            return nil
        }
    }
}
