/// A walkthrough as its file gives it: one step per line, in order, each with where it was
/// written so a failure can point at it.
public struct Walkthrough: Equatable, Sendable {
    /// The file as the user named it, for messages.
    public var file: String
    public var steps: [Step]
    /// The conditions `vary` lines name, in file order: `--matrix` runs every combination.
    public var variations: [Variation]

    public init(file: String, steps: [Step], variations: [Variation] = []) {
        self.file = file
        self.steps = steps
        self.variations = variations
    }
}

/// One line of a walkthrough.
public struct Step: Equatable, Sendable {
    /// 1-based line number in the file.
    public var line: Int
    /// The step as written (its `when` too), without its comment or surrounding blanks.
    public var source: String
    public var action: StepAction
    /// The combinations it runs in; nil: all of them.
    public var when: StepGuard?

    public init(line: Int, source: String, action: StepAction, when: StepGuard? = nil) {
        self.line = line
        self.source = source
        self.action = action
        self.when = when
    }
}
