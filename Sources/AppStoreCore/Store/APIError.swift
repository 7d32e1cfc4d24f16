import DataFiles

/// The error a StoreKit API is made to fail with (`Settings.failures`): one of the choices
/// its `StoreAPI` offers.
public enum APIError: Hashable, Sendable {
    /// An SKError code: how purchases fail in the SK1 queue.
    case skError(SKErrorCode)
    /// The seed SDK's "purchase limit exceeded" (its error 18): a monthly limit on purchases.
    case purchaseLimitExceeded
    /// StoreKit 2's StoreKitError.
    case storeKit(StoreKitErrorCode)
    /// VerificationResult.VerificationError: signed data that does not verify.
    case verification(VerificationErrorCode)
    /// Transaction.RefundRequestError.
    case refundRequest(RefundRequestErrorCode)

    /// How `set`, walkthroughs, the panel and store.sqlite name it: `paymentNotAllowed`,
    /// `networkError`. Unique among an API's choices.
    public var name: String {
        switch self {
        case .skError(let code): code.name
        case .purchaseLimitExceeded: "purchaseLimitExceeded"
        case .storeKit(let code): code.rawValue
        case .verification(let code): code.rawValue
        case .refundRequest(let code): code.rawValue
        }
    }

    /// How `set` and `state` print it: an SKError with its code, `4 paymentNotAllowed`.
    public var description: String {
        if case .skError(let code) = self { return "\(code.rawValue) \(code.name)" }
        return name
    }

    /// The error the API fails with, as the app sees it.
    public var storeError: StoreError {
        switch self {
        case .skError(let code): StoreError(code)
        case .purchaseLimitExceeded: .purchaseLimitExceeded
        case .storeKit(let code): .storeKitError(code)
        case .verification(let code): .verificationError(code)
        case .refundRequest(let code): .refundRequestError(code)
        }
    }

    /// The choice of `api` that `text` names: its name (any case), or for purchases an SKError
    /// code's number.
    public init?(_ text: String, for api: StoreAPI) {
        let key = text.lowercased()
        if api == .purchase, let code = SKErrorCode(argument: text) {
            self = .skError(code)
        } else if let choice = api.choices.first(where: { $0.name.lowercased() == key }) {
            self = choice
        } else {
            return nil
        }
    }

    // MARK: In store.sqlite

    /// Its value in the settings table: an SKError's code as a number, as `failWith` always
    /// held it; any other error by name.
    public var storedValue: JSONValue {
        if case .skError(let code) = self { return .int(code.rawValue) }
        return .string(name)
    }

    /// The error a stored value names for `api`; nil for none (null). A value that names none
    /// of its choices is refused, saying what it takes.
    static func stored(_ value: JSONValue, for api: StoreAPI) throws(InvalidStoredError) -> APIError? {
        switch value {
        case .null: return nil
        case .int(let number) where api == .purchase:
            if let code = SKErrorCode(rawValue: number) { return .skError(code) }
        case .string(let text):
            // By name only: a number in a string is a hand edit's mistake, not a code.
            if let choice = api.choices.first(where: { $0.name == text }) { return choice }
        default: break
        }
        throw InvalidStoredError(message: api.storedValuesText + "; not \((try? JSONCoding.line(value)) ?? "that")")
    }

    struct InvalidStoredError: Error {
        let message: String
    }
}

extension StoreAPI {
    /// What its stored setting takes, for a refusal.
    var storedValuesText: String {
        if self == .purchase {
            let codes = SKErrorCode.allCases.map(\.rawValue)
            return "must be a StoreKit error code, \(codes.min()!) to \(codes.max()!), \"purchaseLimitExceeded\", or null for none"
        }
        return "must be one of " + choices.map { "\"\($0.name)\"" }.joined(separator: ", ") + ", or null for none"
    }
}

/// StoreKit 2's StoreKitError, in its declaration's order (a .storekit file's `generic` index).
public enum StoreKitErrorCode: String, CaseIterable, Sendable {
    case unknown, userCancelled, networkError, systemError, notAvailableInStorefront, notEntitled, unsupported

    static let domain = "StoreKit.StoreKitError"
    package var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    var message: String {
        switch self {
        case .unknown: "An unknown error occurred."
        case .userCancelled: "The user cancelled the request."
        case .networkError: "The App Store could not be reached: a network error occurred."
        case .systemError: "A system error occurred."
        case .notAvailableInStorefront: "This is not available in the current storefront."
        case .notEntitled: "The app is not entitled to make this request."
        case .unsupported: "This request is not supported on this device."
        }
    }
}

/// VerificationResult.VerificationError, in its declaration's order.
public enum VerificationErrorCode: String, CaseIterable, Sendable {
    case revokedCertificate, invalidCertificateChain, invalidDeviceVerification, invalidEncoding, invalidSignature,
         missingRequiredProperties

    static let domain = "StoreKit.VerificationResult.VerificationError"
    package var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    var message: String {
        switch self {
        case .revokedCertificate: "A certificate in the signed data's chain was revoked."
        case .invalidCertificateChain: "The signed data's certificate chain is not valid."
        case .invalidDeviceVerification: "The signed data was not made for this device."
        case .invalidEncoding: "The signed data is not encoded as it should be."
        case .invalidSignature: "The signed data's signature is not valid."
        case .missingRequiredProperties: "The signed data lacks a property it must have."
        }
    }
}

/// Transaction.RefundRequestError, in its declaration's order.
public enum RefundRequestErrorCode: String, CaseIterable, Sendable {
    case duplicateRequest, failed

    static let domain = "StoreKit.Transaction.RefundRequestError"
    package var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    var message: String {
        switch self {
        case .duplicateRequest: "A refund request for this transaction was made already."
        case .failed: "The refund request could not be submitted."
        }
    }
}

extension StoreError {
    /// The seed SDK's error 18 (`ToastIAPErrorPurchaseLimitExceeded`, 月購入限度超過).
    public static let purchaseLimitExceeded = StoreError(
        domain: appDomain, code: 18, name: "purchaseLimitExceeded",
        message: "The monthly purchase limit has been exceeded.")

    /// StoreKit 2's StoreKitError, as an NSError bridges it: its domain, the case's index as the code.
    public static func storeKitError(_ code: StoreKitErrorCode) -> StoreError {
        StoreError(domain: StoreKitErrorCode.domain, code: code.index, name: code.rawValue, message: code.message)
    }

    public static func verificationError(_ code: VerificationErrorCode) -> StoreError {
        StoreError(domain: VerificationErrorCode.domain, code: code.index, name: code.rawValue, message: code.message)
    }

    /// A VerificationError: signed data that did not verify.
    public var isVerificationError: Bool { domain == VerificationErrorCode.domain }

    public static func refundRequestError(_ code: RefundRequestErrorCode) -> StoreError {
        StoreError(domain: RefundRequestErrorCode.domain, code: code.index, name: code.rawValue, message: code.message)
    }
}
