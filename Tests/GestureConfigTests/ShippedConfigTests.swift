import ConfigFiles
import Foundation
import GestureEngine
import InputCore
import Testing

@testable import GestureConfig

/// The configuration files the project ships (config/*.toml, config/examples/*.toml) parse and validate, and
/// do what their comments say.
@Suite struct ShippedConfigTests {
    /// The package's config folder, found from this file.
    static let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config").resolvingSymlinksInPath()

    static var files: [URL] {
        [configFolder, configFolder.appendingPathComponent("examples")].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "toml" }
        }.sorted { $0.path < $1.path }
    }

    static func load(_ relativePath: String) throws -> Configuration {
        let url = configFolder.appendingPathComponent(relativePath)
        return try Configuration.load(url.path, files: SystemFiles()).get()
    }

    @Test func theShippedFilesAreThere() {
        let names = Set(Self.files.map { file in
            let folder = file.deletingLastPathComponent().lastPathComponent
            return folder == "examples" ? "examples/\(file.lastPathComponent)" : file.lastPathComponent
        })
        #expect(names.isSuperset(of: [
            "gestured.toml", "examples/tablet-kiosk.toml", "examples/laptop-touchpad.toml", "examples/phone-shell.toml",
            "examples/touchpad-desktop.toml",
        ]))
    }

    @Test(arguments: ShippedConfigTests.files)
    func everyShippedFileIsValid(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        do {
            // Its whole path: a shape recognizer's files are found beside it.
            let configuration = try Configuration.parse(text, file: file.path, files: SystemFiles())
            #expect(!configuration.devices.isEmpty)
            #expect(!configuration.recognizers.isEmpty)
        } catch {
            Issue.record("\(error)")
        }
    }

    // MARK: The default configuration

    @Test func theDefaultDaemonSettings() throws {
        let d = try Self.load("gestured.toml").daemon
        #expect(d.socketPath == "/run/gestured/gestured.sock")
        #expect(d.socketGroup == "gestured")
        #expect(d.socketMode == 0o660)
        #expect(d.rawTouchGroups == ["gestured-raw"])
        #expect(d.rawTouchUsers.isEmpty)
        // The values it writes out are the defaults.
        var defaults = DaemonSettings()
        defaults.socketGroup = "gestured"
        defaults.rawTouchGroups = ["gestured-raw"]
        #expect(d == defaults)
    }

    @Test func theDefaultDeviceIsTheImplicitOne() throws {
        let configuration = try Self.load("gestured.toml")
        let implicit = try Configuration.parse("", file: "empty.toml").devices
        #expect(configuration.devices == implicit)
    }

    @Test func everyKeyOfTheReferenceIsMentionedInTheDefaultFile() throws {
        let text = try String(contentsOf: Self.configFolder.appendingPathComponent("gestured.toml"), encoding: .utf8)
        let common = [
            "socket", "socket_group", "socket_mode", "log_level", "raw_touches", "users", "groups", "max_clients",
            "client_queue_bytes", "name", "match", "vendor", "product", "kinds", "size_mm", "rotation", "output_px",
            "device", "parent", "rect", "kind", "region", "enabled", "touch_types", "cancels_touches_in_view",
            "delays_touches_began", "delays_touches_ended", "requires_exclusive_touch_type", "require_to_fail",
            "simultaneous_with", "cannot_prevent", "cannot_be_prevented_by", "should_receive", "regions",
            "exclude_regions", "should_begin", "minimum_touches", "maximum_touches", "unless_active", "max_clients_per_user",
            "max_client_recognizers_total", "max_client_regions_total", "hello_timeout_s", "positions",
        ]
        let parameters = RecognizerKind.allCases.flatMap { $0.parameters.map(\.name) }
        for key in common + parameters {
            #expect(text.contains(key), "\(key) is not documented in config/gestured.toml")
        }
        for kind in RecognizerKind.allCases {
            #expect(text.contains("\"\(kind.rawValue)\""), "kind \(kind.rawValue)")
        }
    }

    @Test func theReferenceMentionsEveryKey() throws {
        let text = try String(contentsOf: Self.configFolder.appendingPathComponent("README.md"), encoding: .utf8)
        for kind in RecognizerKind.allCases {
            #expect(text.contains("`\(kind.rawValue)`"), "kind \(kind.rawValue)")
            for parameter in kind.parameters {
                #expect(text.contains("`\(parameter.name)`"), "\(kind.rawValue).\(parameter.name)")
            }
        }
        for level in DaemonSettings.logLevels { #expect(text.contains("`\(level)`"), "log level \(level)") }
        let daemonKeys = [
            "max_clients_per_user", "max_client_recognizers_total", "max_client_regions_total", "hello_timeout_s", "[daemon.positions]",
        ]
        for key in daemonKeys + ["positions"] { #expect(text.contains("`\(key)`"), "\(key)") }
    }

    @Test func withTheDefaultsATapWaitsForTheDoubleTap() throws {
        let d = SurfaceDriver(try surface(try Self.load("gestured.toml")))
        d.tap(1, at: 0, 50, 30)
        #expect(d.actions == [])
        d.settle()
        #expect(d.actions == ["tap ended"])
        d.clear()
        d.tap(2, at: 1, 50, 30)
        d.tap(3, at: 1.2, 50, 30)
        d.settle()
        #expect(d.actions == ["double-tap ended"])
    }

    @Test func withTheDefaultsThreeFingersSwipeAndNothingElseFires() throws {
        let d = SurfaceDriver(try surface(try Self.load("gestured.toml")))
        d.frame(0, [(1, .began, 70, 20), (2, .began, 70, 30), (3, .began, 70, 40)])
        for i in 1...10 {
            let x = 70 - Double(i) * 4
            d.frame(Double(i) * 0.01, [(1, .moved, x, 20), (2, .moved, x, 30), (3, .moved, x, 40)])
        }
        d.frame(0.15, [(1, .ended, 30, 20), (2, .ended, 30, 30), (3, .ended, 30, 40)])
        d.settle()
        #expect(d.actions == ["three-finger-swipe-horizontal ended"])
        let swipe = d.events.compactMap { event -> GestureAction? in
            if case .action(let a) = event { return a }
            return nil
        }.first
        #expect(swipe?.detail == .swipe(direction: .left))
    }

    @Test func withTheDefaultsPinchAndRotationGoTogether() throws {
        let d = SurfaceDriver(try surface(try Self.load("gestured.toml")))
        // Two fingers 20 mm apart, spreading to 40 mm while turning.
        d.frame(0, [(1, .began, 40, 30), (2, .began, 60, 30)])
        for i in 1...10 {
            let r = 10 + Double(i)
            let a = Double(i) * 3 * Double.pi / 180
            d.frame(Double(i) * 0.02, [(1, .moved, 50 - r * cos(a), 30 - r * sin(a)), (2, .moved, 50 + r * cos(a), 30 + r * sin(a))])
        }
        #expect(d.actions.contains("pinch began"))
        #expect(d.actions.contains("rotation began"))
        #expect(!d.actions.contains { $0.hasPrefix("two-finger-pan") || $0.hasPrefix("pan ") })
    }

    // MARK: Examples

    @Test func theKioskHasNoRawTouchesAndAnAdminCorner() throws {
        let configuration = try Self.load("examples/tablet-kiosk.toml")
        #expect(configuration.daemon.rawTouchUsers.isEmpty && configuration.daemon.rawTouchGroups.isEmpty)
        let screen = try #require(configuration.devices.first)
        #expect(screen.outputSize == Size(width: 1920, height: 1080))
        let s = try surface(configuration, size: Size(width: 300, height: 200))  // the file's size_mm is the caller's to apply
        let corner = try #require(s.regions["admin-corner"]?.frame)
        let d = SurfaceDriver(s)
        let p = Point(x: corner.minX + corner.size.width / 2, y: corner.minY + corner.size.height / 2)
        d.frame(0, [(1, .began, p.x, p.y)])
        d.advance(4.9)
        #expect(d.actions == [])
        d.advance(5.0)
        #expect(d.actions == ["admin began"])
        // Held back from the corner's region until the press decided, then cancelled by it.
        #expect(!d.events.contains { if case .touch(let t) = $0 { return t.phase == .began } else { return false } })
    }

    @Test func theTouchpadTakesIndirectTouchesOnly() throws {
        let configuration = try Self.load("examples/laptop-touchpad.toml")
        let pad = DeviceDescription(name: "SynPS/2 Synaptics TouchPad")
        #expect(configuration.deviceEntry(for: pad, kind: .touchpad)?.name == "touchpad")
        #expect(configuration.deviceEntry(for: pad, kind: .touchscreen) == nil)
        #expect(configuration.recognizers.allSatisfy { $0.touchTypes == .indirect })
        let d = SurfaceDriver(try surface(configuration, size: Size(width: 100, height: 60)))
        d.frame(0, [(1, .began, 40, 30), (2, .began, 60, 30)], type: .indirect)
        d.frame(0.05, [(1, .ended, 40, 30), (2, .ended, 60, 30)], type: .indirect)
        d.settle()
        #expect(d.actions == ["two-finger-tap ended"])
        // The same with fingers on a screen: nothing.
        d.clear()
        d.frame(1, [(3, .began, 40, 30), (4, .began, 60, 30)])
        d.frame(1.05, [(3, .ended, 40, 30), (4, .ended, 60, 30)])
        d.settle()
        #expect(d.actions == [])
    }

    @Test func theTouchpadsFourFingerSwipeIsNotAThreeFingerOne() throws {
        let d = SurfaceDriver(try surface(try Self.load("examples/laptop-touchpad.toml")))
        let ys: [Double] = [15, 25, 35, 45]
        d.frame(0, ys.enumerated().map { (TouchID(UInt64($0.offset + 1)), .began, 30, $0.element) }, type: .indirect)
        for i in 1...6 {
            d.frame(Double(i) * 0.01, ys.enumerated().map { (TouchID(UInt64($0.offset + 1)), .moved, 30 + Double(i) * 2, $0.element) }, type: .indirect)
        }
        #expect(d.actions == ["four-finger-swipe-horizontal ended"])
    }

    /// The phone's panel reports 135 x 62 mm in landscape; turned a quarter the user sees 62 x 135.
    private func phone() throws -> (SurfaceDriver, raw: (Double, Double) -> (Double, Double)) {
        let s = try surface(try Self.load("examples/phone-shell.toml"), size: Size(width: 135, height: 62))
        #expect(s.size == Size(width: 62, height: 135))
        // The kernel's point for a point (x, y) of the turned screen: the inverse of Rotation.quarter.
        return (SurfaceDriver(s), { x, y in (y, 62 - x) })
    }

    /// Feeds kernel-side frames through the surface's rotation, as the daemon does.
    private func rotatedFrame(_ d: SurfaceDriver, _ time: Double, _ touches: [Touch]) {
        var events: [EngineEvent] = []
        d.surface.engine.process(turned(TouchFrame(timestamp: .seconds(time), touches: touches), on: d.surface), into: &events)
        d.record(events)
    }

    @Test func thePhonesBackGestureStartsAtTheLeftEdgeOfTheTurnedScreen() throws {
        let (d, raw) = try phone()
        #expect(d.surface.regions["left-edge"]?.frame.maxX ?? 0 > 3.7)
        // From 1 mm off the left edge (as the user holds the phone), rightwards.
        var previous: Point?
        for i in 0...10 {
            let (x, y) = raw(1 + Double(i) * 2, 60)
            let p = Point(x: x, y: y)
            let t = Double(i) * 0.01
            rotatedFrame(d, t, [Touch(id: 1, phase: i == 0 ? .began : .moved, location: p, previousLocation: previous, timestamp: .seconds(t))])
            previous = p
        }
        #expect(d.actions.first == "back began")
        let began = d.events.compactMap { event -> GestureAction? in
            if case .action(let a) = event { return a }
            return nil
        }.first
        if case .edgePan(let edge, _, _)? = began?.detail { #expect(edge == .left) } else { Issue.record("\(String(describing: began))") }
    }

    @Test func thePhonesHomeSwipeBeatsTheAppSwitcher() throws {
        let (d, raw) = try phone()
        var previous: Point?
        for i in 0...10 {
            let (x, y) = raw(31, 133 - Double(i) * 3)
            let p = Point(x: x, y: y)
            let t = Double(i) * 0.01
            rotatedFrame(d, t, [Touch(id: 1, phase: i == 0 ? .began : .moved, location: p, previousLocation: previous, timestamp: .seconds(t))])
            previous = p
        }
        d.settle()
        #expect(d.actions == ["home ended"])
    }

    @Test func thePhonesAppScrollWaitsWhileABackGestureIsActive() throws {
        let (d, _) = try phone()
        // Turned coordinates directly: the back gesture from the left edge, then a second finger in the app.
        d.frame(0, [(1, .began, 1, 60)])
        for i in 1...5 { d.frame(Double(i) * 0.01, [(1, .moved, 1 + Double(i) * 2, 60)]) }
        #expect(d.actions.first == "back began")
        d.frame(0.1, [(2, .began, 30, 40)])
        for i in 1...5 { d.frame(0.1 + Double(i) * 0.01, [(2, .moved, 30, 40 + Double(i) * 3)]) }
        #expect(!d.actions.contains { $0.hasPrefix("scroll") })
    }
}
