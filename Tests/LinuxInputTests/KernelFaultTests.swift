import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

/// A recognizer kind, a gesture it recognizes, and where to pull the plug in the middle of it.
struct UnplugCase: Sendable, CustomTestStringConvertible {
    let kind: String
    /// More keys of its `[[recognizer]]` entry.
    let keys: String
    let gesture: KernelGesture
    /// Frames played before the device goes.
    let cut: Int
    /// Continuous kinds have begun by the cut (and must end cancelled); discrete ones are still deciding.
    let continuous: Bool
    var testDescription: String { kind }

    static let all: [UnplugCase] = [
        UnplugCase(kind: "tap", keys: "", gesture: KernelGesture("tap", fingers: 1, over: 0.08) { _, _ in (500, 250) }, cut: 4, continuous: false),
        UnplugCase(
            kind: "long-press", keys: "", gesture: KernelGesture("hold", fingers: 1, over: 1.0) { _, _ in (500, 250) }, cut: 80, continuous: true),
        UnplugCase(kind: "pan", keys: "", gesture: KernelGesture("drag", through: [(200, 250), (800, 250)], over: 0.6), cut: 40, continuous: true),
        // 4 mm a frame: the cut comes after the first move, before the 8 mm a swipe needs.
        UnplugCase(kind: "swipe", keys: "", gesture: KernelGesture("flick", through: [(200, 250), (800, 250)], over: 0.15), cut: 2, continuous: false),
        UnplugCase(
            kind: "pinch", keys: "",
            gesture: KernelGesture("spread", fingers: 2, over: 0.6) { f, t in (500 + (f == 0 ? -1 : 1) * (100 + 200 * t), 250) }, cut: 40,
            continuous: true),
        UnplugCase(
            kind: "rotation", keys: "",
            gesture: KernelGesture("turn", fingers: 2, over: 0.6) { f, t in
                let a = t * Double.pi / 2 + (f == 0 ? Double.pi : 0)
                return (500 + 150 * cos(a), 250 + 150 * sin(a))
            }, cut: 40, continuous: true),
        UnplugCase(
            kind: "edge-pan", keys: "edges = [\"left\"]", gesture: KernelGesture("from the edge", through: [(5, 250), (600, 250)], over: 0.5),
            cut: 30, continuous: true),
        // The custom recognizers: cut in the first stroke.
        UnplugCase(
            kind: "checkmark", keys: "", gesture: KernelGesture("check", through: [(300, 200), (350, 300), (450, 100)], over: 0.5), cut: 10,
            continuous: false),
        UnplugCase(
            kind: "tickle", keys: "", gesture: KernelGesture("rub", through: [(300, 250), (400, 250), (300, 250), (400, 250)], over: 0.6),
            cut: 10, continuous: false),
    ]
}

/// Faults on real kernel devices, through the whole daemon: devices that vanish mid-gesture, overflowing kernel
/// buffers, devices coming and going in numbers, devices that lie, and configuration reloads while fingers move.
/// The subscriber is `gesturectl monitor --json --touches`; every test audits its raw touches (each begins once and
/// ends once, nothing is left down) and ends with the daemon still serving and stopping cleanly.
extension KernelDeviceTests {
    static func rawTouches(claiming name: String) -> String {
        """
        [daemon.raw_touches]
        users = [\(getuid())]

        [[device]]
        name = "panel"
        match = { name = "\(name)" }

        """
    }

    static func count(_ messages: [[String: Any]], type: String) -> Int {
        messages.filter { $0["type"] as? String == type }.count
    }

    static func states(_ messages: [[String: Any]], of recognizer: String) -> [String] {
        messages.filter { $0["type"] as? String == "gesture" && $0["recognizer"] as? String == recognizer }.compactMap { $0["state"] as? String }
    }

