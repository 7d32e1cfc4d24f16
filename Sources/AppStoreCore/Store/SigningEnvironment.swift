/// Which environment the App Store says it signed in (`Settings.signingEnvironment`): the
/// `environment` of every signed transaction, renewal info and app transaction. Xcode's
/// StoreKit testing signs as Xcode, with a chain no backend trusts; Sandbox is what a device
/// signed in to a sandbox account gets, for a backend that verifies the whole chain.
public enum SigningEnvironment: String, Codable, Sendable, CaseIterable {
    case xcode
    case sandbox
}

extension SigningEnvironment {
    /// AppStore.Environment's raw value: a signed payload's `environment`, an app
    /// transaction's `receiptType`.
    public var serverName: String {
        switch self {
        case .xcode: "Xcode"
        case .sandbox: "Sandbox"
        }
    }
}
