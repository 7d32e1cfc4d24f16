// swift-tools-version: 6.1
// The storefront's benchmarks, kept in their own package so the main
// package's `swift test` never builds ordo-one/benchmark. Run: `swift package benchmark`.
import PackageDescription

let package = Package(
    name: "storefront-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "storefront", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // The same GRDB as storefront's: the purchase benchmarks put a history back through it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // The plugin finds benchmark sources under Benchmarks/<target name>.
        .executableTarget(
            name: "StorefrontBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DataFiles", package: "storefront"),
                .product(name: "AppStoreCore", package: "storefront"),
                .product(name: "AppStorePersistence", package: "storefront"),
                .product(name: "StoreKitSim", package: "storefront"),
                .product(name: "CatalogFiles", package: "storefront"),
                .product(name: "SampleApp", package: "storefront"),
                .product(name: "StorefrontUI", package: "storefront"),
                .product(name: "Walkthroughs", package: "storefront"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/StorefrontBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // startup-cpu.sh's floor: decodes the built-in catalog with Foundation and exits.
        // Its sources are symbolic links to AppStoreCore's catalog files, plus main.swift.
        .executableTarget(name: "CatalogDecodeFloor", path: "Sources/CatalogDecodeFloor",
                          swiftSettings: [.define("CATALOG_DECODE_FLOOR")]),
    ]
)
