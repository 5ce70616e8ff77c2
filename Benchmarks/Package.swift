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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "GestureEngine", package: gestured),
                .product(name: "InputCore", package: gestured),
                .product(name: "CaptureFormats", package: gestured),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The labelled recordings of docs/quality.md: its tables, the recordings they name and the devices they were
        // made on; read by the quality benchmark and by DaemonBenchmarks' first-action comparison with libinput.
        .target(
            name: "LabelledRecordings",
            dependencies: [
                .product(name: "InputCore", package: gestured), .product(name: "CaptureFormats", package: gestured),
            ],
            path: "Benchmarks/LabelledRecordings"
        ),
        // The $1 unistroke logs read where they lie (never copied), for the shape benchmark: test data, not the product's.
        .target(name: "UnistrokeLogs", path: "Benchmarks/UnistrokeLogs"),
        // The whole daemon as a separate process: end-to-end latency and memory under a long replay.
        .executableTarget(
            name: "DaemonBenchmarks",
            dependencies: [
                .product(name: "InputCore", package: gestured),
                .product(name: "CaptureFormats", package: gestured),
                .product(name: "Conditioning", package: gestured),
                .product(name: "TwinEncoding", package: gestured),
                .product(name: "LinuxInput", package: gestured),
                .product(name: "GestureEngine", package: gestured),
                .product(name: "GestureProtocol", package: gestured),
                .product(name: "SystemCalls", package: gestured),
                "LabelledRecordings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "Benchmarks/DaemonBenchmarks"
        ),
        // Recognition quality: labelled recordings of real touch through `gestured replay` (docs/quality.md).
        .executableTarget(
            name: "QualityBenchmark",
            dependencies: [
                .product(name: "CaptureFormats", package: gestured),
                .product(name: "ConfigFiles", package: gestured),
                .product(name: "GestureConfig", package: gestured),
                "LabelledRecordings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/QualityBenchmark"
        ),
        // Shapes (docs/shapes.md, Measured): the $1 unistroke drawings replayed through a shape recognizer in process,
        // the labelled recordings with a shape recognizer beside the shipped ones, and the time a decision takes.
        .executableTarget(
            name: "ShapesBenchmark",
            dependencies: [
                .product(name: "CaptureFormats", package: gestured),
                .product(name: "ConfigFiles", package: gestured),
                .product(name: "DeviceFactsDatabase", package: gestured),
                .product(name: "GestureConfig", package: gestured),
                .product(name: "GestureDaemon", package: gestured),
                .product(name: "GestureEngine", package: gestured),
                .product(name: "GestureProtocol", package: gestured),
                .product(name: "InputCore", package: gestured),
                .product(name: "LinuxInput", package: gestured),
                .product(name: "ShapeFormat", package: gestured),
                "UnistrokeLogs",
                "LabelledRecordings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ShapesBenchmark"
        ),
        // The quality benchmark's own scoring, on replay output written by hand.
        .testTarget(
            name: "QualityBenchmarkTests",
            dependencies: ["QualityBenchmark", "LabelledRecordings"],
            path: "Tests/QualityBenchmarkTests"
        ),
        // How the shape benchmark reads the $1 logs, makes recordings of them and scores what the replays print.
        .testTarget(
            name: "ShapesBenchmarkTests",
            dependencies: ["ShapesBenchmark", "UnistrokeLogs"],
            path: "Tests/ShapesBenchmarkTests"
        ),
        // How the first-action comparison with libinput reads both programs' lines and sums them up.
        .testTarget(
            name: "DaemonBenchmarksTests",
            dependencies: ["DaemonBenchmarks"],
            path: "Tests/DaemonBenchmarksTests"
        ),
    ]
)
