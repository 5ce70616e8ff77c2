import CaptureFormats
import Foundation
import GestureEngine
import InputCore
import LinuxInput
import Testing

/// Real kernel devices: uinput touchscreens and touchpads read back through evdev with libevdev and
/// libudev. This machine's kernel has no uinput, so `make test` runs this suite inside the VM of
/// scripts/vm; elsewhere it is skipped.
@Suite(.enabled(if: KernelDevices.available, "needs a writable /dev/uinput: run it in the VM (scripts/vm-tests, part of make test)"), .serialized)
struct KernelDeviceTests {
    @Test(
        .enabled(if: KernelDevices.recordingsPresent, "the shared recordings are not at ../shared/recordings (set GESTURED_RECORDINGS to them)"),
        arguments: [
            ("evemu/3m.event", DeviceKind.touchscreen),
            ("chromeos-touchmtb/data/finger_crossing.top_right_to_bottom_left.slow.dat", DeviceKind.touchpad),
            ("chromeos-touchmtb/data/drumroll_3.dat", DeviceKind.touchpad),
        ])
    func aRecordingPlayedIntoAKernelDeviceReadsBackAsTheSameFrames(file: String, kind: DeviceKind) throws {
        let recording = try KernelDevices.sharedRecording(file)
        var description = try #require(recording.description)
        // Without fuzz the kernel passes positions through unchanged, so both sides see the same values.
        for code in description.axes.keys { description.axes[code]?.fuzz = 0 }
        // A capture can start in a slot other than 0 (evtest prints it); a new kernel device starts in slot 0,
        // so the first report selects the capture's slot explicitly.
        let startSlot = description.axes[AbsCode.mtSlot]?.value ?? 0
        description.axes[AbsCode.mtSlot]?.value = 0
        let device = try UinputDevice(description)
        let live = try KernelDevices.open(device)
        #expect(live.kind == kind)
        #expect(live.description.name == description.name)
        #expect(live.description.axes[AbsCode.mtPositionX] == description.axes[AbsCode.mtPositionX])
        var liveFrames: [TouchFrame] = []
        for (i, frame) in KernelDevices.reports(recording.events).enumerated() {
            try device.write(i == 0 && startSlot != 0 ? [KernelDevices.abs(AbsCode.mtSlot, startSlot)] + frame : frame)
            let alive = try live.read { liveFrames.append($0) }
            #expect(alive)
        }
        if let last = live.cancelTouches(at: .zero) { liveFrames.append(last) }
        let replayed = try Replay.frames(of: recording, source: file, kind: kind)
        #expect(liveFrames.count == replayed.count)
        let seen = KernelDevices.content(liveFrames), expected = KernelDevices.content(replayed)
        if let first = zip(seen, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("frame \(first.offset) differs:\n live: \(first.element.0)\n file: \(first.element.1)")
        }
    }

    @Test func unpluggingMidGestureCancelsTheTouchesAndDropsTheDevice() throws {
        let hub = try InputHub()
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured unplug test"))
        var added: [String] = []
        var frames: [TouchFrame] = []
        var removed: [String] = []
        func record(_ event: InputHub.Event) {
            switch event {
            case .added(let d): added.append(d.node)
            case .frame(_, let f): frames.append(f)
            case .removed(let d): removed.append(d.node)
            case .skipped, .dropped: break
            }
        }
        try hub.scan(record)
        #expect(added.contains(device.node))
        try device.write(KernelDevices.touch(slot: 0, id: 7, x: 100, y: 100) + KernelDevices.touch(slot: 1, id: 8, x: 500, y: 300))
        try KernelDevices.pollUntil(hub, record) { frames.count >= 2 }
        device.unplug()
        try KernelDevices.pollUntil(hub, record) { removed.contains(device.node) }
        #expect(frames.prefix(2).map { $0.touches.map(\.phase) } == [[.began], [.stationary, .began]])
        #expect(frames.last?.touches.map(\.phase) == [.cancelled, .cancelled])
        #expect(hub.devices[device.node] == nil)
    }

