import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

extension KernelDeviceTests {
    /// docs/shapes.md on a kernel device, as a user makes and uses a shape: `gesturectl shape record` records two
    /// drawings of a "vee" on a uinput touchscreen through the daemon and writes its shape file; the daemon, whose
    /// configuration names the shipped example triangle, recognizes a triangle drawn on the device; reloaded with
    /// the recorded file named too, it recognizes a vee drawn there, and still tells the triangle from it.
    @Test func aShapeRecordedOnAKernelDeviceIsRecognizedThere() throws {
        let device = try UinputDevice(KernelDevices.touchscreen(name: "gestured shape test panel"))
        _ = try KernelDevices.node(named: device.name)
        let triangle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/examples/shapes/triangle.shape").path
        func configuration(_ shapes: [String]) -> String {
            """
            raw_touches = { users = [\(getuid())] }

            [[device]]
            name = "panel"
            match = { name = "gestured shape test*" }

            [[recognizer]]
            name = "drawn"
            kind = "shape"
            shapes = [\(shapes.map { "\"\($0)\"" }.joined(separator: ", "))]
            """
        }
        let daemon = try KernelDaemon("shape", configuration: configuration([triangle]))
        let vee = [(20.0, 10.0), (30, 40), (40, 10)], triangleDrawing = [(60.0, 5.0), (80, 40), (40, 40), (60, 5)]

        // Recording, once gesturectl has connected (the monitor, it and status itself: 3 clients); each drawing ends
        // once the finger has been up 0.5 s.
        let recorded = daemon.directory + "/vee.shape"
        let recorder = try KernelDevices.start(
            ["shape", "record", "vee", "--examples", "2", "--pause", "0.5", "-o", recorded, "--socket", daemon.socket], program: daemon.gesturectl)
        try KernelDevices.waitFor { (try? daemon.status("clients")) == "3" }
        usleep(300_000)
        try Self.draw(vee, on: device, id: 1)
        usleep(1_000_000)
        try Self.draw(vee.map { ($0.0 + 40, $0.1 + 5) }, on: device, id: 2)
        var status: Int32 = 0
        try KernelDevices.waitFor { waitpid(recorder, &status, WNOHANG) == recorder }
        #expect(status == 0, "gesturectl shape record exited with \(status)")
        let file = try String(contentsOfFile: recorded, encoding: .utf8)
        #expect(file.contains("shape vee"), "\(file)")
        #expect(file.split(separator: "\n").filter { $0.hasPrefix("example") }.count == 2, "\(file)")

        // The configured triangle, drawn on the device.
        try Self.draw(triangleDrawing, on: device, id: 3)
        try KernelDevices.waitFor { daemon.lines().contains { $0.contains("\"shape\":\"triangle\"") } }

        // The recorded vee named too (relative to the configuration, as a user writes it), after a reload.
        try daemon.rewrite(configuration([triangle, "vee.shape"]))
        kill(daemon.pid, SIGHUP)
        try KernelDevices.waitFor { daemon.lines().contains { $0.contains("\"type\":\"config_reloaded\"") } }
        try Self.draw(vee.map { ($0.0 + 10, $0.1 + 3) }, on: device, id: 4)
        try KernelDevices.waitFor { daemon.lines().contains { $0.contains("\"shape\":\"vee\"") } }
        try Self.draw(triangleDrawing, on: device, id: 5)
        try KernelDevices.waitFor { daemon.lines().filter { $0.contains("\"shape\":\"triangle\"") }.count == 2 }
        let shapes = daemon.lines().filter { $0.contains("\"recognizer\":\"drawn\"") }
        #expect(shapes.count == 3, "one line each for the triangle, the vee and the triangle: \(shapes)")
        #expect(daemon.stop() == 0)
    }

    /// One finger drawing through `corners` (millimetres) at 2 mm a report, 10 ms apart, then lifting.
    static func draw(_ corners: [(Double, Double)], on device: UinputDevice, id: Int32) throws {
        func units(_ mm: Double) -> Int32 { Int32((mm * 10).rounded()) }
        try device.write(KernelDevices.touch(slot: 0, id: id, x: units(corners[0].0), y: units(corners[0].1)))
        for (from, to) in zip(corners, corners.dropFirst()) {
            let steps = max(1, Int((hypot(to.0 - from.0, to.1 - from.1) / 2).rounded()))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                usleep(10_000)
                try device.write([
                    KernelDevices.abs(AbsCode.mtSlot, 0), KernelDevices.abs(AbsCode.mtPositionX, units(from.0 + (to.0 - from.0) * t)),
                    KernelDevices.abs(AbsCode.mtPositionY, units(from.1 + (to.1 - from.1) * t)), KernelDevices.syn,
                ])
            }
        }
        usleep(10_000)
        try device.write(KernelDevices.lift(slot: 0))
    }
}
