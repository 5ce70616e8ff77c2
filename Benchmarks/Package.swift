// swift-tools-version: 6.1
// Benchmarks live in their own package so that building and testing gestured does not build the
// benchmark harness. Run: swift package --package-path Benchmarks benchmark
import PackageDescription

import struct Foundation.URL

// A local package is known by its folder's name, which depends on where gestured was cloned.
let gestured = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "gestured-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "GestureEngine", package: gestured),
                .product(name: "InputCore", package: gestured),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
