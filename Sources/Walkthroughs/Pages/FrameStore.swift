import StorefrontUI

/// Frames as a page keeps them, small however long the walkthrough: each distinct row's
/// HTML once (`lines`), and each frame as the rows that changed from the frame before, a row
/// number and a line's index for each (`d`). Every `keyframeEvery` frames a keyframe gives
/// every row (`k`), so a jump replays only the few frames after one. Times are milliseconds
/// on the walkthrough's own timeline (`t`), as the asciicast's.
public struct FrameStore: Encodable, Sendable {
    public struct Frame: Encodable, Sendable {
        public var t: Int
        /// Every row's line: a keyframe.
        public var k: [Int]?
        /// Row, line, row, line…: what changed.
        public var d: [Int]?
    }

    public static let keyframeEvery = 50

    public let cols: Int
    public let rows: Int
    public private(set) var lines: [String] = []
    public private(set) var frames: [Frame] = []

    public init(_ recorded: [Recording.Frame]) {
        cols = recorded.first?.screen.width ?? 0
        rows = recorded.first?.screen.height ?? 0
        var index: [String: Int] = [:]
        var shown: [Int] = []
        var previous: Buffer?
        for (n, frame) in recorded.enumerated() {
            let screen = frame.screen
            let keyframe = n % Self.keyframeEvery == 0 || previous?.width != screen.width || previous?.height != screen.height
            if keyframe { shown = Array(repeating: -1, count: screen.height) }
            var changes: [Int] = []
            for y in 0..<screen.height where keyframe || !Self.sameRow(y, previous!, screen) {
                let html = ScreenGrid.row(y, of: screen)
                let line = index[html] ?? lines.count
                if line == lines.count {
                    index[html] = line
                    lines.append(html)
                }
                shown[y] = line
                changes += [y, line]
            }
            frames.append(keyframe ? Frame(t: frame.milliseconds, k: shown) : Frame(t: frame.milliseconds, d: changes))
            previous = screen
        }
    }

    private static func sameRow(_ y: Int, _ a: Buffer, _ b: Buffer) -> Bool {
        let range = y * b.width ..< (y + 1) * b.width
        return a.cells[range] == b.cells[range]
    }
}
