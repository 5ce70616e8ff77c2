import Foundation
import GestureEngine
import Glibc
import InputCore
import LinuxInput
import Testing

/// A grabbed device and its twin on the VM's kernel, read back through evdev as an application reads them: what
/// passes, what a gesture keeps, and that the grab ends with the daemon however it ends.
extension KernelDeviceTests {
    static func grabbing(_ recognizers: String) -> String {
        """
        [[device]]
        name = "panel"
        match = { name = "gestured grab test*" }
        grab = true

        \(recognizers)
        """
    }

    /// The twin of `device`, opened as an application would, once the daemon made it.
    static func twin(of description: DeviceDescription) throws -> TouchDevice {
        let name = TwinDevice.description(of: description).name
        var node: String?
        try KernelDevices.waitFor {
            node = EvdevDevice.node(named: name)
            return node != nil
        }
        return try TouchDevice(node: UdevInputNode(node: node!, properties: [:]))
    }

    /// Every frame the twin has now.
    static func frames(_ twin: TouchDevice) throws -> [TouchFrame] {
        var frames: [TouchFrame] = []
        _ = try twin.read { frames.append($0) }
        return frames
    }

    /// A tap written to `device` reaches `reader`, another reader of it: the device is not grabbed.
    static func expectReadBy(_ reader: TouchDevice, tapping device: UinputDevice, _ why: Comment) throws {
        try device.write(KernelDevices.touch(slot: 0, id: 2, x: 300, y: 300))
        try device.write(KernelDevices.lift(slot: 0))
        var seen: [TouchFrame] = []
        try KernelDevices.waitFor {
            seen += (try? frames(reader)) ?? []
            return seen.count >= 2
        }
        #expect(seen.map { $0.touches.map(\.phase) } == [[.began], [.ended]], why)
    }

    /// Frames as touch ids, phases and places (the twin numbers its own tracking ids; the readers number touches
    /// alike from 1).
    static func content(_ frames: [TouchFrame]) -> [String] { KernelDevices.content(frames) }

    /// What a reader of `events` written to the original would have seen, frame by frame.
    static func expected(_ events: [[InputEvent]], on description: DeviceDescription) throws -> [TouchFrame] {
        let axes = try #require(description.positionAxes)
        var builder = try FrameBuilder(description: description, geometry: SurfaceGeometry(x: axes.x, y: axes.y), touchType: .direct)
        return events.joined().compactMap { builder.handle($0) }
    }

    @Test func anOrdinaryDragComesThroughTheTwinFrameForFrame() throws {
        let description = KernelDevices.touchscreen(name: "gestured grab test drag")
        let device = try UinputDevice(description)
        _ = try KernelDevices.node(named: device.name)
        let daemon = try KernelDaemon("grab-drag", configuration: Self.grabbing("[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"))
        let twin = try Self.twin(of: description)
        // Another reader of the real device, as an application reading it directly would be.
        let direct = try TouchDevice(node: UdevInputNode(node: device.node, properties: [:]))

        var written: [[InputEvent]] = [KernelDevices.touch(slot: 0, id: 40, x: 200, y: 250)]
        for step in 1...20 { written.append([KernelDevices.abs(AbsCode.mtPositionX, Int32(200 + step * 25)), KernelDevices.syn]) }
        written.append([KernelDevices.abs(AbsCode.mtPositionY, 260), KernelDevices.abs(AbsCode.mtPositionX, 700), KernelDevices.syn])
        written.append(KernelDevices.lift(slot: 0))
        for frame in written {
            try device.write(frame)
            usleep(5_000)
        }
        let want = Self.content(try Self.expected(written, on: description))
        var got: [TouchFrame] = []
        try KernelDevices.waitFor {
            got += (try? Self.frames(twin)) ?? []
            return got.count >= want.count
        }
        #expect(Self.content(got) == want)
        #expect(try Self.frames(direct).isEmpty, "the grabbed device gave its events to another reader")
        let devices = try KernelDevices.run(["devices", "--socket", daemon.socket], program: daemon.gesturectl)
        #expect(devices.contains(device.node) && !devices.contains("gestured twin"), "the daemon took its own twin for a device: \(devices)")
        #expect(daemon.stop() == 0)
    }

