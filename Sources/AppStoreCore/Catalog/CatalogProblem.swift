
/// What is wrong with a catalog, at a JSON path.
public struct CatalogProblem: Error, Equatable, Sendable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
