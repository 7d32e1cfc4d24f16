import AppStoreCore
import AppStoreJSON
import AppStoreSigning
import Foundation

/// The one place `--json` output gets the App Store's signed forms: every transaction printed
/// carries its `jwsRepresentation`, every subscription status its `signedRenewalInfo` and
/// `signedTransactionInfo`. The data directory's chain (signing.pem) is read, or made, on the
/// first signed form a command prints, never by a command that prints none.
extension Session {
    /// `transactions` as `--json` prints them, each with its signed form.
    func payloads(_ transactions: [Transaction]) throws -> [TransactionPayload] {
        guard transactions.contains(where: \.hasSignedForm) else { return transactions.map(TransactionPayload.init) }
        let signed = try signing.forms().transactions(transactions)
        return transactions.map { TransactionPayload($0, jwsRepresentation: signed[$0.id]) }
    }

    func payload(_ transaction: Transaction) throws -> TransactionPayload {
        try payloads([transaction])[0]
    }

    func payload(_ transaction: Transaction?) throws -> TransactionPayload? {
        try transaction.map { try payload($0) }
    }

    /// `status` as `--json` prints it, with its signed renewal info and latest transaction.
    func payload(_ status: SubscriptionStatus, records: StoreWorkingSet) throws -> SubscriptionStatusPayload {
        let latest = current(status.latestTransactionID)
        let nextRenewal = records.nextRenewal(of: status, catalog: catalog)
        var payload = SubscriptionStatusPayload(status, transaction: nil, isInFreeTrial: records.isInFreeTrial(status),
                                                nextRenewal: nextRenewal)
        let winBack = records.eligibleWinBackOffers(for: status.account, group: status.groupID, catalog: catalog, now: queue.now)
            .compactMap { $0.id ?? $0.referenceName }
        payload.renewalInfo.eligibleWinBackOfferIDs = winBack.isEmpty ? nil : winBack
        let forms = try signing.forms()
        payload.transaction = try self.payload(latest)
        payload.signedTransactionInfo = payload.transaction?.jwsRepresentation
        payload.signedRenewalInfo = try forms.renewalInfo(status, nextRenewal: nextRenewal, latest: latest,
                                                          eligibleWinBackOfferIDs: winBack)
        return payload
    }

    /// `events` as `events --json` prints them: each transaction with its signed form as the
    /// event left it, each subscription with its signed renewal info and the event's signed
    /// transaction, as an App Store Server Notification carries them; signed in two batches.
    func payloads(_ events: [StoreEvent]) throws -> [StoreEventPayload] {
        var payloads = events.map(StoreEventPayload.init)
        let named = events.indices.filter { events[$0].transaction?.hasSignedForm == true }
        let renewing = events.indices.filter { events[$0].subscription != nil }
        guard !named.isEmpty || !renewing.isEmpty else { return payloads }
        let forms = try signing.forms()
        for (index, jws) in zip(named, try forms.forms(of: named.map { events[$0].transaction! })) {
            payloads[index].transaction?.jwsRepresentation = jws
        }
        let infos = try forms.renewalInfos(renewing.map { index in
            let (status, t) = (events[index].subscription!, events[index].transaction)
            return (status, events[index].renewal, (t?.originalID ?? t?.id) == status.originalTransactionID ? t : nil)
        })
        for (index, info) in zip(renewing, infos) {
            payloads[index].subscription?.signedRenewalInfo = info
            let transaction = payloads[index].transaction?.jwsRepresentation
            payloads[index].subscription?.signedTransactionInfo = transaction
        }
        return payloads
    }

    /// The signed app transaction of `account`, from the transactions it made (`history`).
    func appTransaction(account: String, history: [Transaction]) throws -> AppTransactionOutput {
        AppTransactionOutput(account: account, appTransactionID: AppTransactionID.of(account: account, bundleID: app.bundleID),
                             jwsRepresentation: try signing.forms().appTransaction(account: account, transactions: history))
    }
}

/// The signed-in account's app transaction as `state --json` gives it (StoreKit's
/// `AppTransaction.shared`: its `jwsRepresentation`).
struct AppTransactionOutput: Encodable {
    var account: String
    var appTransactionID: String
    var jwsRepresentation: String
}
