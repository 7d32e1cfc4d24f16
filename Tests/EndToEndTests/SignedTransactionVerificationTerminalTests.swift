import Foundation
import GRDB
import Testing

/// A person sees the app refuse what does not verify: an Ask to Buy approved from another
/// terminal, its signed form then damaged in store.sqlite (as the sqlite3 shell would), and the
/// storefront opened: the app hears of the purchase at launch, does not deliver it, and its
/// alert says the App Store's signature could not be verified, in the screen's language.
@Suite(.ownThreads) final class SignedTransactionVerificationTerminalTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func aDamagedSignatureIsToldInEnglish() throws {
        try damagedApprovedPurchase()
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("has not delivered it")
        #expect(screen.contains("Cannot Complete Purchase"), "\(screen)")
        // The alert's words, wrapped to its width.
        #expect(screen.contains("The App Store's signature on Premium Quotes could not be"), "\(screen)")
        #expect(screen.contains("verified, so the app has not delivered it. The signed"), "\(screen)")
        #expect(screen.contains("data's signature is not valid."), "\(screen)")
        #expect(screen.contains("StoreKit.VerificationResult.VerificationError code 4"), "\(screen)")
        try tty.send("Enter")
        try tty.waitFor("1000000001 not delivered, left unfinished in the queue")
        #expect(try cli.state()["userDefaults"].flatMap { ($0 as? [String: Any])?[SignedTransactionVerificationCommandTests.premium] } == nil)
    }

    @Test func aDamagedSignatureIsToldInJapanese() throws {
        try damagedApprovedPurchase()
        try cli.command("set", "locale", "ja_JP")
        let tty = try TmuxSession(cli)
        defer { tty.kill() }
        let screen = try tty.waitFor("配信していません")
        #expect(screen.contains("購入を完了できません"), "\(screen)")
        #expect(screen.contains("「プレミアム名言集」のApp Storeの署名を"), "\(screen)")
        #expect(screen.contains("検証できなかったため"), "\(screen)")
        #expect(screen.contains("署名付きデータの署名が無効です。"), "\(screen)")
    }

    /// Premium bought under Ask to Buy and approved on the store's side, its signed form then
    /// damaged: one character of the signature changed.
    private func damagedApprovedPurchase() throws {
        try cli.command("set", "ask-to-buy", "on")
        try cli.command("buy", SignedTransactionVerificationCommandTests.premium, status: 3)
        try cli.command("approve", "1000000001")
        try SignedTransactionVerificationCommandTests.damageSignedForm(of: "1000000001", in: cli)
    }
}
