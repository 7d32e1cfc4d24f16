import AppStoreCore

/// A product's `type` as a StoreKit configuration file writes it.
enum StoreKitProductType: String, Codable, Sendable, CaseIterable {
    case consumable = "Consumable"
    case nonConsumable = "NonConsumable"
    case nonRenewingSubscription = "NonRenewingSubscription"
    case recurringSubscription = "RecurringSubscription"

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let type = StoreKitProductType(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "unknown product type \"\(text)\": a StoreKit configuration file has \(known)"))
        }
        self = type
    }

    init(_ type: ProductType) {
        self = switch type {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewing: .nonRenewingSubscription
        case .autoRenewable: .recurringSubscription
        }
    }

    var productType: ProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewingSubscription: .nonRenewing
        case .recurringSubscription: .autoRenewable
        }
    }
}

/// An offer's `paymentMode` as the file writes it.
enum StoreKitPaymentMode: String, Codable, Sendable, CaseIterable {
    case free
    case payAsYouGo
    case payUpFront

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let mode = StoreKitPaymentMode(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "unknown payment mode \"\(text)\": use one of \(known)"))
        }
        self = mode
    }
}
