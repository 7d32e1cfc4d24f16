/// A walkthrough as its file gives it: one step per line, in order, each with where it was
/// written so a failure can point at it.
public struct Walkthrough: Equatable, Sendable {
    /// The file as the user named it, for messages.
    public var file: String
    public var steps: [Step]

    public init(file: String, steps: [Step]) {
        self.file = file
        self.steps = steps
    }
}

/// One line of a walkthrough.
public struct Step: Equatable, Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// The step as written, without its comment or surrounding blanks.
    public var source: String
    public var action: StepAction

    public init(line: Int, source: String, action: StepAction) {
        self.line = line
        self.source = source
        self.action = action
    }
}
