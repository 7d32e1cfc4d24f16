/// A surface views draw on. `Buffer` is the one implementation: the terminal shows a
/// buffer, and tests read it back as text.
public protocol Canvas {
    var width: Int { get }
    var height: Int { get }
    /// Writes `text` starting at column `x` of row `y`, clipped to the canvas.
    /// Wide characters take two columns. Returns the column after the last one written.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: Style) -> Int
    /// Fills a rectangle with spaces in `style`.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, style: Style)
}

public extension Canvas {
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int) -> Int { put(text, x: x, y: y, style: .plain) }
}
