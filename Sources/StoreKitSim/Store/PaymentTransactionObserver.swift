/// SKPaymentTransactionObserver.
public protocol PaymentTransactionObserver: AnyObject {
    /// Transactions that are new or changed state, including those redelivered at launch.
    func paymentQueue(_ queue: PaymentQueue, updatedTransactions transactions: [Transaction])
    /// Transactions the app finished.
    func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [Transaction])
    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue)
    func paymentQueue(_ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: StoreError)
}

public extension PaymentTransactionObserver {
    func paymentQueue(_ queue: PaymentQueue, removedTransactions transactions: [Transaction]) {}
    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: PaymentQueue) {}
    func paymentQueue(_ queue: PaymentQueue, restoreCompletedTransactionsFailedWithError error: StoreError) {}
}
