import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

extension KernelDeviceTests {
    /// The daemon on a uinput touchscreen with `gesturectl monitor --json` as its subscriber: a tap, then a
    /// pan cut short by unplugging the device, then a clean stop.
    @Test func theDaemonServesGesturesFromAKernelDeviceToASubscriber() throws {
        let directory = NSTemporaryDirectory() + "/gestured-daemon-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/g.sock", config = directory + "/gestured.toml", output = directory + "/monitor.jsonl"
        try """
            [daemon]
            socket = "\(socket)"

            [[device]]
            name = "panel"
            match = { name = "gestured daemon test*" }

            [[recognizer]]
            name = "tap"
            kind = "tap"

            [[recognizer]]
            name = "pan"
            kind = "pan"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured daemon test panel"))
        _ = try KernelDevices.node(named: device.name)
        let daemon = try KernelDevices.start(["run", "--config", config])
        defer {
            kill(daemon, SIGKILL)
            _ = KernelDevices.wait(daemon)
        }
        try KernelDevices.waitFor { access(socket, F_OK) == 0 }
        let out = Glibc.open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let gesturectl = URL(fileURLWithPath: KernelDevices.gestured).deletingLastPathComponent().appendingPathComponent("gesturectl").path
        let monitor = try KernelDevices.start(["monitor", "--json", "--socket", socket], program: gesturectl, output: out)
        close(out)
        defer {
            kill(monitor, SIGTERM)
            _ = KernelDevices.wait(monitor)
        }
        func lines() -> [String] { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        // The monitor's first line is the daemon's reply to its subscription.
        try KernelDevices.waitFor { lines().first?.contains("\"type\":\"subscribed\"") ?? false }
        #expect(try KernelDevices.run(["devices", "--socket", socket], program: gesturectl).contains("panel  /dev/input/event"))

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

        kill(daemon, SIGTERM)
        #expect(KernelDevices.wait(daemon) == 0)
    }
}
