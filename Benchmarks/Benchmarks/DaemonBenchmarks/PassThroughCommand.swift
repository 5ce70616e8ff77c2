import ArgumentParser
import Foundation
import GestureEngine
import Histogram
import InputCore
import LinuxInput
import TwinEncoding

/// What grabbing adds to a touch nothing holds back (docs/passthrough.md), on the kernel's devices (run it in
/// the VM: `make bench-passthrough`). One run, two phases on the same uinput touchscreen: a drag read directly
/// from the device, then the same drag read from its twin while gestured has the device grabbed. Each move is
/// timed from just before it is written to the device to the moment its frame is read back, so what the two
/// share (the write, the kernel, the reader's wake-up) cancels out in the difference.
struct PassThroughCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passthrough", abstract: "Latency a grabbed device's twin adds to a touch nothing holds back (in the VM).")

    @Option(name: .long, help: "The gestured binary (a release build).")
    var gestured = Paths.root + "/.build/release/gestured"

    @Option(name: .long, help: "Moves timed in each phase.")
    var moves = 2000

    @Option(name: .long, help: "Milliseconds between moves (a touchscreen reports every 5 to 10 ms).")
    var interval = 5.0

    /// The VM emulates its CPU (TCG), many times slower than the machine it runs on, so its microseconds are
    /// not a machine's. The same CPU-bound work timed on the host and in the VM gives the factor between them.
    @Flag(name: .long, help: "Only time the calibration work here and print its nanoseconds per frame (run it on the host).")
    var calibrateOnly = false

    @Option(name: .long, help: "The calibration's nanoseconds per frame on the host (from --calibrate-only), to scale the VM's figures.")
    var hostCalibration: Double?

    /// The goal of issue 16: forwarding adds at most 100 µs at p99.
    @Option(name: .long, help: "Goal for the p99 added, in µs, for the summary.")
    var goalP99 = 100.0

    static let description = DeviceDescription(
        name: "gestured bench passthrough", bus: 0x06, vendor: 0x1234, product: 0x5678, properties: [InputProperty.direct],
        codes: [EventType.key: [KeyCode.touch]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 3000, resolution: 10), AbsCode.y: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 3000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2000, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    func run() throws {
        if calibrateOnly {
            print(String(format: "%.1f", try Self.calibration()))
            return
        }
        guard access("/dev/uinput", W_OK) == 0 else {
            throw BenchmarkError("needs a writable /dev/uinput: run it in the VM (make bench-passthrough)")
        }
        let device = try UinputDevice(Self.description)
        try waitFor("the device's node") { access(device.node, R_OK) == 0 }

        let direct = try EvdevDevice(path: device.node)
        let alone = try measure(device, reader: direct)

        let directory = NSTemporaryDirectory() + "gestured-bench-passthrough-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A tap recognizer, which a drag makes fail at once: the touch is forwarded as it comes, with a
        // recognizer at work on it as in use.
        try """
            [daemon]
            socket = "\(directory)/g.sock"
            log_level = "info"

            [[device]]
            name = "screen"
            match = { name = "\(Self.description.name)" }
            grab = true

            [[recognizer]]
            name = "tap"
            kind = "tap"
            """.write(toFile: directory + "/gestured.toml", atomically: true, encoding: .utf8)
        let log = Glibc.open(directory + "/daemon.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid = try spawn(gestured, ["run", "--config", directory + "/gestured.toml"], output: log)
        close(log)
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let twinName = TwinDevice.description(of: Self.description).name
        var twinNode: String?
        try waitFor("the twin (daemon log: \(directory)/daemon.log)") {
            twinNode = EvdevDevice.node(named: twinName)
            return twinNode != nil
        }
        let twin = try EvdevDevice(path: twinNode!)
        let grabbed: Histogram<UInt64>
        do {
            grabbed = try measure(device, reader: twin)
        } catch {
            throw BenchmarkError("\(error); the daemon's log:\n" + ((try? String(contentsOfFile: directory + "/daemon.log", encoding: .utf8)) ?? ""))
        }

        print("\(moves) moves each, one every \(interval) ms; from just before the move is written to the device to its frame read back (µs)\n")
        print("reader                        p50     p90     p99     max")
        for (name, h) in [("the device, directly", alone), ("its twin, device grabbed", grabbed)] {
            print(name.padding(toLength: 26, withPad: " ", startingAt: 0) + [50.0, 90, 99, 100].map { String(format: "%8.0f", Double(h.valueAtPercentile($0)) / 1000) }.joined())
        }
        let added = Double(grabbed.valueAtPercentile(99)) / 1000 - Double(alone.valueAtPercentile(99)) / 1000
        let addedMedian = Double(grabbed.valueAtPercentile(50)) / 1000 - Double(alone.valueAtPercentile(50)) / 1000
        print(String(format: "\nadded by the twin in the VM: p50 %.0f µs, p99 %.0f µs", addedMedian, added))
        guard let hostCalibration else { return }
        let factor = try Self.calibration() / hostCalibration
        print(String(format: "the VM runs the calibration work %.1f times slower than the host: scaled, the twin adds about p50 %.0f µs, p99 %.0f µs,", factor, addedMedian / factor, added / factor))
        print(String(format: "against the goal of %.0f µs at p99: %@ (an estimate: kernel wake-ups do not scale exactly as user code does)", goalP99, added / factor <= goalP99 ? "met" : "not met"))
    }

    /// Nanoseconds per frame of CPU-bound work like the daemon's own: a drag encoded as a twin's frames and read
    /// back by the frame builder, 200,000 frames.
    static func calibration() throws -> Double {
        guard let axes = description.positionAxes else { throw BenchmarkError("the benchmark's device has no position axes") }
        var builder = try FrameBuilder(description: description, geometry: SurfaceGeometry(x: axes.x, y: axes.y), touchType: .direct)
        var encoder = TwinEncoder(description: description)
        var events: [InputEvent] = []
        var touches = 0
        let frames = 200_000
        let start = monotonicNanoseconds()
        for n in 0..<frames {
            let time = Timestamp(nanoseconds: Int64(n) * 5_000_000)
            if n % 100 == 0 { encoder.began(TouchID(UInt64(n)), .init(x: 100, y: 100), at: time) }
            encoder.moved(TouchID(UInt64(n - n % 100)), .init(x: Int32(100 + n % 100), y: 100), at: time)
            if n % 100 == 99 { encoder.ended(TouchID(UInt64(n - 99)), at: time) }
            events.removeAll(keepingCapacity: true)
            encoder.frame(at: time, into: &events)
            for event in events { if let frame = builder.handle(event) { touches += frame.touches.count } }
        }
        let elapsed = Double(monotonicNanoseconds() - start)
        guard touches >= frames else { throw BenchmarkError("the calibration read \(touches) touches back from \(frames) frames") }
        return elapsed / Double(frames)
    }

    /// Touches down, then `moves` moves, each timed until `reader` has its frame; lifts at the end.
    private func measure(_ device: UinputDevice, reader: EvdevDevice) throws -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(highestTrackableValue: 10_000_000_000, numberOfSignificantValueDigits: .three)
        try device.write(Self.frame([(AbsCode.mtSlot, 0), (AbsCode.mtTrackingID, 1), (AbsCode.mtPositionX, 1000), (AbsCode.mtPositionY, 1000)]))
        try readFrame(reader)
        for n in 0..<moves {
            usleep(UInt32(interval * 1000))
            // Never the position it has (the kernel passes no frame in which nothing changed).
            let x = Int32(1001 + (n % 1000))
            let start = monotonicNanoseconds()
            try device.write(Self.frame([(AbsCode.mtPositionX, x)]))
            try readFrame(reader)
            histogram.record(UInt64(monotonicNanoseconds() - start))
        }
        try device.write(Self.frame([(AbsCode.mtTrackingID, -1)]))
        try readFrame(reader)
        return histogram
    }

    /// Waits for the reader's next SYN_REPORT.
    private func readFrame(_ reader: EvdevDevice) throws {
        let deadline = monotonicNanoseconds() + 2_000_000_000
        while monotonicNanoseconds() < deadline {
            var set = [pollfd(fd: reader.fd.rawValue, events: Int16(POLLIN), revents: 0)]
            guard try waitForDescriptors(&set, timeout: 100_000_000) else { continue }
            var ended = false
            _ = try reader.readPending { if $0.isSynReport { ended = true } }
            if ended { return }
        }
        throw BenchmarkError("no frame from \(reader.path) within 2 s")
    }

    private static func frame(_ values: [(UInt16, Int32)]) -> [InputEvent] {
        values.map { InputEvent(time: .zero, type: EventType.abs, code: $0.0, value: $0.1) }
            + [InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)]
    }

    private func waitFor(_ what: String, _ condition: () -> Bool) throws {
        for _ in 0..<1000 {
            if condition() { return }
            usleep(10_000)
        }
        throw BenchmarkError("timed out waiting for \(what)")
    }
}
