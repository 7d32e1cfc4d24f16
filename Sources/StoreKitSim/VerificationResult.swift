import AppStoreCore

/// StoreKit 2's VerificationResult: what the App Store signed, with whether its signature
/// checked out. The payload reads the same either way; an app delivers only a verified one.
public enum VerificationResult<SignedType: Sendable>: Sendable {
    /// The signed data did not verify, for the reason given.
    case unverified(SignedType, VerificationErrorCode)
    case verified(SignedType)

    /// The payload, whether or not it verified (StoreKit's `unsafePayloadValue`).
    public var unsafePayloadValue: SignedType {
        switch self {
        case .unverified(let value, _), .verified(let value): value
        }
    }

    /// The payload once it verified; otherwise the verification's error.
    public var payloadValue: SignedType {
        get throws(StoreError) {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let code): throw StoreError.verificationError(code)
            }
        }
    }

    /// Why it did not verify; nil when it did.
    public var verificationError: VerificationErrorCode? {
        if case .unverified(_, let code) = self { return code }
        return nil
    }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
