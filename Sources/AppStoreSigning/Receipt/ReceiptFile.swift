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
    /// what `made` lists; else `made` signed, written to the file. A file that is no receipt
    /// is refused, never replaced.
    public func current(_ made: AppReceipt, identity: SigningIdentity, durability: Durability = .durable) throws -> SignedReceipt {
        if let (kept, receipt) = try read(), kept.isSigned(under: identity.root), receipt.listsTheSame(as: made) {
            return kept
        }
        return try sign(made, identity: identity, durability: durability)
    }

    /// `receipt` signed and written over the receipt the file held (a refresh); a file that is
    /// no receipt is refused, never replaced.
    @discardableResult
    public func write(_ receipt: AppReceipt, identity: SigningIdentity, durability: Durability = .durable) throws -> SignedReceipt {
        _ = try read()
        return try sign(receipt, identity: identity, durability: durability)
    }

    /// The file's receipt; nil when there is none yet.
    public func stored() throws -> SignedReceipt? {
        try read()?.signed
    }

    /// Why the file cannot be used, as `storefront receipt` and a refresh refuse it; none when
    /// it is a receipt or there is none yet. Reads only: one signed by another chain is no
    /// damage, the next read signs it again.
    public func problems() -> [DataFileError] {
        do {
            _ = try read()
            return []
        } catch let error as DataFileError {
            return [error]
        } catch {
            return [DataFileError(path: url.path, problem: "\(error)", remedy: .replaceReceipt)]
        }
    }

    /// The file's receipt and what it lists; nil when there is none yet, refused (naming the
    /// file) when what is there is not a receipt.
    private func read() throws -> (signed: SignedReceipt, receipt: AppReceipt)? {
        guard let data = try DataFileReader.contents(of: url, remedy: .replaceReceipt) else { return nil }
        do {
            let signed = try SignedReceipt(bytes: Array(data))
            return (signed, try signed.receipt())
        } catch {
            throw DataFileError(path: url.path, problem: "not an App Store receipt (\(error))", remedy: .replaceReceipt)
        }
    }

    private func sign(_ receipt: AppReceipt, identity: SigningIdentity, durability: Durability) throws -> SignedReceipt {
        let signed = try SignedReceipt.sign(receipt, with: identity)
        try AtomicFile.write(Data(signed.bytes), to: url, durability: durability)
        return signed
    }
}
