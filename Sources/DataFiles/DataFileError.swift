import Foundation

/// A data file that cannot be used: names the file, where in it, what is wrong and what can
/// be done about it. Such a file is never overwritten.
public struct DataFileError: Error, Equatable, Sendable {
    public var path: String
    /// "line 3, column 7" for syntax errors, a JSON path like "$.products[2].type" otherwise.
    public var location: String?
    public var problem: String
    public var remedy: Remedy

    public init(path: String, location: String? = nil, problem: String, remedy: Remedy) {
        self.path = path
        self.location = location
        self.problem = problem
        self.remedy = remedy
    }

    /// The file, where in it and what is wrong, on one line.
    public var summary: String {
        let place = location.map { "\(path): \($0)" } ?? path
        return "\(place): \(problem)"
    }
}

package enum JSONDiagnostics {
    /// Turns a decoding failure into a file error with a line and column or a JSON path.
    package static func error(_ error: any Error, in data: Data, path: String, remedy: DataFileError.Remedy) -> DataFileError {
        // Text that is not JSON is a syntax error, whatever the decoder made of it: a value
        // that tries alternatives (JSONValue) turns a bad string or number into a type mismatch.
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
            return syntaxError(error, in: data, path: path, remedy: remedy)
        }
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                return syntaxError(context.underlyingError ?? decoding, in: data, path: path, remedy: remedy)
            case .dataCorrupted(let context):
                return DataFileError(path: path, location: jsonPath(context.codingPath),
                                     problem: context.debugDescription, remedy: remedy)
            case .keyNotFound(let key, let context):
                return DataFileError(path: path, location: jsonPath(context.codingPath),
                                     problem: "missing field \"\(key.stringValue)\"", remedy: remedy)
            case .typeMismatch(let type, let context):
                return DataFileError(path: path, location: jsonPath(context.codingPath),
                                     problem: "expected \(describe(type))", remedy: remedy)
            case .valueNotFound(let type, let context):
                return DataFileError(path: path, location: jsonPath(context.codingPath),
                                     problem: "expected \(describe(type)), found null", remedy: remedy)
            @unknown default:
                break
            }
        }
        return syntaxError(error, in: data, path: path, remedy: remedy)
    }

    static func syntaxError(_ error: any Error, in data: Data, path: String, remedy: DataFileError.Remedy) -> DataFileError {
        // JSONDecoder hides where the syntax broke; JSONSerialization says which character.
        var failure: any Error = error
        do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch { failure = error }
        let detail = ((failure as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(failure)"
        var location: String?
        if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
           let offset = Int(detail[range].split(separator: " ")[1]) {
            location = lineAndColumn(of: offset, in: data)
        } else if let range = detail.range(of: #"line \d+, column \d+"#, options: .regularExpression) {
            location = String(detail[range])
        } else if detail.localizedCaseInsensitiveContains("end of file") {
            // A truncated file: the place to look is where it ends.
            location = lineAndColumn(of: data.count, in: data)
        }
        if data.isEmpty { location = nil }
        let problem = data.isEmpty ? "the file is empty, not JSON" : "not valid JSON (\(detail))"
        return DataFileError(path: path, location: location, problem: problem, remedy: remedy)
    }

    /// 1-based line and column of a byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> String {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path + "." + key.stringValue
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type, is Decimal.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".contains("Array") ? "an array" : "an object"
        }
    }
}
