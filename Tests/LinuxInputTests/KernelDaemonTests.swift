import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

extension KernelDeviceTests {
    /// The daemon on a uinput touchscreen with `gesturectl monitor --json` as its subscriber: a tap, then a
    /// pan cut short by unplugging the device, then a clean stop.
    @Test func theDaemonServesGesturesFromAKernelDeviceToASubscriber() throws {
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured daemon test panel"))
        _ = try KernelDevices.node(named: device.name)
        let daemon = try KernelDaemon("daemon", configuration: """
            [[device]]
            name = "panel"
            match = { name = "gestured daemon test*" }

            [[recognizer]]
            name = "tap"
            kind = "tap"

            [[recognizer]]
            name = "pan"
            kind = "pan"
            """)
        let lines = daemon.lines
        #expect(try KernelDevices.run(["devices", "--socket", daemon.socket], program: daemon.gesturectl).contains("panel  /dev/input/event"))

        try device.write(KernelDevices.touch(slot: 0, id: 1, x: 500, y: 250))
        usleep(50_000)
        try device.write(KernelDevices.lift(slot: 0))
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"tap\",\"kind\":\"tap\",\"state\":\"ended\"") } }

        try device.write(KernelDevices.touch(slot: 0, id: 2, x: 200, y: 250))
        for step in 1...10 { try device.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(200 + step * 30)), KernelDevices.syn]) }
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"pan\",\"kind\":\"pan\",\"state\":\"changed\"") } }
        device.unplug()
        try KernelDevices.waitFor { lines().contains { $0.contains("\"type\":\"device_removed\"") } }
        let all = lines()
        #expect(all.contains { $0.contains("\"recognizer\":\"pan\",\"kind\":\"pan\",\"state\":\"cancelled\"") })
        #expect(all.firstIndex { $0.contains("\"state\":\"cancelled\"") }! < all.firstIndex { $0.contains("device_removed") }!)
        #expect(all.first { $0.contains("\"state\":\"ended\"") }?.contains("\"mm\":[50,25]") == true)

        #expect(daemon.stop() == 0)
    }

    /// docs/devices.md: the daemon knows a kernel device by the device database, as `gestured devices` does: a
    /// pad that reports no resolution is sized by its entry, and a semi-multitouch one makes no pinch where the
    /// same fingers on a pad the database does not know make one.
    @Test func theDaemonKnowsAKernelDeviceByTheDeviceDatabase() throws {
        var description = KernelDevices.touchpad(name: "gestured daemon facts pad")
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] { description.axes[code]?.resolution = 0 }
        let pad = try UinputDevice(description)
        let control = try UinputDevice(KernelDevices.touchpad(name: "gestured daemon facts control"))
        let padNode = try KernelDevices.node(named: pad.name), controlNode = try KernelDevices.node(named: control.name)
        let folder = NSTemporaryDirectory() + "/daemon-devices-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            [[device]]
            id = "facts-pad"
            about = "the test's pad"
            match = { name = "gestured daemon facts pad" }
            size_mm = [100, 50]
            semi_mt = true
            sources = ["the test"]
            """.write(toFile: folder + "/pad.toml", atomically: true, encoding: .utf8)
        let daemon = try KernelDaemon("facts", configuration: """
            [[device]]
            name = "pad"
            match = { name = "gestured daemon facts*", kinds = ["touchpad"] }

            [[recognizer]]
            name = "pinch"
            kind = "pinch"
            """, run: ["--device-database", folder])
        let devices = try KernelDevices.run(["devices", "--socket", daemon.socket, "--json"], program: daemon.gesturectl)
        #expect(devices.contains("\"size_mm\":[100,50],\"size_source\":\"device database\""), "\(devices)")
        // Two fingers spreading 30 mm on each pad.
        for device in [pad, control] {
            try device.write(KernelDevices.touch(slot: 0, id: 1, x: 400, y: 250) + KernelDevices.touch(slot: 1, id: 2, x: 600, y: 250))
            for step in 1...15 {
                try device.write([
                    KernelDevices.abs(AbsCode.mtSlot, 0), KernelDevices.abs(AbsCode.mtPositionX, Int32(400 - step * 10)),
                    KernelDevices.abs(AbsCode.mtSlot, 1), KernelDevices.abs(AbsCode.mtPositionX, Int32(600 + step * 10)), KernelDevices.syn,
                ])
                usleep(10_000)
            }
            try device.write(KernelDevices.lift(slot: 0) + KernelDevices.lift(slot: 1))
        }
        let lines = daemon.lines
        try KernelDevices.waitFor { lines().contains { $0.contains("\"recognizer\":\"pinch\"") && $0.contains(controlNode) && $0.contains("\"ended\"") } }
        #expect(!lines().contains { $0.contains("\"recognizer\":\"pinch\"") && $0.contains(padNode) })
        #expect(daemon.stop() == 0)
    }
}
