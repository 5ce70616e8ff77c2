import CaptureFormats
import Foundation
import GestureEngine
import InputCore
import LinuxInput

/// Helpers for the kernel device tests.
enum KernelDevices {
    static var available: Bool { access("/dev/uinput", W_OK) == 0 }

    static let recordings: String = {
        if let path = ProcessInfo.processInfo.environment["GESTURED_RECORDINGS"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }()

    /// A fresh clone has no `../shared/recordings`: the tests that replay them are skipped then.
    static var recordingsPresent: Bool { FileManager.default.fileExists(atPath: recordings) }

    static func sharedRecording(_ relative: String) throws -> Recording {
        var description: DeviceDescription?
        if relative.hasPrefix("evemu/") {
            let prop = recordings + "/" + relative.replacingOccurrences(of: ".event", with: ".prop")
            description = try Recording.parse(String(contentsOfFile: prop, encoding: .isoLatin1), source: prop).description
        }
        let path = recordings + "/" + relative
        return try Recording.parse(String(contentsOfFile: path, encoding: .isoLatin1), source: path, description: description)
    }

    /// A 100 x 50 mm touchscreen with 10 slots, 10 units per mm.
    static func touchscreen(name: String) -> DeviceDescription {
        DeviceDescription(
            name: name, bus: 0x06, vendor: 0x1234, product: 0x5678, properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.touch]],
            axes: [
                AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }

    /// A two-slot touchpad that announces up to three fingers.
    static func touchpad(name: String) -> DeviceDescription {
        var d = touchscreen(name: name)
        d.properties = [InputProperty.pointer, InputProperty.buttonPad]
        d.codes[EventType.key] = [KeyCode.touch, KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap]
        d.axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 1)
        return d
    }

    static func touch(slot: Int32, id: Int32, x: Int32, y: Int32) -> [InputEvent] {
        [abs(AbsCode.mtSlot, slot), abs(AbsCode.mtTrackingID, id), abs(AbsCode.mtPositionX, x), abs(AbsCode.mtPositionY, y), syn]
    }

    static func lift(slot: Int32) -> [InputEvent] { [abs(AbsCode.mtSlot, slot), abs(AbsCode.mtTrackingID, -1), syn] }

    static func abs(_ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: .zero, type: EventType.abs, code: code, value: value)
    }

    static let syn = InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)

    /// A recording's events cut at each SYN_REPORT (SYN_DROPPED left out: it is the kernel's to send).
    static func reports(_ events: [InputEvent]) -> [[InputEvent]] {
        var frames: [[InputEvent]] = []
        var current: [InputEvent] = []
        for event in events where !(event.type == EventType.syn && event.code == SynCode.dropped) {
            current.append(event)
            if event.isSynReport {
                frames.append(current)
                current = []
            }
        }
        return frames
    }

    /// Opens the event node a uinput device made, as the daemon would.
    static func open(_ device: UinputDevice) throws -> TouchDevice {
        try waitFor { access(device.node, R_OK) == 0 }
        return try TouchDevice(node: UdevInputNode(node: device.node, properties: [:]))
    }

    /// The event node of the touch device called `name`, or "" while there is none.
    static func node(named name: String) throws -> String {
        let hub = try InputHub(selector: DeviceSelector(name: name), watchHotPlug: false)
        var found = ""
        try hub.scan { if case .added(let device) = $0 { found = device.node } }
        return found
    }

    /// Frames by content, not time: the kernel stamps its own times.
    static func content(_ frames: [TouchFrame]) -> [String] {
        frames.map { frame in
            frame.touches.map { "\($0.id) \($0.phase) \($0.location) \($0.type)" }.joined(separator: "; ")
        }
    }

    /// Polls the hub until `done`, for at most 10 s of kernel time.
    static func pollUntil(_ hub: InputHub, _ body: (InputHub.Event) -> Void, _ done: () -> Bool) throws {
        var set: [pollfd] = []
        for _ in 0..<100 where !done() {
            set.removeAll()
            hub.descriptors(into: &set)
            if try waitForDescriptors(&set, timeout: 100_000_000) { hub.read(set[...], body) }
        }
        if !done() { throw KernelTestError("the kernel did not report the change within 10 s") }
    }

    /// Waits for something the kernel or another process does, for at most 30 s (checking may itself take a
    /// while: asking the daemon starts a process). The VM emulates its processor in software: with the host's two
    /// cores busy, a daemon's start took over 10 s.
    static func waitFor(_ condition: () -> Bool) throws {
        let deadline = monotonicNow().nanoseconds + 30_000_000_000
        while !condition() {
            guard monotonicNow().nanoseconds < deadline else { throw KernelTestError("timed out waiting") }
            usleep(10_000)
        }
    }

    static var gestured: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/gestured").path
    }

    /// Starts gestured with posix_spawn (Foundation's Process needs a socket pair the VM's minimal
    /// environment may refuse).
    static func start(_ arguments: [String], program: String = gestured, input: Int32? = nil, output: Int32? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        // The test runs on a Dispatch worker thread, which blocks signals: the child would inherit that mask and
        // never see SIGTERM. It starts as from a shell instead, with nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw KernelTestError("posix_spawn \(program): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for a started process; its exit status (-1 when it did not exit normally).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return -1 }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    /// Runs gestured (or another program) to completion and returns what it printed.
    static func run(_ arguments: [String], program: String = gestured) throws -> String {
        let path = NSTemporaryDirectory() + "/gestured-out-\(getpid())"
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw KernelTestError("cannot create \(path)") }
        let pid = try start(arguments, program: program, output: fd)
        close(fd)
        let status = wait(pid)
        guard status == 0 else { throw KernelTestError("\(program) \(arguments) exited with \(status)") }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Touches begin once, end once, never move while up; `down` is what is left down.
    struct Audit {
        var down: Set<TouchID> = []
        var problems: [String] = []

        mutating func check(_ frames: [TouchFrame]) {
            for frame in frames {
                for touch in frame.touches {
                    switch touch.phase {
                    case .began: if !down.insert(touch.id).inserted { problems.append("\(touch.id) began twice") }
                    case .moved, .stationary: if !down.contains(touch.id) { problems.append("\(touch.id) moved while up") }
                    case .ended, .cancelled: if down.remove(touch.id) == nil { problems.append("\(touch.id) lifted while up") }
                    }
                }
            }
        }
    }
}

struct KernelTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
