import AppStoreCore
import DataFiles
import Foundation

/// The App Store's signing for one data directory, made on first use: its chain (signing.pem)
/// read, or made, once; the signed forms over the store; and the verifier of what that chain
/// signs, its chain checked once. Only what signs or checks something reads the file. Shared
/// by a session's commands, its Transaction Manager, its receipts and its app's verifier (the
/// queue's `TransactionVerifier`), so made under a lock.
public final class StoreSigning: @unchecked Sendable {
    private let directory: DataDirectory
    private let store: AppStore
    private let bundleID: String
    private let appVersion: String
    private let deviceIdentifier: () throws -> UUID?
    private let lock = NSLock()
    private var made: (forms: SignedForms, verifier: JWSVerifier)?

    /// `bundleID` and `appVersion`: the app the App Store signs for; `deviceIdentifier`: the
    /// device its app transaction's deviceVerification names, read when first signing.
    public init(directory: DataDirectory, store: AppStore, bundleID: String, appVersion: String,
                deviceIdentifier: @escaping () throws -> UUID? = { nil }) {
        self.directory = directory
        self.deviceIdentifier = deviceIdentifier
        self.store = store
        self.bundleID = bundleID
        self.appVersion = appVersion
    }

    /// The data directory's chain, signing.pem (made the first time it is needed).
    public func identity() throws -> SigningIdentity {
        try forms().signer.identity
    }

    /// The signed forms of the store's transactions, renewal infos and app transactions.
    public func forms() throws -> SignedForms {
        try signing().forms
    }

    /// Checks what the data directory's chain signed; the chain itself is checked once.
    public func verifier() throws -> JWSVerifier {
        try signing().verifier
    }

    private func signing() throws -> (forms: SignedForms, verifier: JWSVerifier) {
        try lock.withLock {
            if let made { return made }
            let identity = try SigningChainFile.loadOrMake(in: directory)
            let signing = (forms: SignedForms(store: store, signer: JWSSigner(identity: identity), bundleID: bundleID, appVersion: appVersion,
                                                deviceIdentifier: try deviceIdentifier()),
                           verifier: try JWSVerifier(trusting: identity))
            made = signing
            return signing
        }
    }
}
