import SampleApp
import AppStoreCore

extension AppState {
    /// An alert for `error`: `message` (the error's description unless said) and, under it,
    /// the error's domain and code, the same in every alert.
    func failure(_ title: String, _ error: StoreError, message: String? = nil) -> Alert {
        Alert(kind: .failure, title: title, message: message ?? strings.errors.description(error),
              detail: strings.errors.detail(error))
    }
}
