import AppStoreCore

/// Which App Store made a receipt, as its attribute 0 says: verifyReceipt's production
/// endpoint takes a production receipt only, the sandbox endpoint a sandbox one (Xcode's local
/// testing receipts count as sandbox ones: storefront's store stands in for both).
public enum ReceiptEnvironment: String, Sendable, CaseIterable, Codable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"

    /// The text a receipt carries: Apple's receipts say "ProductionSandbox" for the sandbox.
    public var receiptValue: String {
        switch self {
        case .production: "Production"
        case .sandbox: "ProductionSandbox"
        case .xcode: "Xcode"
        }
    }

    public init?(receiptValue: String) {
        guard let found = Self.allCases.first(where: { $0.receiptValue == receiptValue }) else { return nil }
        self = found
    }

    /// Whether verifyReceipt's sandbox endpoint is the one that takes it.
    public var isSandbox: Bool { self != .production }
}

extension ReceiptEnvironment {
    /// The receipt of a store that signs in `environment`: Xcode's, or the sandbox's.
    public init(_ environment: SigningEnvironment) {
        switch environment {
        case .xcode: self = .xcode
        case .sandbox: self = .sandbox
        }
    }
}