    @Test func aNewDeviceIsPickedUpAndOneThatComesBackIsPickedUpAgain() throws {
        let hub = try InputHub()
        var added: [String] = []
        var removed: [String] = []
        let record: (InputHub.Event) -> Void = {
            if case .added(let d) = $0 { added.append(d.description.name) }
            if case .removed(let d) = $0 { removed.append(d.node) }
        }
        try hub.scan(record)
        var device: UinputDevice? = try UinputDevice(KernelDevices.touchscreen(name: "gestured hotplug test"))
        try KernelDevices.pollUntil(hub, record) { added.contains("gestured hotplug test") }
        let node = device!.node
        device = nil
        try KernelDevices.pollUntil(hub, record) { removed.contains(node) }
        device = try UinputDevice(KernelDevices.touchscreen(name: "gestured hotplug test"))
        try KernelDevices.pollUntil(hub, record) { added.filter { $0 == "gestured hotplug test" }.count == 2 }
        #expect(hub.devices.values.contains { $0.description.name == "gestured hotplug test" })
    }

    @Test func aFloodOfEventsForcesSynDroppedAndTheTouchesAreReconciled() throws {
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured flood test"))
        let live = try KernelDevices.open(device)
        // Two fingers go down and are read; then thousands of moves arrive unread, far more than evdev's
        // buffer holds, and meanwhile one finger lifts.
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 100, y: 100) + KernelDevices.touch(slot: 1, id: 2, x: 800, y: 400))
        var frames: [TouchFrame] = []
        _ = try live.read { frames.append($0) }
        for step in 0..<3000 {
            try device.write(KernelDevices.touch(slot: 0, id: 1, x: Int32(100 + step % 400), y: 100))
        }
        try device.write(KernelDevices.lift(slot: 1))
        var events: [InputEvent] = []
        _ = try live.read({ frames.append($0) }, events: { events.append($0) })
        // Fewer events came through than were sent: the kernel dropped some and libevdev synced.
        #expect(events.filter(\.isSynReport).count < 3001)
        #expect(live.evdev.drops >= 1)
        var audit = KernelDevices.Audit()
        audit.check(frames)
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.down == [1], "finger 2 lifted during the flood and must not be stuck down")
        let last = try #require(frames.last?.touches.first { $0.id == 1 })
        #expect(last.location == live.geometry.millimetres(x: 100 + 2999 % 400, y: 100))
    }

    @Test func theDevicesCommandListsKernelDevices() throws {
        let screen = try UinputDevice(KernelDevices.touchscreen(name: "gestured cli screen"))
        let pad = try UinputDevice(KernelDevices.touchpad(name: "gestured cli pad"))
        let output = try KernelDevices.run(["devices"])
        let screenLine = try #require(output.split(separator: "\n").first { $0.contains("gestured cli screen") })
        #expect(screenLine.hasPrefix(screen.node + "\ttouchscreen\t"))
        #expect(screenLine.contains("10 slots"))
        #expect(screenLine.contains("100.0 x 50.0 mm (resolution)"))
        let padLine = try #require(output.split(separator: "\n").first { $0.contains("gestured cli pad") })
        #expect(padLine.hasPrefix(pad.node + "\ttouchpad\t"))
        #expect(padLine.contains("announces 3 fingers"))
    }

    /// docs/devices.md: a local database entry that matches a real device by name and bus corrects its size, and
    /// `gestured devices` says which entry applies and why; a broken entry beside it is refused, in words with its
    /// place, and the others still apply.
    @Test func theDevicesCommandAppliesTheDeviceDatabaseToKernelDevices() throws {
        var description = KernelDevices.touchpad(name: "gestured facts pad")
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] { description.axes[code]?.resolution = 0 }
        let pad = try UinputDevice(description)
        let folder = NSTemporaryDirectory() + "/devices-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            [[device]]
            id = "facts-pad"
            about = "the test's touchpad"
            match = { name = "gestured facts*", bus = "virtual" }
            size_mm = [100, 50]
            sources = ["the test"]
            """.write(toFile: folder + "/10-pad.toml", atomically: true, encoding: .utf8)
        try """
            [[device]]
            id = "broken"
            about = "a typo"
            match = { name = "gestured facts pad" }
            size_mm = [10, 10]
            palm_pressur = 3
            sources = ["the test"]
            """.write(toFile: folder + "/20-broken.toml", atomically: true, encoding: .utf8)
        let output = try KernelDevices.run(["devices", "--device-database", folder])
        let lines = output.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("gestured facts pad") })
        #expect(lines[index].hasPrefix(pad.node + "\ttouchpad\t"))
        #expect(lines[index].contains("100.0 x 50.0 mm (resolution)"), "\(lines[index])")
        #expect(lines[index + 1] == "\tdevice database: facts-pad (\(folder)/10-pad.toml:1): name \"gestured facts pad\" matches \"gestured facts*\", bus virtual")
        #expect(lines[index + 2] == "\tknown: size 100.0 x 50.0 mm")
        #expect(lines.contains("refused: \(folder)/20-broken.toml:6:1: unknown key 'palm_pressur' in [[device]]; did you mean 'palm_pressure'?"), "\(output)")
    }

    @Test func theRecordCommandWritesEvemuThatReadsBack() throws {
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured record test"))
        let file = NSTemporaryDirectory() + "/record-\(getpid()).evemu"
        let recorder = try KernelDevices.start(["record", device.node, "--output", file, "--duration", "3"])
        defer { _ = KernelDevices.wait(recorder) }
        // The recorder opens the device first; wait until its description is in the file.
        try KernelDevices.waitFor { (try? String(contentsOfFile: file, encoding: .utf8))?.contains("A: 35") == true }
        let sent = KernelDevices.touch(slot: 0, id: 5, x: 120, y: 80) + KernelDevices.touch(slot: 0, id: 5, x: 140, y: 80)
            + KernelDevices.lift(slot: 0)
        try device.write(sent)
        #expect(KernelDevices.wait(recorder) == 0)
        let recording = try Recording.parse(String(contentsOfFile: file, encoding: .utf8), source: file)
        #expect(recording.description?.name == "gestured record test")
        let frames = try Replay.frames(of: recording, source: file)
        #expect(frames.map { $0.touches.map(\.phase) } == [[.began], [.moved], [.ended]])
        #expect(frames.first?.touches.first?.location == Point(x: 12, y: 8))
    }

    /// The evemu files gestured writes work with Debian's evemu-tools, as a user reporting a bug would use
    /// them: evemu-device makes the device from the description, evemu-play plays the events into it.
    @Test func evemuToolsReplayWhatGesturedWrites() throws {
        let description = KernelDevices.touchscreen(name: "gestured evemu-tools test")
        let events = KernelDevices.touch(slot: 0, id: 3, x: 200, y: 100) + KernelDevices.touch(slot: 1, id: 4, x: 600, y: 300)
            + KernelDevices.touch(slot: 0, id: 3, x: 250, y: 120) + KernelDevices.lift(slot: 0) + KernelDevices.lift(slot: 1)
        var stamped: [InputEvent] = []
        for (i, event) in events.enumerated() {
            var e = event
            e.time = Timestamp(nanoseconds: 1_000_000_000 + Int64(i / 5) * 10_000_000)
            stamped.append(e)
        }
        let dir = NSTemporaryDirectory()
        let deviceFile = dir + "/evemu-device-\(getpid()).desc", eventsFile = dir + "/evemu-events-\(getpid()).evemu"
        try EvemuFormat.write(description).write(toFile: deviceFile, atomically: true, encoding: .utf8)
        try EvemuFormat.write(description, events: stamped).write(toFile: eventsFile, atomically: true, encoding: .utf8)
        let maker = try KernelDevices.start([deviceFile], program: "evemu-device", output: Glibc.open("/dev/null", O_WRONLY))
        defer {
            kill(maker, SIGKILL)
            _ = KernelDevices.wait(maker)
        }
        // The device appears under its name once evemu-device has made it.
        var node = ""
        try KernelDevices.waitFor {
            node = (try? KernelDevices.node(named: description.name)) ?? ""
            return !node.isEmpty
        }
        try KernelDevices.waitFor { access(node, R_OK) == 0 }
        let live = try TouchDevice(node: UdevInputNode(node: node))
        #expect(live.description.name == description.name)
        #expect(live.description.axes[AbsCode.mtPositionX] == description.axes[AbsCode.mtPositionX])
        #expect(live.kind == .touchscreen)
        let input = Glibc.open(eventsFile, O_RDONLY)
        let player = try KernelDevices.start([node], program: "evemu-play", input: input)
        close(input)
        #expect(KernelDevices.wait(player) == 0)
        var frames: [TouchFrame] = []
        _ = try live.read { frames.append($0) }
        let replayed = try Replay.frames(of: Recording.parse(String(contentsOfFile: eventsFile, encoding: .utf8), source: eventsFile), source: eventsFile)
        #expect(KernelDevices.content(frames) == KernelDevices.content(replayed))
        #expect(frames.count == 5)
    }
}
