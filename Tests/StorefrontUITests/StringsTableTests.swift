import CatalogFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing
@testable import StorefrontUI
import Wording

/// The strings table: every entry has its English and its Japanese, and they differ where
/// they should; the language comes from a language code.
@Suite struct StringsTableTests {
    static let tables: [any PhraseTable] = [
        StoreStrings.shared, SheetStrings.shared, AlertStrings.shared, ErrorStrings.shared, ConditionStrings.shared,
        ApprovalStrings.shared, KeyStrings.shared, LogStrings.shared, MessageStrings.shared, ScreenStrings.shared, DataFileStrings.shared,
        StoreAdminErrorStrings.shared, WalkthroughStrings.shared, ManagerStrings.shared, BuyOutsideStrings.shared, UnconsumedStrings.shared, RefundRequestStrings.shared, FamilyStrings.shared,
    ]

    static let periods = [SubscriptionPeriod(value: 1, unit: .week), SubscriptionPeriod(value: 3, unit: .day),
                          SubscriptionPeriod(value: 1, unit: .month), SubscriptionPeriod(value: 2, unit: .year)]
    /// Every error the store and the app make: StoreKit's codes in their own words, then
    /// those made in words of their own (named as `errorsMadeInTheirOwnWords` finds them).
    static let errors = SKErrorCode.allCases.map { StoreError($0) }
        + [StoreError.notConnected, .alreadyOwned, .notSignedIn, .interrupted, .declined, .restricted,
           .purchaseInProgress, .restoreInProgress, .balanceFull, .activeSubscriptionInStorefront,
           .invalidQuantity(3, of: "com.storefront.premium", maximum: 1), .invalidQuantity(12, of: "com.storefront.credits.5", maximum: 10),
           .purchaseLimitExceeded]
        + StoreKitErrorCode.allCases.map(StoreError.storeKitError) + VerificationErrorCode.allCases.map(StoreError.verificationError)
        + RefundRequestErrorCode.allCases.map(StoreError.refundRequestError)

    /// Each entry's English and Japanese, with sample values in the entries that take some.
    /// An entry of a shape with no samples here is reported, so none goes unchecked.
    static func pairs(_ entry: Any) -> [(en: String, ja: String)]? {
        func each<A>(_ phrase: Phrase1<A>, _ values: [A]) -> [(en: String, ja: String)] {
            values.map { (phrase.en($0), phrase.ja($0)) }
        }
        func each<A, B>(_ phrase: Phrase2<A, B>, _ values: [(A, B)]) -> [(en: String, ja: String)] {
            values.map { (phrase.en($0.0, $0.1), phrase.ja($0.0, $0.1)) }
        }
        switch entry {
        case let phrase as Phrase: return [(phrase.en, phrase.ja)]
        case let phrase as Phrase1<String>: return each(phrase, ["X"])
        case let phrase as Phrase1<Int>: return each(phrase, [1, 2])
        case let phrase as Phrase1<String?>: return each(phrase, ["X", nil])
        case let phrase as Phrase1<TransactionReason>: return each(phrase, TransactionReason.allCases)
        case let phrase as Phrase1<Bool>: return each(phrase, [true, false])
        case let phrase as Phrase1<Decimal>: return each(phrase, [0, -1.5])
        case let phrase as Phrase1<TransactionState>: return each(phrase, [.purchasing, .purchased, .failed, .deferred, .restored])
        case let phrase as Phrase1<ProductType>: return each(phrase, ProductType.allCases)
        case let phrase as Phrase1<SubscriptionPeriod>: return each(phrase, periods)
        case let phrase as Phrase1<StoreError>: return each(phrase, errors)
        case let phrase as Phrase1<ExpirationReason>: return each(phrase, ExpirationReason.allCases)
        case let phrase as Phrase2<String, String>: return each(phrase, [("X", "Y")])
        case let phrase as Phrase2<String, String?>: return each(phrase, [("X", "Y"), ("X", nil)])
        case let phrase as Phrase2<String, Int>: return each(phrase, [("X", 1), ("X", 2)])
        case let phrase as Phrase2<Int, String>: return each(phrase, [(1, "X")])
        case let phrase as Phrase2<Int, Int>: return each(phrase, [(1, 2)])
        case let phrase as Phrase2<TransactionOffer.OfferType, SubscriptionOffer.PaymentMode>:
            return TransactionOffer.OfferType.allCases.flatMap { type in SubscriptionOffer.PaymentMode.allCases.map { (type, $0) } }
                .map { (phrase.en($0.0, $0.1), phrase.ja($0.0, $0.1)) }
        case let phrase as Phrase2<Int, Bool>: return each(phrase, [(1, false), (2, false), (500, true)])
        case let phrase as Phrase2<Bool, String>: return each(phrase, [(true, "X"), (false, "X")])
        case let phrase as Phrase2<String, ExpirationReason?>: return each(phrase, [("X", nil)] + ExpirationReason.allCases.map { ("X", $0) })
        case let phrase as Phrase2<String, SubscriptionPeriod>: return each(phrase, periods.map { ("X", $0) })
        case let phrase as Phrase2<SubscriptionPeriod, String>: return each(phrase, periods.map { ($0, "X") })
        case let phrase as Phrase3<String, String, String>: return [(phrase.en("X", "Y", "Z"), phrase.ja("X", "Y", "Z"))]
        case let phrase as Phrase3<String, String?, String>:
            return [(phrase.en("X", "Y", "Z"), phrase.ja("X", "Y", "Z")), (phrase.en("X", nil, "Z"), phrase.ja("X", nil, "Z"))]
        case let phrase as Phrase2<String, (plan: String, expire: String)?>:
            return [(phrase.en("X", ("Y", "Z")), phrase.ja("X", ("Y", "Z"))), (phrase.en("X", nil), phrase.ja("X", nil))]
        case let phrase as Phrase3<String, TransactionState, String>:
            return TransactionState.allCases.map { (phrase.en("X", $0, "Y"), phrase.ja("X", $0, "Y")) }
        case let phrase as Phrase2<String, TransactionState>:
            return TransactionState.allCases.map { (phrase.en("X", $0), phrase.ja("X", $0)) }
        case let phrase as Phrase3<Int, String, String>: return [(phrase.en(1, "X", "Y"), phrase.ja(1, "X", "Y"))]
        case let phrase as Phrase3<String, Int, Int>: return [(phrase.en("X", 1, 2), phrase.ja("X", 1, 2))]
        case let phrase as Phrase3<String, Int, String>: return [(phrase.en("X", 1, "Y"), phrase.ja("X", 1, "Y"))]
        case let phrase as Phrase3<String, Decimal, String>: return [(phrase.en("X", 4.99, "Y"), phrase.ja("X", 4.99, "Y"))]
        case let phrase as Phrase3<Int, Int, Int>: return [(phrase.en(3, 1, 2), phrase.ja(3, 1, 2))]
        default: return nil
        }
    }

