import Foundation

/// Finds a key given twice in one JSON object. A decoder keeps one of the two without a word,
/// so which value a reader sees would be an accident of the decoder: such a file is refused,
/// the second key named by its JSON path.
package enum JSONDuplicateKeys {
    /// The JSON path of the first key that repeats one before it in the same object
    /// (`$.unconsumedPurchases[2].delivered`), or nil. `data` is JSON a decoder accepted.
    package static func first(in data: Data) -> String? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            /// Each open container: its path, its keys so far (objects), the next index (arrays).
            struct Level {
                var path: String
                var keys: Set<String>?
                var index = 0
                var key: String?
            }
            var stack: [Level] = []
            var expectingKey = false
            var i = 0
            /// The path of the value that starts now, inside the innermost container.
            func valuePath() -> String {
                guard let top = stack.last else { return "$" }
                if top.keys != nil { return top.path + "." + (top.key ?? "?") }
                return top.path + "[\(top.index)]"
            }
            /// A value ended (a scalar, or a container closed): an array moves to its next index.
            func valueEnded() {
                guard !stack.isEmpty, stack[stack.count - 1].keys == nil else { return }
                stack[stack.count - 1].index += 1
            }
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let path = valuePath()
                    stack.append(Level(path: path, keys: byte == UInt8(ascii: "{") ? [] : nil))
                    expectingKey = byte == UInt8(ascii: "{")
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    stack.removeLast()
                    valueEnded()
                    expectingKey = false
                    i += 1
                case UInt8(ascii: ","):
                    expectingKey = stack.last?.keys != nil
                    i += 1
                case UInt8(ascii: "\""):
                    let start = i + 1
                    var escaped = false
                    var end = start
                    while end < bytes.count {
                        if bytes[end] == UInt8(ascii: "\\") { escaped = true; end += 2; continue }
                        if bytes[end] == UInt8(ascii: "\"") { break }
                        end += 1
                    }
                    i = end + 1
                    guard expectingKey else {
                        valueEnded()
                        continue
                    }
                    expectingKey = false
                    let rawKey = Data(bytes[start..<min(end, bytes.count)])
                    let key = escaped
                        ? (try? JSONDecoder().decode(String.self, from: Data("\"".utf8) + rawKey + Data("\"".utf8))) ?? ""
                        : String(decoding: rawKey, as: UTF8.self)
                    stack[stack.count - 1].key = key
                    guard stack[stack.count - 1].keys!.insert(key).inserted else {
                        return stack[stack.count - 1].path + "." + key
                    }
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"):
                    i += 1
                default:
                    // A number, true, false or null: runs to the next delimiter.
                    while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
                                               UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(bytes[i]) {
                        i += 1
                    }
                    valueEnded()
                }
            }
            return nil
        }
    }
}
