import AppStoreCore

/// The 8-digit hexadecimal ids Xcode gives what a file holds, made from a name (FNV-1a), so
/// the same catalog gives the same file.
enum InternalID {
    static func of(_ name: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
