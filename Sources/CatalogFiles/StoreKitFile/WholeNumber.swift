import AppStoreCore

extension KeyedDecodingContainer {
    /// A whole number, read as any JSON number: Foundation's decoder reports one too large
    /// for an Int as unreadable JSON, with no place in the file; this names its key. What a
    /// number may be (a level of 1 or more) is checked where it is used.
    func decodeWholeNumber(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let limit = Double(Int32.max)
        let value: Double
        do {
            value = try decode(Double.self, forKey: key)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "is not a number storefront can read")
        }
        guard value.rounded() == value, abs(value) <= limit else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must be a whole number, not \(value)")
        }
        return Int(value)
    }
}