    @Test func everyEntryHasItsEnglishAndItsOwnJapanese() {
        var count = 0
        for table in Self.tables {
            for entry in Mirror(reflecting: table).children {
                let name = "\(type(of: table)).\(entry.label ?? "?")"
                guard let pairs = Self.pairs(entry.value) else {
                    Issue.record("\(name): no sample values for \(type(of: entry.value))")
                    continue
                }
                let sameInBoth = (entry.value as? Phrase)?.isSameInBoth == true
                for (en, ja) in pairs {
                    count += 1
                    #expect(!en.isEmpty && !ja.isEmpty, "\(name)")
                    guard !sameInBoth else { continue }
                    #expect(en != ja, "\(name): \"\(ja)\" is the English")
                    #expect(ja.unicodeScalars.contains { !$0.isASCII }, "\(name): \"\(ja)\" has no Japanese")
                }
            }
        }
        #expect(count > 300, "every table was read: \(count) texts")
    }

    @Test(arguments: [("ja", Strings.japanese), ("ja-JP", .japanese), ("ja_JP.UTF-8", .japanese), ("JA", .japanese),
                      ("en", .english), ("en-US", .english), ("fr", .english), ("", .english)])
    func theLanguageComesFromALanguageCode(code: String, strings: Strings) {
        #expect(Strings(languageCode: code) == strings)
    }

    @Test func aTerminalThatDrawsASCIIGetsTheEnglishWords() throws {
        let ui = try UITestHarness(settings: UITestHarness.useJapanese)
        #expect(ui.state.strings == .japanese)
        var ascii = ui.state
        ascii.ascii = .noUTF8Locale
        #expect(ascii.strings == .english, "Japanese would be question marks")
    }

