import StoreKitSim

extension StoreError {
    /// The line under an alert's message, the same in every alert: "SKErrorDomain code 2 (paymentCancelled)".
    var detailLine: String { "\(domain) code \(code) (\(name))" }
}
