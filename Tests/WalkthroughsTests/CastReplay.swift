import Foundation
import StorefrontUI

/// An asciicast v2 recording read back as asciinema reads it: the header, then each event,
/// and the screen its output events draw, replayed on a small terminal of its own (cursor
/// moves, clears and colours; colours are dropped).
struct CastReplay {
    var header: [String: Any]
    var events: [(time: Double, code: String, data: String)]

    init(_ cast: String) throws {
        var lines = cast.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { throw Problem("the recording does not end with a line end") }
        lines.removeLast()
        guard let first = lines.first,
              let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] else {
            throw Problem("no header object")
        }
        self.header = header
        events = try lines.dropFirst().map { line in
            guard let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
                  let time = array[0] as? Double, let code = array[1] as? String, let data = array[2] as? String else {
                throw Problem("not an event: \(line)")
            }
            return (time, code, data)
        }
    }

    var markers: [String] { events.filter { $0.code == "m" }.map(\.data) }

    /// The screen after the output events up to `time` (all of them by default), row by row,
    /// trailing spaces removed.
    func screen(until time: Double = .infinity) throws -> [String] {
        guard let width = header["width"] as? Int, let height = header["height"] as? Int else { throw Problem("no width and height") }
        var cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        var (row, col) = (0, 0)
        for event in events where event.code == "o" && event.time <= time {
            let scalars = Array(event.data.unicodeScalars)
            var i = 0
            while i < scalars.count {
                if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                    var j = i + 2
                    while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { j += 1 }
                    guard j < scalars.count else { throw Problem("an unfinished escape sequence") }
                    let parameters = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
                    switch scalars[j] {
                    case "H":
                        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                        row = (numbers.first ?? 1) - 1
                        col = (numbers.count > 1 ? numbers[1] : 1) - 1
                    case "G": col = (Int(parameters) ?? 1) - 1
                    case "J": cells = Array(repeating: Array(repeating: " ", count: width), count: height)
                    case "m", "l", "h": break
                    default: throw Problem("an escape sequence a terminal would not expect here: \(parameters)\(scalars[j])")
                    }
                    i = j + 1
                    continue
                }
                let character = String(scalars[i])
                guard row < height, col < width else { throw Problem("text written off the screen at \(row),\(col)") }
                cells[row][col] = character
                let w = DisplayWidth.of(Character(scalars[i]))
                if w == 2, col + 1 < width { cells[row][col + 1] = "" }
                col += w
                i += 1
            }
        }
        return cells.map { line in
            var text = line.joined()
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
