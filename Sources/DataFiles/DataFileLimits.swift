/// How much of a data file storefront takes in, for every file it reads (UserDefaults.json, a
/// catalog): far more than the app or a person ever writes, far less than would exhaust memory
/// or the stack of the recursive decoder.
package enum DataFileLimits {
    static let maximumBytes = 16 * 1024 * 1024
    /// Arrays and objects inside one another.
    package static let maximumDepth = 64

    /// "16 MiB", "16.1 MiB": a size as the messages about the limit give it (rounded up, so a
    /// file just over the limit never reads as the limit itself).
    static func describe(bytes: Int64) -> String {
        let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
