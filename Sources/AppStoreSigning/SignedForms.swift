import AppStoreCore
import AppStoreJSON
import Crypto
import Foundation

/// The signed form of a transaction, a subscription's renewal info or an account's app
/// transaction, each signed once: the payload is built from the store's values as they are
/// now, and its digest (without the signed date) finds the JWS kept for those facts; facts
/// never signed are signed at the store clock's now and kept (`RecordsStorage.keep`), so two
/// processes reading the same facts hand out the same JWS. A process killed between signing
/// and keeping loses nothing: the facts are signed again at the next read.
public struct SignedForms {
    public let store: AppStore
    public let signer: JWSSigner
    /// The app the App Store signs for (`bundleId`, an app transaction's `applicationVersion`).
    public let bundleID: String
    public let appVersion: String
    /// The device the data directory stands for: an app transaction carries its verification
    /// (`DeviceVerification`); nil, none.
    public let deviceIdentifier: UUID?

    public init(store: AppStore, signer: JWSSigner, bundleID: String, appVersion: String, deviceIdentifier: UUID? = nil) {
        self.store = store
        self.signer = signer
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.deviceIdentifier = deviceIdentifier
    }

    /// The signed form of `t` as the store holds it, nil when the App Store has not signed it
    /// (`Transaction.hasSignedForm`).
    public func transaction(_ t: Transaction) throws -> String? {
        try transactions([t])[t.id]
    }

    /// The signed forms of `transactions` by id (those the App Store signed), any newly
    /// signed kept in one write.
    public func transactions(_ transactions: [Transaction]) throws -> [String: String] {
        let signed = transactions.filter(\.hasSignedForm)
        return Dictionary(zip(signed.map(\.id), try forms(of: signed).map { $0! })) { first, _ in first }
    }

    /// The signed form of each of `transactions`, in order, nil for one the App Store has not
    /// signed: a transaction listed in two states (the store's events) has the form of each.
    public func forms(of transactions: [Transaction]) throws -> [String?] {
        let signed = transactions.indices.filter { transactions[$0].hasSignedForm }
        let forms = try self.forms(signed.map { index in
            let t = transactions[index]
            let product = store.catalog.product(t.productID)
            return Facts(kind: .transaction, id: t.id) { try SignedPayloadJSON.data(JWSTransactionPayload(t, product: product, context: $0)) }
        })
        var jws = [String?](repeating: nil, count: transactions.count)
        for (index, form) in zip(signed, forms) { jws[index] = form.jws }
        return jws
    }

    /// The signed renewal info of `status`: `nextRenewal` is what the next renewal charges,
    /// `latest` the transaction that paid the current period; `eligibleWinBackOfferIDs` the
    /// win-back offers the subscriber may have now, best first.
    public func renewalInfo(_ status: SubscriptionStatus, nextRenewal: RenewalTerms?, latest: Transaction?,
                            eligibleWinBackOfferIDs: [String] = []) throws -> String {
        try forms([Facts(kind: .renewalInfo, id: status.originalTransactionID) {
            try SignedPayloadJSON.data(JWSRenewalInfoPayload(status, nextRenewal: nextRenewal, latest: latest, context: $0,
                                                             eligibleWinBackOfferIDs: eligibleWinBackOfferIDs))
        }])[0].jws
    }

    /// The signed renewal info of each, in order, any newly signed kept in one write.
    public func renewalInfos(_ infos: [(status: SubscriptionStatus, nextRenewal: RenewalTerms?, latest: Transaction?)]) throws -> [String] {
        try forms(infos.map { info in
            Facts(kind: .renewalInfo, id: info.status.originalTransactionID) {
                try SignedPayloadJSON.data(JWSRenewalInfoPayload(info.status, nextRenewal: info.nextRenewal, latest: info.latest, context: $0))
            }
        }).map(\.jws)
    }

    /// The signed app transaction of `account`; `transactions` are the ones it made (any order).
    public func appTransaction(account: String?, transactions: [Transaction]) throws -> String {
        let device = deviceIdentifier.map { DeviceVerification.of(device: $0, subject: AppTransactionID.of(account: account, bundleID: bundleID)) }
        return try forms([Facts(kind: .appTransaction, id: account ?? "") {
            try SignedPayloadJSON.data(AppTransactionPayload(account: account, transactions: transactions, context: $0, device: device))
        }])[0].jws
    }

    // MARK: Signing once

    /// What a form is signed from: its payload's bytes for a signing context.
    private struct Facts {
        var kind: SignedForm.Kind
        var id: String
        var payload: (SigningContext) throws -> Data
    }

    /// The form of each, in order: the one kept for its facts, or one signed now and kept.
    private func forms(_ facts: [Facts]) throws -> [SignedForm] {
        guard !facts.isEmpty else { return [] }
        let settings = try store.settings()
        func context(_ date: Date) -> SigningContext {
            SigningContext(bundleID: bundleID, appVersion: appVersion, environment: settings.signingEnvironment, signedDate: date)
        }
        // The facts alone: every payload built at one fixed signed date, so only the facts tell digests apart.
        let unsigned = context(Date(timeIntervalSince1970: 0))
        let digests = try facts.map { Self.digest(try $0.payload(unsigned)) }
        // Every kept one read at once: a batch of thousands is one read, not thousands.
        var forms = try store.storage.keptForms(zip(facts, digests).map { SignedForm.Key(kind: $0.kind, id: $0.id, digest: $1) })
        var missing: [(index: Int, facts: Facts, digest: String)] = []
        for (index, (item, digest)) in zip(facts, digests).enumerated() where forms[index] == nil {
            missing.append((index, item, digest))
        }
        guard !missing.isEmpty else { return forms.map { $0! } }
        let now = try store.now()
        let signing = context(now)
        // The same facts asked for twice (a transaction in two events) are signed once.
        var made: [SignedForm] = []
        var madeFor: [String: Int] = [:]
        var slots: [Int] = []
        for (_, item, digest) in missing {
            let key = "\(item.kind.rawValue) \(item.id) \(digest)"
            if let slot = madeFor[key] { slots.append(slot); continue }
            madeFor[key] = made.count
            slots.append(made.count)
            made.append(SignedForm(kind: item.kind, id: item.id, digest: digest, jws: try signer.sign(payload: try item.payload(signing)),
                                   signedDate: now))
        }
        let kept = try store.storage.keep(made)
        for (item, slot) in zip(missing, slots) { forms[item.index] = kept[slot] }
        return forms.map { $0! }
    }

    /// SHA-256 of `payload` in lowercase hex.
    static func digest(_ payload: Data) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: payload) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
