// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .library(name: "DataFiles", targets: ["DataFiles"]),
        .library(name: "AppStoreCore", targets: ["AppStoreCore"]),
        .library(name: "AppStorePersistence", targets: ["AppStorePersistence"]),
        .library(name: "StoreKitSim", targets: ["StoreKitSim"]),
        .library(name: "CatalogFiles", targets: ["CatalogFiles"]),
        .library(name: "AppStoreJSON", targets: ["AppStoreJSON"]),
        .library(name: "Wording", targets: ["Wording"]),
        .library(name: "SampleApp", targets: ["SampleApp"]),
        .library(name: "StorefrontUI", targets: ["StorefrontUI"]),
        .library(name: "Walkthroughs", targets: ["Walkthroughs"]),
        .library(name: "AppStoreSigning", targets: ["AppStoreSigning"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.0"),
    ],
    targets: [
        // The only C: ncurses, its macros and globals wrapped in shim.h. Linked by name from
        // CursesTerminal (pkg-config's defines are ones SwiftPM refuses), per platform there,
        // since a module map cannot say "only on Linux".
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
        // The data directory and its files kept safe: atomic writes, guarded reads, locks, the
        // JSON style, the errors that name a file and its remedy, and the watcher that tells
        // when one changes. Foundation only.
        .target(name: "DataFiles"),
        // The simulated App Store's own model and rules: the catalog's model, the store's clock,
        // its records and the rules that change them, its settings and errors, the subscriptions'
        // lifecycle and events, and the storage its records stand on (in memory here). No GRDB,
        // no catalog files, no app, no UI.
        .target(name: "AppStoreCore", dependencies: ["DataFiles"]),
        // The store's records in store.sqlite through GRDB: rows, schema, migrations, the
        // database check and the empty store image.
        .target(name: "AppStorePersistence", dependencies: ["AppStoreCore", "DataFiles", .product(name: "GRDB", package: "GRDB.swift")]),
        // What an app links, shaped as StoreKit: the payment queue and its events, products
        // requests; and the App Store's admin API, built on the payment queue.
        .target(name: "StoreKitSim", dependencies: ["AppStoreCore"]),
        // Catalog files read and checked: storefront's JSON and Xcode's .storekit files (read and
        // written), into the store's Catalog and settings.
        .target(name: "CatalogFiles", dependencies: ["AppStoreCore", "DataFiles"]),
        // The App Store's JSON vocabulary: transactions, renewal info, subscription statuses,
        // store events and products as `--json` gives them, built from the store's values.
        .target(name: "AppStoreJSON", dependencies: ["AppStoreCore"]),
        // Every word of the product's own, English and Japanese side by side: the strings table
        // the app, its screens, the walkthroughs' band and the command line read.
        .target(name: "Wording", dependencies: ["AppStoreCore"]),
        // What the App Store signs, as a device and a backend receive it: the certificate chain
        // made for a data directory, compact JWS (ES256, x5c) of transactions, renewal infos and
        // app transactions, their verification, and the App Store receipt (PKCS#7 over ASN.1).
        .target(name: "AppStoreSigning", dependencies: [
            "AppStoreCore", "AppStoreJSON", "DataFiles",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // The sample app over that API, as an app over StoreKit: its catalog's content, its own
        // refusals, delivery into UserDefaults.json, credits, its transaction log.
        .target(name: "SampleApp", dependencies: ["StoreKitSim", "AppStoreCore", "Wording", "DataFiles"]),
        // The sample app's screens: state, actions, update, views drawn into a Canvas. No curses.
        .target(name: "StorefrontUI", dependencies: ["SampleApp", "Wording", "StoreKitSim", "AppStoreCore", "DataFiles"]),
        // Walkthrough files: their format, its parser, and a headless runner that drives the
        // storefront's runtime with keys over a fresh data directory, store time simulated.
        // A recorded walkthrough as a page: its Content-Security-Policy hashes with Crypto.
        .target(name: "Walkthroughs", dependencies: [
            "StorefrontUI", "SampleApp", "Wording", "StoreKitSim", "AppStoreCore", "AppStorePersistence", "DataFiles", "AppStoreSigning",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The ncurses Canvas, input, resize, colours and teardown.
        .target(
            name: "CursesTerminal",
            dependencies: ["CNCurses", "StorefrontUI"],
            linkerSettings: [
                // Debian and Ubuntu split the wide-character ncurses from its terminfo layer;
                // macOS's system ncurses has both, and the wide-character calls, in one library.
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("tinfo", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        // The command line and the wiring: the only module that knows them all.
        .executableTarget(
            name: "storefront",
            dependencies: [
                "DataFiles", "AppStoreCore", "AppStorePersistence", "StoreKitSim", "CatalogFiles", "AppStoreJSON", "Wording", "SampleApp", "StorefrontUI", "Walkthroughs", "CursesTerminal", "AppStoreSigning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The store, the data files, catalog files, the App Store's JSON, and the sample app
        // over the store.
        .testTarget(
            name: "StoreKitSimTests",
            dependencies: ["DataFiles", "AppStoreCore", "AppStorePersistence", "StoreKitSim", "CatalogFiles", "AppStoreJSON", "Wording", "SampleApp", .product(name: "GRDB", package: "GRDB.swift")],
            // StoreKit configuration files the tests (and the end-to-end ones) read by path.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "StorefrontUITests",
            dependencies: [
                "StorefrontUI", "SampleApp", "Wording", "AppStoreCore", "AppStorePersistence", "StoreKitSim", "CatalogFiles",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // The signing chain, JWS and the receipt, checked with swift-certificates' own reader.
        // The store's own storages and the built-in catalog, for the signed forms each keeps.
        .testTarget(name: "AppStoreSigningTests", dependencies: [
            "AppStoreSigning", "AppStoreCore", "AppStoreJSON", "DataFiles", "AppStorePersistence", "CatalogFiles",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // Crypto to check a page's Content-Security-Policy hashes from its own script and style.
        .testTarget(name: "WalkthroughsTests", dependencies: [
            "Walkthroughs", "StorefrontUI", "AppStoreCore", "AppStorePersistence", "CatalogFiles",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Depends on the executable so `swift test` builds the binary it runs.
        // GRDB to damage a store.sqlite as the sqlite3 shell would; AppStoreSigning, X509 and
        // AppStoreJSON to sign what the binary and Apple's library verify, read the chain the
        // binary made, and build the payloads Apple's own library reads (Tests/AppleLibrary).
        .testTarget(name: "EndToEndTests", dependencies: [
            "DataFiles", "AppStoreCore", "AppStorePersistence", "StoreKitSim", "CatalogFiles", "SampleApp", "AppStoreJSON", "storefront", "AppStoreSigning",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "X509", package: "swift-certificates"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
