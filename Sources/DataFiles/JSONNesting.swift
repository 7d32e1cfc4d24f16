import Foundation

/// Refuses JSON nested deeper than `DataFileLimits.maximumDepth` before it reaches a decoder:
/// decoding recurses once per level, and a failure deep down describes every level above it.
package enum JSONNesting {
    package static func check(_ data: Data, path: String, remedy: DataFileError.Remedy) throws(DataFileError) {
        guard let offset = firstTooDeep(in: data, limit: DataFileLimits.maximumDepth) else { return }
        throw DataFileError(path: path, location: JSONDiagnostics.lineAndColumn(of: offset, in: data),
                            problem: "nested more than \(DataFileLimits.maximumDepth) levels deep (arrays and objects inside one another); storefront reads at most \(DataFileLimits.maximumDepth)",
                            remedy: remedy)
    }

    /// The byte offset of the first `[` or `{` that opens a level past `limit`, or nil. Brackets
    /// inside strings do not count; the text need not be valid JSON (the decoder says why not).
    package static func firstTooDeep(in data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { bytes in
            var depth = 0
            var inString = false
            var escaped = false
            for offset in bytes.indices {
                let byte = bytes[offset]
                if inString {
                    if escaped { escaped = false }
                    else if byte == UInt8(ascii: "\\") { escaped = true }
                    else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { return offset }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth = max(depth - 1, 0)
                default:
                    break
                }
            }
            return nil
        }
    }
}