    @Test func periodsAndChargesReadAsTheSheetStatesThem() throws {
        let sheet = (en: Strings.english.sheet, ja: Strings.japanese.sheet)
        #expect(sheet.en.period(SubscriptionPeriod(value: 3, unit: .day)) == "3 days")
        #expect(sheet.en.period(SubscriptionPeriod(value: 1, unit: .month)) == "1 month")
        #expect(sheet.ja.period(SubscriptionPeriod(value: 1, unit: .month)) == "1か月")
        #expect(sheet.ja.period(SubscriptionPeriod(value: 1, unit: .week)) == "1週間")
        #expect(sheet.en.perPeriod("$9.99", SubscriptionPeriod(value: 3, unit: .month)) == "$9.99/3 months")
        #expect(sheet.ja.perPeriod("¥800", SubscriptionPeriod(value: 1, unit: .month)) == "¥800/月")

        let catalog = try CatalogLoader.defaultCatalog()
        func product(_ id: String, _ storefront: String) throws -> Product {
            let locale = storefront == "JPN" ? "ja_JP" : "en_US"
            return try #require(catalog.product(id).flatMap { entry in
                AppStoreStorefront.named(storefront).flatMap { Product(entry, storefront: $0, locale: locale) }
            })
        }
        let monthly = try product("com.storefront.pro.monthly", "USA")
        #expect(Strings.english.charge(monthly, introOffer: false, app: .builtIn) == "$4.99/month")
        #expect(Strings.english.charge(monthly, introOffer: true, app: .builtIn) == "1 week free, then $4.99/month")
        #expect(Strings.japanese.charge(try product("com.storefront.pro.monthly", "JPN"), introOffer: true, app: .builtIn) == "1週間無料、その後¥800/月")
        #expect(Strings.english.charge(try product("com.storefront.pass.yearly", "USA"), introOffer: false, app: .builtIn) == "$29.99 for 1 year")
        #expect(Strings.japanese.charge(try product("com.storefront.pass.yearly", "JPN"), introOffer: false, app: .builtIn) == "¥4,800 (1年間)")
        #expect(Strings.english.charge(try product("com.storefront.credits.5", "USA"), quantity: 2, introOffer: false, app: .builtIn) == "$1.98")
    }

    /// StoreKit's errors read in English as the store recorded them, in Japanese from the table.
    @Test func anErrorReadsAsRecordedInEnglishAndFromTheTableInJapanese() {
        for error in Self.errors {
            #expect(Strings.english.errors.description(error) == error.message)
            #expect(Strings.japanese.errors.description(error) != error.message, "\(error.name)")
        }
        let unknownToTheTable = StoreError(domain: "Elsewhere", code: 1, name: "odd", message: "Something odd.")
        #expect(Strings.japanese.errors.description(unknownToTheTable) == "Something odd.", "its recorded words rather than none")
        let otherWords = StoreError(.paymentInvalid, message: "Quantity 3 is not valid for com.storefront.premium: use 1.")
        #expect(Strings.japanese.errors.description(otherWords) == otherWords.message, "recorded in words the store does not use")
    }

    /// A quantity refused by the store reads in Japanese with its values, read back from the
    /// message the transaction keeps.
    @Test func aRefusedQuantityReadsInJapaneseWithItsValues() {
        let consumable = StoreError.invalidQuantity(12, of: "com.storefront.credits.5", maximum: 10)
        #expect(consumable.message == "Quantity 12 is not valid for com.storefront.credits.5: use 1 to 10.")
        #expect(Strings.japanese.errors.description(consumable) == "数量12はcom.storefront.credits.5には指定できません。1〜10を指定してください。")
        let premium = StoreError.invalidQuantity(2, of: "com.storefront.premium", maximum: 1)
        #expect(premium.message == "Quantity 2 is not valid for com.storefront.premium: use 1 (only consumables take a quantity).")
        #expect(Strings.japanese.errors.description(premium)
            == "数量2はcom.storefront.premiumには指定できません。1を指定してください(数量を指定できるのは消耗型だけです)。")
    }

    /// Every error the sources make in words of their own is made under a name (a `static let`
    /// or `static func` of StoreError), and every such name is in `errors`, which have their
    /// Japanese: an error made anywhere else, or a new one, fails here.
    @Test func everyErrorMadeInWordsOfItsOwnIsListed() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            // A domain of its own, or a code with a message.
            for made in text.matches(of: /StoreError\(\s*(domain:|\.?\w+,\s*message:)/) {
                let before = text[..<made.range.lowerBound]
                let name = before.matches(of: /static (?:let|func) (\w+)/).last.map { String($0.output.1) }
                names.insert(name ?? "unnamed, in \(file.lastPathComponent)")
            }
        }
        #expect(names == ["notConnected", "alreadyOwned", "notSignedIn", "interrupted", "declined", "restricted",
                          "purchaseInProgress", "restoreInProgress", "balanceFull", "invalidQuantity",
                          "activeSubscriptionInStorefront", "purchaseLimitExceeded", "storeKitError", "verificationError",
                          "refundRequestError"])
    }

    /// The check the Japanese snapshots pass finds English where there is some.
    @Test func theJapaneseScreenCheckFindsEnglish() throws {
        let english = try UITestHarness()
        let words = JapaneseScreenText.englishWords(in: english.screen, state: english.state)
        for word in ["FREE", "free", "Transactions", "restore", "quit"] {
            #expect(words.contains(word), "\(word) in \(words)")
        }
        let japanese = try UITestHarness(settings: UITestHarness.useJapanese)
        #expect(JapaneseScreenText.englishWords(in: japanese.screen, state: japanese.state).isEmpty)
    }
}
