import AppStoreCore

/// A store error as `--json` output gives it: its domain and code as `NSError` has them, and its text.
package struct ErrorPayload: Encodable {
    package var domain: String
    package var code: Int
    package var name: String
    package var message: String

    package init(_ e: StoreError) {
        domain = e.domain
        code = e.code
        name = e.name
        message = e.message
    }
}

