import Foundation

/// `appTransactionId`: one per Apple Account and app, the same in every payload of that
/// account. The store keeps none, so it is made from the account's name and the bundle id,
/// the same on every run: a number, as the App Store's are.
public enum AppTransactionID {
    public static func of(account: String?, bundleID: String) -> String {
        // FNV-1a, 64 bits: stable across runs and platforms, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(account ?? "")\n\(bundleID)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        // 15 to 16 digits, as the App Store's ids are.
        return String(hash % 9_000_000_000_000_000 + 100_000_000_000_000)
    }
}