    @Test(arguments: UnplugCase.all)
    func unpluggingDuringAGestureCancelsItAndLeavesNoTouchDown(_ c: UnplugCase) throws {
        let name = "gestured unplug \(c.kind)"
        let daemon = try KernelDaemon(
            "unplug-\(c.kind)",
            configuration: Self.rawTouches(claiming: name) + """
                [[recognizer]]
                name = "it"
                kind = "\(c.kind)"
                \(c.keys)
                """, monitor: ["--touches"])
        var device = try UinputDevice(KernelDevices.touchscreen(name: name))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 1 }
        try KernelGesture.play(c.gesture.frames.prefix(c.cut), into: device)
        // Under way: a continuous gesture has begun, a discrete one has its fingers down.
        try KernelDevices.waitFor {
            let messages = daemon.messages()
            return c.continuous ? Self.states(messages, of: "it").contains("began") : Self.count(messages, type: "touch") > 0
        }
        device.unplug()
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_removed") == 1 }

        let unplugged = daemon.messages()
        var audit = TouchAudit()
        audit.check(unplugged)
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.down.isEmpty, "touches left down after the unplug: \(audit.down)")
        let states = Self.states(unplugged, of: "it")
        if c.continuous {
            #expect(states.first == "began" && states.last == "cancelled", "states: \(states)")
        } else {
            #expect(states.isEmpty, "a discrete recognizer acted on a gesture cut short: \(states)")
        }
        #expect(unplugged.last?["type"] as? String == "device_removed", "nothing comes after the device is gone")

        // The device comes back and the whole gesture is recognized: nothing of the first one was kept.
        device = try UinputDevice(KernelDevices.touchscreen(name: name))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 2 }
        try KernelGesture.play(c.gesture.frames[...], into: device)
        try KernelDevices.waitFor { Self.states(daemon.messages(), of: "it").last == "ended" }
        try KernelDevices.waitFor {
            var audit = TouchAudit()
            audit.check(daemon.messages())
            return audit.down.isEmpty
        }
        #expect(daemon.stop() == 0)
    }

    /// The daemon is stopped (SIGSTOP) while a finger floods the device, ten times over, so the kernel's buffer
    /// overflows each time; in half of them the other finger lifts and a new one lands unseen. Every overflow is
    /// counted, the replaced fingers end and begin as the resynchronization tells, and nothing stays down.
    @Test func stormsOfDroppedEventsLeaveNoTouchStuckAndGesturesGoOn() throws {
        let name = "gestured storm panel"
        let daemon = try KernelDaemon(
            "storm",
            configuration: Self.rawTouches(claiming: name) + """
                [[recognizer]]
                name = "tap"
                kind = "tap"

                [[recognizer]]
                name = "pan"
                kind = "pan"
                # The region hears of every touch, also those that join the pan in progress (V3 would keep
                # them from it): the audit below counts the touches the resynchronizations make.
                cancels_touches_in_view = false
                """, monitor: ["--touches"])
        let device = try UinputDevice(KernelDevices.touchscreen(name: name))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 1 }
        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 100, y: 100) + KernelDevices.touch(slot: 1, id: 2, x: 800, y: 400))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "touch") >= 2 }
        func flood(_ steps: Int) throws {
            for step in 0..<steps { try device.write([KernelDevices.abs(AbsCode.mtSlot, 0), KernelDevices.abs(AbsCode.mtPositionX, Int32(100 + step % 400)), KernelDevices.syn]) }
        }
        var nextID: Int32 = 3
        for round in 1...10 {
            try daemon.pause()
            try flood(2000)
            if round % 2 == 0 {
                try device.write(KernelDevices.lift(slot: 1) + KernelDevices.touch(slot: 1, id: nextID, x: 800, y: 400))
                nextID += 1
            }
            try flood(2000)
            kill(daemon.pid, SIGCONT)
            try KernelDevices.waitFor { (try? daemon.status("kernel_drops")).flatMap { Int($0) } ?? 0 >= round }
        }
        try device.write(KernelDevices.lift(slot: 0) + KernelDevices.lift(slot: 1))
        var audit = TouchAudit()
        try KernelDevices.waitFor {
            audit = TouchAudit()
            audit.check(daemon.messages())
            return audit.began > 0 && audit.down.isEmpty
        }
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.began == 2 + 5, "the five replaced fingers began again after their resynchronization")
        #expect(try daemon.status("kernel_drops") == "10")

        try device.write(KernelDevices.touch(slot: 0, id: 100, x: 500, y: 250) + KernelDevices.lift(slot: 0))
        try KernelDevices.waitFor { Self.states(daemon.messages(), of: "tap").contains("ended") }
        #expect(daemon.stop() == 0)
    }

    /// Ten devices appear and vanish five times over, half of them with a finger down: every one is served and
    /// let go, and the daemon's descriptors and memory come back to where they were after the first round.
    @Test func tenDevicesComingAndGoingInALoopLeakNothing() throws {
        let daemon = try KernelDaemon(
            "churn",
            configuration: Self.rawTouches(claiming: "gestured churn *") + """
                [[recognizer]]
                name = "tap"
                kind = "tap"
                """, monitor: ["--touches"])
        var afterFirstRound: (residentKiB: Int, descriptors: Int)?
        for round in 1...5 {
            let devices = try (0..<10).map { try UinputDevice(KernelDevices.touchscreen(name: "gestured churn \($0)")) }
            try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 10 * round }
            for (i, device) in devices.enumerated() {
                try device.write(KernelDevices.touch(slot: 0, id: 1, x: 500, y: 250))
                if i % 2 == 0 { try device.write(KernelDevices.lift(slot: 0)) }
            }
            try KernelDevices.waitFor { Self.states(daemon.messages(), of: "tap").filter { $0 == "ended" }.count == 5 * round }
            for device in devices { device.unplug() }
            try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_removed") == 10 * round }
            if round == 1 { afterFirstRound = daemon.resources }
        }
        var audit = TouchAudit()
        audit.check(daemon.messages())
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.down.isEmpty, "touches left down: \(audit.down)")
        #expect(audit.began == 50)
        let first = try #require(afterFirstRound), last = daemon.resources
        #expect(last.descriptors == first.descriptors, "descriptors after round 1: \(first.descriptors), after round 5: \(last.descriptors)")
        #expect(last.residentKiB - first.residentKiB < 2048, "resident KiB after round 1: \(first.residentKiB), after round 5: \(last.residentKiB)")
        print("churn: 50 devices served; after round 1 \(first.residentKiB) KiB, \(first.descriptors) fds; after round 5 \(last.residentKiB) KiB, \(last.descriptors) fds")
        #expect(daemon.stop() == 0)
    }

    /// A device that lies: positions far outside its axes, a slot beyond its last one, and tracking ids replaced
    /// in every slot hundreds of times without ever a lift. The touches stay consistent, no more than the device's
    /// ten are down at once, and the daemon goes on serving.
    @Test func aDeviceReportingGarbageNeitherStopsTheDaemonNorLeavesTouchesDown() throws {
        let name = "gestured garbage panel"
        let daemon = try KernelDaemon(
            "garbage",
            configuration: Self.rawTouches(claiming: name) + """
                [[recognizer]]
                name = "tap"
                kind = "tap"

                [[recognizer]]
                name = "pan"
                kind = "pan"
                """, monitor: ["--touches"])
        let device = try UinputDevice(KernelDevices.touchscreen(name: name))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 1 }

        try device.write(KernelDevices.touch(slot: 0, id: 1, x: -5000, y: 250))
        for x in [5000, Int32.max, Int32.min, 500] { try device.write([KernelDevices.abs(AbsCode.mtPositionX, x), KernelDevices.syn]) }
        try device.write([KernelDevices.abs(AbsCode.mtPositionY, Int32.max), KernelDevices.syn])
        try device.write(KernelDevices.lift(slot: 0))
        // The kernel ignores a slot beyond the device's last: these events land in the slot before.
        try device.write(KernelDevices.touch(slot: 50, id: 2, x: 500, y: 250))
        try device.write(KernelDevices.lift(slot: 50))
        for round: Int32 in 0..<300 {
            let frame = (0..<10 as Range<Int32>).flatMap { slot in
                KernelDevices.touch(slot: slot, id: 100 + round * 10 + slot, x: 100 + slot * 80, y: 100 + round % 300).dropLast()
            }
            try device.write(frame + [KernelDevices.syn])
            if round % 10 == 0 { usleep(10_000) }
        }
        try device.write((0..<10 as Range<Int32>).flatMap { KernelDevices.lift(slot: $0).dropLast() } + [KernelDevices.syn])

        var audit = TouchAudit()
        try KernelDevices.waitFor {
            audit = TouchAudit()
            audit.check(daemon.messages())
            return audit.began > 10 && audit.down.isEmpty
        }
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.mostDown <= 10, "more touches down than the device has slots: \(audit.mostDown)")

        try device.write(KernelDevices.touch(slot: 0, id: 9000, x: 500, y: 250) + KernelDevices.lift(slot: 0))
        try KernelDevices.waitFor { Self.states(daemon.messages(), of: "tap").contains("ended") }
        #expect(daemon.stop() == 0)
    }

    /// Drags go on while the configuration file is replaced and reloaded (SIGHUP) sixty times, one time in three
    /// with an invalid file. Gestures in flight are cancelled on the old recognizers, nothing is left down, every
    /// invalid file is refused, and the last valid file is the one in force.
    @Test func reloadStormsDuringInputLoseNothing() throws {
        let name = "gestured reload panel"
        let first = Self.rawTouches(claiming: name) + "[[recognizer]]\nname = \"pan-a\"\nkind = \"pan\"\n"
        let second = Self.rawTouches(claiming: name) + "[[recognizer]]\nname = \"pan-b\"\nkind = \"pan\"\n\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"
        let invalid = Self.rawTouches(claiming: name) + "[[recognizer]]\nname = \"pan-c\"\nkind = \"pan\"\nstart_threshold_mm = -1\n"
        let daemon = try KernelDaemon("reload", configuration: first, monitor: ["--touches"])
        let device = try UinputDevice(KernelDevices.touchscreen(name: name))
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "device_added") == 1 }

        var frames: [[InputEvent]] = []
        for drag in 0..<12 {
            let y = Double(100 + drag * 25)
            frames += KernelGesture("drag", through: [(100, y), (900, y)], over: 0.25, firstID: Int32(1 + drag)).frames
        }
        for (i, frame) in frames.enumerated() {
            try device.write(frame)
            usleep(10_000)
            guard i % 5 == 4, i / 5 < 60 else { continue }
            try daemon.rewrite([first, second, invalid][(i / 5) % 3])
            kill(daemon.pid, SIGHUP)
        }
        // The storm's reloads may coalesce on a busy machine (a reload reads the file as it is when it gets to it),
        // so an invalid file is given once more, and waited for, before the last valid one.
        try daemon.rewrite(invalid)
        kill(daemon.pid, SIGHUP)
        try KernelDevices.waitFor { Self.count(daemon.messages(), type: "config_rejected") >= 1 }
        try daemon.rewrite(second)
        kill(daemon.pid, SIGHUP)
        // Later reloads read the same file, so once the second configuration is in force it stays.
        try KernelDevices.waitFor { (try? daemon.status("recognizers")) == "2" }
        try KernelGesture.play(KernelGesture("drag", through: [(100, 250), (900, 250)], over: 0.25, firstID: 500).frames[...], into: device)
        try KernelDevices.waitFor { Self.states(daemon.messages(), of: "pan-b").last == "ended" }

        let messages = daemon.messages()
        var audit = TouchAudit()
        audit.check(messages)
        #expect(audit.problems.isEmpty, "\(audit.problems)")
        #expect(audit.down.isEmpty, "touches left down: \(audit.down)")
        let reloaded = Self.count(messages, type: "config_reloaded"), rejected = Self.count(messages, type: "config_rejected")
        #expect(reloaded >= 1 && rejected >= 1, "reloaded \(reloaded), rejected \(rejected)")
        for m in messages where m["type"] as? String == "config_rejected" {
            #expect((m["errors"] as? [String])?.first?.contains("start_threshold_mm") == true, "\(m)")
        }
        // Every gesture that began ended or was cancelled, on whichever configuration it began.
        for recognizer in ["pan-a", "pan-b"] {
            var open = false
            for state in Self.states(messages, of: recognizer) {
                if state == "began" { open = true }
                if state == "ended" || state == "cancelled" { open = false }
            }
            #expect(!open, "\(recognizer) was left in progress")
        }
        print("reload storm: \(reloaded) reloads, \(rejected) refused, \(audit.began) touches")
        #expect(daemon.stop() == 0)
    }
}
