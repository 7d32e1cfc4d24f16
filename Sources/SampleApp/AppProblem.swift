/// An error the app met and carried on after (a data file it could not write), kept as
/// thrown: whoever shows it words it.
public struct AppProblem: Equatable, Sendable {
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    /// The same error: same type, same values.
    public static func == (a: AppProblem, b: AppProblem) -> Bool {
        String(reflecting: a.error) == String(reflecting: b.error)
    }
}
