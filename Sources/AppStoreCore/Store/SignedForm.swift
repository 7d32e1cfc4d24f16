import Foundation

/// What the App Store signed, kept once (store.sqlite's `signedForms`): the compact JWS of a
/// transaction, a subscription's renewal info or an account's app transaction, for the
/// payload it signed. A fact that changes later (a refund, an upgrade, auto-renew turned off)
/// makes a new payload, so a new form; the ones signed before stay as they were.
public struct SignedForm: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case transaction, renewalInfo, appTransaction
    }

    public var kind: Kind
    /// What it is the signed form of: the transaction's id, the subscription's original
    /// transaction id, the account.
    public var id: String
    /// SHA-256 (hex) of the payload without its signed date: the same facts have the same digest.
    public var digest: String
    public var jws: String
    /// When the App Store signed it, in store time (the payload's `signedDate`).
    public var signedDate: Date

    /// What a kept form is found by: its kind, what it is of, and its facts' digest.
    public struct Key: Hashable, Sendable {
        public var kind: Kind
        public var id: String
        public var digest: String

        public init(kind: Kind, id: String, digest: String) {
            self.kind = kind
            self.id = id
            self.digest = digest
        }
    }

    public init(kind: Kind, id: String, digest: String, jws: String, signedDate: Date) {
        self.kind = kind
        self.id = id
        self.digest = digest
        self.jws = jws
        self.signedDate = signedDate
    }
}

extension Transaction {
    /// Whether the App Store has signed it: a purchase or restore it completed, with its
    /// purchase facts. One waiting in the queue, deferred or failed has no signed form.
    public var hasSignedForm: Bool {
        [.purchased, .restored].contains(queueState.state) && purchaseDate != nil
    }
}
