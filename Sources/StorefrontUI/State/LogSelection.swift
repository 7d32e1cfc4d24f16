import Foundation
import AppStoreCore

/// The full log's chosen entry and the signed form open over it. Beside `Mode.log`, whose
/// scroll alone moves the rows: ↑↓ read the log, ←→ choose the entry `s` shows, as the
/// Transaction Manager's `s` shows its selected transaction's (`LogTable.chosen`: the one
/// chosen while in view, else the last in view).
public struct LogSelection: Equatable, Sendable {
    /// The transaction chosen last; nil: none yet.
    public var transactionID: String?
    /// The transaction whose signed form sheet is open over the log; nil: none.
    public var signedFormID: String?
    /// Its form, once read (`Effect.showSignedForm`).
    public var signedForm: SignedFormSummary?

    public init(transactionID: String? = nil, signedFormID: String? = nil, signedForm: SignedFormSummary? = nil) {
        self.transactionID = transactionID
        self.signedFormID = signedFormID
        self.signedForm = signedForm
    }
}
