// swift-tools-version: 6.1
// libFuzzer harnesses live in their own package, built with sanitizers into their own folder, so that
// building and testing gestured never builds them. Run: scripts/fuzz (docs/fuzzing.md).
import PackageDescription

import struct Foundation.URL

// A local package is known by its folder's name, which depends on where gestured was cloned.
let gestured = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// libFuzzer supplies `main`; the harness only defines LLVMFuzzerTestOneInput.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzer(_ name: String, _ products: [String], targets: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzInput"] + targets + products.map { .product(name: $0, package: gestured) },
        path: "Fuzzers/\(name)",
        swiftSettings: harness
    )
}

let package = Package(
    name: "gestured-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzInput", path: "Fuzzers/FuzzInput"),
        fuzzer("ConfigFuzzer", ["ConfigSchema", "GestureConfig", "GestureEngine"]),
        fuzzer("DeviceDatabaseFuzzer", ["DeviceFactsDatabase", "Conditioning", "InputCore", "GestureEngine"]),
        fuzzer("RequestFuzzer", ["ConfigSchema", "GestureConfig", "GestureEngine", "GestureProtocol"]),
        fuzzer("ServerLineFuzzer", ["GestureProtocol"]),
        fuzzer("ShapeFileFuzzer", ["ShapeFormat", "GestureEngine"]),
        fuzzer("EvemuFuzzer", ["CaptureFormats"]),
        fuzzer("EvtestFuzzer", ["CaptureFormats"]),
        fuzzer("LibinputRecordFuzzer", ["CaptureFormats"]),
        fuzzer("GeteventFuzzer", ["CaptureFormats", "InputCore"]),
        fuzzer("ScriptFuzzer", ["CaptureFormats"]),
        fuzzer("ReplayFuzzer", ["ConfigFiles", "GestureConfig", "GestureCore", "CaptureFormats", "InputCore", "GestureEngine"]),
        fuzzer("TraceFuzzer", ["GestureTrace"]),
        // gesturectl import's three readers share their checks.
        .target(
            name: "ImportCheck",
            dependencies: [
                .product(name: "ActionImports", package: gestured), .product(name: "ConfigFiles", package: gestured),
                .product(name: "GestureActions", package: gestured), .product(name: "GestureConfig", package: gestured),
            ],
            path: "Fuzzers/ImportCheck"),
        fuzzer("ToucheggImportFuzzer", [], targets: ["ImportCheck"]),
        fuzzer("FusumaImportFuzzer", [], targets: ["ImportCheck"]),
        fuzzer("LibinputGesturesImportFuzzer", [], targets: ["ImportCheck"]),
    ]
)
