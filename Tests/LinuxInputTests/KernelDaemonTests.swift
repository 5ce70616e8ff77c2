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
}
