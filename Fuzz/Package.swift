// swift-tools-version: 6.1
// libFuzzer harnesses live in their own package, built with sanitizers into their own folder, so that
// building and testing gestured never builds them. Run: scripts/fuzz (docs/fuzzing.md).
import PackageDescription

import struct Foundation.URL

// A local package is known by its folder's name, which depends on where gestured was cloned.
let gestured = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// libFuzzer supplies `main`; the harness only defines LLVMFuzzerTestOneInput.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzer(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzInput"] + products.map { .product(name: $0, package: gestured) },
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
        fuzzer("ConfigFuzzer", ["GestureConfig", "InputCore"]),
        fuzzer("DeviceDatabaseFuzzer", ["GestureConfig", "InputCore", "GestureEngine"]),
        fuzzer("RequestFuzzer", ["GestureConfig", "GestureProtocol"]),
        fuzzer("EvemuFuzzer", ["InputCore"]),
        fuzzer("EvtestFuzzer", ["InputCore"]),
        fuzzer("LibinputRecordFuzzer", ["InputCore"]),
        fuzzer("GeteventFuzzer", ["InputCore"]),
        fuzzer("ScriptFuzzer", ["InputCore"]),
        fuzzer("ReplayFuzzer", ["GestureConfig", "InputCore", "GestureEngine"]),
        // InputCore named too: the trace form conditions touches with it, and without the product its C module
        // (Yams's CYaml) is missing from the harness's build.
        fuzzer("TraceFuzzer", ["GestureTrace", "InputCore"]),
    ]
)