    /// An edge pan delays touches began: its swipe never reaches the twin, a tap in its strip is held and then
    /// replayed when it fails, and a pan recognized after its touch was forwarded ends that touch on the twin.
    @Test func gesturesKeepTheirTouchesFromTheTwin() throws {
        let description = KernelDevices.touchscreen(name: "gestured grab test edge")
        let device = try UinputDevice(description)
        _ = try KernelDevices.node(named: device.name)
        let daemon = try KernelDaemon("grab-edge", configuration: Self.grabbing("""
            [[recognizer]]
            name = "edge"
            kind = "edge-pan"
            edges = ["left"]
            edge_width_mm = 5

            [[recognizer]]
            name = "pan"
            kind = "pan"
            require_to_fail = ["edge"]
            """))
        let twin = try Self.twin(of: description)
        let lines = daemon.lines

        // A swipe in from the left edge (x 1 mm).
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 10, y: 250))
        for step in 1...15 {
            try device.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(10 + step * 30)), KernelDevices.syn])
            usleep(8_000)
        }
        try device.write(KernelDevices.lift(slot: 0))
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"edge\"") && $0.contains("\"state\":\"ended\"") } }
        #expect(try Self.frames(twin).isEmpty, "the edge swipe reached the applications")

        // A tap in the edge's strip: held while the edge pan may begin, replayed when it fails (at the lift).
        try device.write(KernelDevices.touch(slot: 0, id: 2, x: 20, y: 100))
        usleep(30_000)
        #expect(try Self.frames(twin).isEmpty, "held while the edge pan may still begin")
        try device.write(KernelDevices.lift(slot: 0))
        var replayed: [TouchFrame] = []
        try KernelDevices.waitFor {
            replayed += (try? Self.frames(twin)) ?? []
            return replayed.count >= 2
        }
        #expect(replayed.map { $0.touches.map(\.phase) } == [[.began], [.ended]])
        #expect(replayed.first?.touches.first?.location == Point(x: 2, y: 10))

        // A drag in the middle: forwarded at once, ended on the twin when the pan begins, while the finger stays.
        try device.write(KernelDevices.touch(slot: 0, id: 3, x: 500, y: 250))
        var dragged: [TouchFrame] = []
        try KernelDevices.waitFor {
            dragged += (try? Self.frames(twin)) ?? []
            return !dragged.isEmpty
        }
        #expect(dragged.first?.touches.first?.phase == .began)
        for step in 1...10 {
            try device.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(500 + step * 20)), KernelDevices.syn])
            usleep(8_000)
        }
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"pan\"") && $0.contains("\"state\":\"began\"") } }
        try KernelDevices.waitFor {
            dragged += (try? Self.frames(twin)) ?? []
            return dragged.last?.touches.contains { $0.phase == .ended || $0.phase == .cancelled } ?? false
        }
        let afterEnd = dragged.count
        try device.write([KernelDevices.abs(AbsCode.mtPositionX, 800), KernelDevices.syn])
        try device.write(KernelDevices.lift(slot: 0))
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"pan\"") && $0.contains("\"state\":\"ended\"") } }
        dragged += try Self.frames(twin)
        #expect(dragged.count == afterEnd, "the pan's touch reached the twin after the pan took it")
        #expect(daemon.stop() == 0)
    }

    /// The grab goes with the daemon however it ends: unplugging the device removes its twin, and a daemon killed
    /// with SIGKILL leaves the device to other readers and no twin behind.
    @Test func theGrabAndTheTwinEndWithTheDeviceAndWithTheDaemon() throws {
        let description = KernelDevices.touchscreen(name: "gestured grab test kill")
        let device = try UinputDevice(description)
        _ = try KernelDevices.node(named: device.name)
        let twinName = TwinDevice.description(of: description).name
        let daemon = try KernelDaemon("grab-kill", configuration: Self.grabbing(""))
        _ = try Self.twin(of: description)
        let direct = try TouchDevice(node: UdevInputNode(node: device.node, properties: [:]))
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 300, y: 300))
        try device.write(KernelDevices.lift(slot: 0))
        usleep(50_000)
        #expect(try Self.frames(direct).isEmpty, "read by another while grabbed")

        kill(daemon.pid, SIGKILL)
        _ = KernelDevices.wait(daemon.pid)
        try KernelDevices.waitFor { EvdevDevice.node(named: twinName) == nil }
        try Self.expectReadBy(direct, tapping: device, "the device works again for others")

        // Unplugging: a second daemon grabs the same device, which then goes; its twin goes with it.
        let again = try KernelDaemon("grab-unplug", configuration: Self.grabbing(""))
        _ = try Self.twin(of: description)
        device.unplug()
        try KernelDevices.waitFor { EvdevDevice.node(named: twinName) == nil }
        #expect(again.stop() == 0)
    }

    /// A device another process holds is read without grabbing (and said so), and a reload that turns grab off
    /// gives the device back and removes the twin.
    @Test func aHeldDeviceIsReadWithoutGrabbingAndAReloadLetsTheDeviceGo() throws {
        let description = KernelDevices.touchscreen(name: "gestured grab test busy")
        let device = try UinputDevice(description)
        _ = try KernelDevices.node(named: device.name)
        let twinName = TwinDevice.description(of: description).name
        let holder = try EvdevDevice(path: device.node)
        try holder.grab()
        let held = try KernelDaemon("grab-busy", configuration: Self.grabbing("[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"))
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 300, y: 300))
        usleep(30_000)
        try device.write(KernelDevices.lift(slot: 0))
        usleep(100_000)
        #expect(EvdevDevice.node(named: twinName) == nil, "no twin for a device it could not grab")
        #expect(!held.lines().contains { $0.contains("\"recognizer\":\"tap\"") }, "the holder's grab keeps the events from gestured too")
        #expect(held.stop() == 0)
        holder.ungrab()

        let daemon = try KernelDaemon("grab-reload", configuration: Self.grabbing(""))
        _ = try Self.twin(of: description)
        try daemon.rewrite("[[device]]\nname = \"panel\"\nmatch = { name = \"gestured grab test*\" }\n")
        kill(daemon.pid, SIGHUP)
        try KernelDevices.waitFor { EvdevDevice.node(named: twinName) == nil }
        let direct = try TouchDevice(node: UdevInputNode(node: device.node, properties: [:]))
        try Self.expectReadBy(direct, tapping: device, "the device is everyone's again after the reload")
        #expect(daemon.stop() == 0)
    }
}
