import DataFiles
import Foundation

/// The App Store receipt in the data directory, where the app's bundle keeps it
/// (`Bundle.main.appStoreReceiptURL`). Its one writer is its reader: whoever reads it makes the
/// receipt the store's records make now and keeps the file as it is when it lists the same,
/// else signs and writes the new one. The records change from many places (every command, the
/// storefront, another terminal), and the store's change token is per process, so comparing
/// what the receipt lists is what finds a receipt out of date wherever the change came from.
public struct ReceiptFile: Sendable {
    public let url: URL

    public init(directory: DataDirectory) {
        url = directory.url.appendingPathComponent("StoreKit/receipt")
    }

    /// The receipt as the file holds it, when it is one signed under `identity` that lists
    /// what `made` lists; else `made` signed, written to the file.
    public func current(_ made: AppReceipt, identity: SigningIdentity, durability: Durability = .durable) throws -> SignedReceipt {
        if let kept = try? stored(), kept.isSigned(under: identity.root), let receipt = try? kept.receipt(), receipt.listsTheSame(as: made) {
            return kept
        }
        return try write(made, identity: identity, durability: durability)
    }

    /// `receipt` signed and written, whatever the file held (a refresh).
    @discardableResult
    public func write(_ receipt: AppReceipt, identity: SigningIdentity, durability: Durability = .durable) throws -> SignedReceipt {
        let signed = try SignedReceipt.sign(receipt, with: identity)
        try AtomicFile.write(Data(signed.bytes), to: url, durability: durability)
        return signed
    }

    /// The file's receipt; nil when there is none yet.
    public func stored() throws -> SignedReceipt? {
        guard let data = try DataFileReader.contents(of: url, remedy: .removeStrayFile) else { return nil }
        return try SignedReceipt(bytes: Array(data))
    }
}
