// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "gestured",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gestured", targets: ["gestured"]),
        .executable(name: "gesturectl", targets: ["gesturectl"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        // Kernel input without the kernel, recordings, touch conditioning and the twin's encoder, for the benchmarks
        // and the fuzzers.
        .library(name: "InputCore", targets: ["InputCore"]),
        .library(name: "CaptureFormats", targets: ["CaptureFormats"]),
        .library(name: "Conditioning", targets: ["Conditioning"]),
        .library(name: "TwinEncoding", targets: ["TwinEncoding"]),
        // Kernel devices (libevdev, uinput), for the benchmarks that run on them in the VM.
        .library(name: "LinuxInput", targets: ["LinuxInput"]),
        // The wire protocol: requests, replies and events.
        .library(name: "GestureProtocol", targets: ["GestureProtocol"]),
        // System calls as the project makes them, a socket at a path among them: for the benchmarks' own clients.
        .library(name: "SystemCalls", targets: ["SystemCalls"]),
        // What a Swift application uses: a connection with async requests and typed events.
        .library(name: "GestureClient", targets: ["GestureClient"]),
        // The text-trace form of scenarios and the configuration, for the fuzzers (Fuzz/).
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GestureConfig", targets: ["GestureConfig"]),
        // The files the configuration names, as the fuzzers and benchmarks read them (or give them).
        .library(name: "ConfigSchema", targets: ["ConfigSchema"]),
        .library(name: "ConfigFiles", targets: ["ConfigFiles"]),
        .library(name: "ShapeFormat", targets: ["ShapeFormat"]),
        .library(name: "DeviceFactsDatabase", targets: ["DeviceFactsDatabase"]),
        // The daemon without its I/O, for the replay fuzzer (the session's surface transform).
        .library(name: "GestureCore", targets: ["GestureCore"]),
        // The whole pipeline on recordings in process (OfflineReplay, what `gestured replay` runs), for the shape
        // benchmark, which replays thousands of drawings with hundreds of configurations.
        .library(name: "GestureDaemon", targets: ["GestureDaemon"]),
        // Which application is in front on the running desktop, for per-application actions.
        .library(name: "DesktopFocus", targets: ["DesktopFocus"]),
        // gesturectl import's readers of other tools' configurations, for their fuzzers.
        .library(name: "ActionImports", targets: ["ActionImports"]),
        // The actions file's schema, for gesturectl import's fuzzers, which check what the importers write.
        .library(name: "GestureActions", targets: ["GestureActions"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Elementary functions (atan2) without importing the platform's C library into the engine.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // FileDescriptor and Errno: the system-call funnel (SystemCalls) builds on them.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        // YAML for libinput record's files. 6.x: its libyaml limits nesting (a deep file cannot overflow the stack).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The recognizer engine: pure Swift, no Foundation, no Glibc. Time is an input.
        .target(
            name: "GestureEngine",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        // Custom recognizers written only against the engine's public API (checkmark, tickle).
        .target(name: "GestureSamples", dependencies: ["GestureEngine"]),
        // Kernel input without the kernel: event codes, device descriptions, millimetres on the surface and the
        // frame builder. Pure Swift on the engine's types: no system library, no Foundation.
        .target(name: "InputCore", dependencies: ["GestureEngine"]),
        // Recordings (evemu, evtest, libinput record, Android getevent) read and written, the byte scanner their
        // readers share, the gesture script, and replays through the frame builder; no system library, so replays
        // need no device. Yams reads libinput record's YAML, bringing Foundation and the libyaml it vendors (C,
        // built from source).
        .target(
            name: "CaptureFormats",
            dependencies: [
                "GestureEngine", "InputCore", .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Touch conditioning, between the frame builder and the engine: wobble, jumps, palms, thumbs, clicks and
        // finger-count changes made into the touches UIKit's model expects. Frames in, frames out; no recordings.
        .target(name: "Conditioning", dependencies: ["GestureEngine", "InputCore"]),
        // The pass-through twin's encoder: the touches applications should see, as a multitouch device's events.
        .target(name: "TwinEncoding", dependencies: ["GestureEngine", "InputCore"]),
        // The one way system calls are made: EINTR retried, EAGAIN as "nothing now", one error type.
        .target(name: "SystemCalls", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // System libraries, found with pkg-config.
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CMtdev", pkgConfig: "mtdev", providers: [.apt(["libmtdev-dev"])]),
        // The few C helpers Swift cannot do without (see its header).
        .target(name: "CGesturedInput", dependencies: ["CLibevdev"]),
        // Live devices: libevdev reading, libudev discovery and hot-plug; multitouch protocol A through mtdev, for
        // live devices and recordings (CaptureFormats) alike.
        .target(
            name: "LinuxInput",
            dependencies: [
                "InputCore", "CaptureFormats", "GestureEngine", "SystemCalls", "CLibevdev", "CLibudev", "CMtdev",
                "CGesturedInput",
            ]
        ),
        // The one list of recognizer kinds and their parameters, with ranges and the trace's short names, for the
        // configuration and the trace form alike.
        .target(name: "GestureCatalog", dependencies: ["GestureEngine", "GestureSamples"]),
        // The text-trace form of scenarios: parse, run on an engine (touch conditioning first, when asked), print
        // what happened.
        .target(name: "GestureTrace", dependencies: ["GestureEngine", "GestureCatalog", "Conditioning", "InputCore"]),
        // The language gestured's files are written in: TOML 1.0 read from bytes, each value with its place. Imports
        // nothing.
        .target(name: "ConfigLanguage"),
        // Typed reading of a TOML tree for every schema gestured has: each value's type and range checked, every error
        // with its file, line and column, and files asked for by path (FileSource), never read.
        .target(name: "ConfigSchema", dependencies: ["ConfigLanguage", "GestureProtocol"]),
        // Reading the files the schemas name from the file system: the one FileSource the programs pass.
        .target(
            name: "ConfigFiles",
            dependencies: ["ConfigLanguage", "ConfigSchema", "SystemCalls", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // The shape file (docs/shapes.md) and a client's shapes, held to the same rules, made the engine's templates.
        .target(name: "ShapeFormat", dependencies: ["ConfigLanguage", "ConfigSchema", "GestureEngine", "GestureProtocol"]),
        // The device database (docs/devices.md): entries of facts about particular devices, matched by identity.
        .target(name: "DeviceFactsDatabase", dependencies: ["ConfigLanguage", "ConfigSchema", "GestureEngine", "InputCore"]),
        // The daemon's configuration: its schema, checked with positions, and the surfaces built from it.
        .target(
            name: "GestureConfig",
            dependencies: [
                "ConfigLanguage", "ConfigSchema", "ShapeFormat", "GestureEngine", "GestureCatalog", "Conditioning",
                "InputCore",
            ]
        ),
        // The wire: every request, reply and event as plain types that encode and decode both ways. What a client
        // links: nothing of the daemon and not the engine (no configuration, no C++), checked by
        // scripts/check-client-package.
        .target(name: "GestureProtocol"),
        // The client library: typed events as an AsyncSequence, requests as async calls with typed errors.
        .target(name: "GestureClient", dependencies: ["GestureProtocol", "SystemCalls"]),
        // Gesture actions without code: what an actions file makes of each gesture event (gesturectl actions).
        .target(
            name: "GestureActions",
            dependencies: [
                "ConfigLanguage", "ConfigSchema", "GestureClient", "GestureConfig", "GestureEngine", "GestureProtocol",
                "InputCore",
                "SessionDesktop",
            ]
        ),
        // The actions service (gesturectl actions): an actions file carried out for as long as it runs, its effects
        // (keys, pointer, commands, the window in front) behind small interfaces.
        .target(
            name: "ActionService",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "GestureActions", "GestureClient", "GestureConfig", "GestureProtocol",
                "DesktopFocus", "LinuxInput", "SystemCalls",
                "CGesturedInput",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Another gesture tool's configuration made an actions file (gesturectl import): Touchégg's XML with
        // Foundation's XMLParser (libxml2, which the binary then links dynamically), fusuma's YAML with Yams.
        .target(name: "ActionImports", dependencies: ["GestureActions", "CaptureFormats", "GestureConfig", .product(name: "Yams", package: "Yams")]),
        // An application of the client library: prints the swipes and pinches it is told of.
        .executableTarget(name: "gesture-client-example", dependencies: ["GestureClient"]),
        // The daemon without its I/O: devices, engines and clients put together (DaemonCore), taking every input
        // with its time and answering with lines and actions. No Glibc, no LinuxInput, no clock.
        .target(
            name: "GestureCore",
            dependencies: [
                "ConfigSchema", "DeviceFactsDatabase", "GestureCatalog", "GestureConfig", "GestureEngine", "GestureProtocol",
                "InputCore", "Conditioning", "TwinEncoding",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The daemon's I/O around the core: the input loop, the socket server, the replays, systemd integration.
        .target(
            name: "GestureDaemon",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "DeviceFactsDatabase", "ConfigLanguage", "GestureCore", "GestureConfig",
                "GestureEngine", "GestureProtocol", "CaptureFormats", "InputCore",
                "LinuxInput", "SystemCalls", "CGesturedInput", "CSystemd",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // Which desktop a session runs, from its environment: one rule for the shortcut presets and the focus sources.
        .target(name: "SessionDesktop"),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CXCB", pkgConfig: "xcb", providers: [.apt(["libxcb1-dev"])]),
        // Which application is in front, and which window is under the pointer, asked of the running desktop: X11
        // through libxcb, sway and Hyprland over their IPC sockets, KWin over the session bus with sd-bus
        // (docs/desktop-focus.md).
        .target(
            name: "DesktopFocus",
            dependencies: [
                "CXCB", "CSystemd", "SessionDesktop", "SystemCalls", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "gestured",
            dependencies: [
                "ConfigFiles", "DeviceFactsDatabase", "ShapeFormat", "GestureCore",
                "GestureEngine",
                "GestureTrace",
                "GestureConfig",
                "GestureDaemon",
                "GestureProtocol",
                "CaptureFormats",
                "Conditioning",
                "InputCore",
                "LinuxInput",
                "SystemCalls",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The client: a blocking connection to the socket, human-readable lines.
        .executableTarget(
            name: "gesturectl",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "ShapeFormat", "ActionService", "GestureProtocol", "GestureClient",
                "GestureConfig", "GestureEngine", "GestureActions", "ActionImports",
                "DesktopFocus", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ConfigLanguageTests", dependencies: ["ConfigLanguage"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "GestureTrace"]),
        .testTarget(name: "GestureSamplesTests", dependencies: ["GestureSamples", "GestureEngine", "GestureTrace"]),
        .testTarget(name: "InputCoreTests", dependencies: ["InputCore", "CaptureFormats", "GestureEngine"]),
        // The twin encoder's tests: what it writes is read back by the frame builder that reads real devices.
        .testTarget(name: "TwinEncodingTests", dependencies: ["TwinEncoding", "InputCore", "GestureEngine"]),
        .testTarget(name: "CaptureFormatsTests", dependencies: ["CaptureFormats", "GestureEngine", "InputCore"]),
        .testTarget(name: "ConditioningTests", dependencies: ["Conditioning", "GestureEngine", "GestureTrace"]),
        .testTarget(
            name: "GestureConfigTests",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "ShapeFormat", "ConfigLanguage", "GestureConfig", "GestureEngine",
                "GestureSamples", "Conditioning", "InputCore",
            ]
        ),
        .testTarget(name: "GestureProtocolTests", dependencies: ["GestureProtocol"]),
        .testTarget(name: "ConfigSchemaTests", dependencies: ["ConfigLanguage", "ConfigSchema"]),
        .testTarget(name: "GestureCatalogTests", dependencies: ["GestureCatalog", "GestureTrace"]),
        .testTarget(name: "SessionDesktopTests", dependencies: ["SessionDesktop"]),
        .testTarget(name: "ConfigFilesTests", dependencies: ["ConfigFiles", "GestureConfig"]),
        .testTarget(name: "ShapeFormatTests", dependencies: ["ConfigFiles", "ConfigSchema", "GestureEngine", "ShapeFormat"]),
        .testTarget(
            name: "DeviceFactsDatabaseTests",
            dependencies: [
                "ConfigFiles", "DeviceFactsDatabase", "Conditioning", "GestureEngine", "InputCore",
            ]
        ),
        .testTarget(
            name: "ActionImportsTests",
            dependencies: [
                "ConfigFiles", "ActionImports", "GestureActions", "GestureConfig", "GestureProtocol",
            ]
        ),
        .testTarget(
            name: "GestureDaemonTests",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "ShapeFormat", "GestureCore", "GestureDaemon", "GestureConfig",
                "GestureEngine", "CaptureFormats", "InputCore", "CLibevdev",
                "DaemonTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // What the daemon's tests share: a real `gestured run` on a temporary socket, a protocol client for it, and
        // the configuration most of them start from.
        .target(name: "DaemonTestSupport", dependencies: ["CaptureFormats", "GestureProtocol", "SystemCalls"], path: "Tests/DaemonTestSupport"),
        .testTarget(
            name: "GestureActionsTests",
            dependencies: [
                "ConfigFiles", "ConfigSchema", "ConfigLanguage", "GestureActions", "GestureClient", "GestureConfig",
            ]
        ),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace", "GestureEngine"]),
        .testTarget(name: "GestureClientTests", dependencies: ["GestureClient", "DaemonTestSupport"]),
        .testTarget(
            name: "GestureCoreTests",
            dependencies: [
                "ConfigFiles", "GestureActions", "ConfigSchema", "GestureCore", "GestureConfig", "GestureEngine",
                "CaptureFormats", "Conditioning", "InputCore", "TwinEncoding",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "LinuxInputTests", dependencies: ["LinuxInput", "CaptureFormats", "GestureEngine", "InputCore"]),
        .testTarget(name: "GesturectlTests", dependencies: ["gesturectl", "DaemonTestSupport"]),
        .testTarget(
            name: "ActionServiceTests", dependencies: ["ActionService", "GestureActions", "GestureConfig", "GestureProtocol", "SystemCalls"]),
        // Against real desktops the tests start (Xvfb with openbox, a headless sway), skipped without them; Hyprland
        // against replies written from its documentation.
        .testTarget(name: "DesktopFocusTests", dependencies: ["DesktopFocus", "CXCB"]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")]),
    ],
    swiftLanguageModes: [.v6]
)
