import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

/// libinput, as a compositor runs it, on a grabbed device's twin: udev tags the twin like any touch device and
/// libinput reads it as a normal touchscreen or touchpad (Debian's libinput-tools and udev, which scripts/vm-tests
/// installs on the host; the VM runs the host's programs).
extension KernelDeviceTests {
    static let libinput = "/usr/bin/libinput"
    static let udevd = "/lib/systemd/systemd-udevd"

    /// udev's daemon, which the VM's init does not start: it tags devices as they come (ID_INPUT_*), which
    /// libinput requires. It refuses to run in a chroot unless told to, and the VM runs the tests in one.
    static func startUdev() throws {
        setenv("SYSTEMD_IGNORE_CHROOT", "1", 1)
        guard access("/run/udev/control", F_OK) != 0 else { return }
        _ = KernelDevices.wait(try KernelDevices.start(["--daemon", "--resolve-names=never"], program: udevd))
        try KernelDevices.waitFor { access("/run/udev/control", F_OK) == 0 }
    }

    /// `libinput debug-events` on `node` while `act` runs, until its output contains `until`; the output.
    static func libinputEvents(_ node: String, arguments: [String] = [], until: String, _ act: () throws -> Void) throws -> String {
        _ = try KernelDevices.run(["settle", "-t", "10"], program: "/usr/bin/udevadm")
        let path = NSTemporaryDirectory() + "/libinput-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let out = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid = try KernelDevices.start(["debug-events", "--device", node] + arguments, program: libinput, output: out)
        close(out)
        defer {
            kill(pid, SIGTERM)
            _ = KernelDevices.wait(pid)
            unlink(path)
        }
        func output() -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        try KernelDevices.waitFor { output().contains("DEVICE_ADDED") }
        try act()
        try KernelDevices.waitFor { output().contains(until) }
        return output()
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: libinput) && FileManager.default.isExecutableFile(atPath: udevd)))
    func libinputReadsTheTwinsAsATouchscreenAndATouchpad() throws {
        try Self.startUdev()
        let screen = KernelDevices.touchscreen(name: "gestured grab test libinput screen")
        let pad = KernelDevices.touchpad(name: "gestured grab test libinput pad")
        let screenDevice = try UinputDevice(screen), padDevice = try UinputDevice(pad)
        _ = try KernelDevices.node(named: screen.name)
        _ = try KernelDevices.node(named: pad.name)
        let daemon = try KernelDaemon("grab-libinput", configuration: Self.grabbing("[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n"))
        _ = try Self.twin(of: screen)
        _ = try Self.twin(of: pad)
        let screenTwin = try #require(EvdevDevice.node(named: TwinDevice.description(of: screen).name))
        let padTwin = try #require(EvdevDevice.node(named: TwinDevice.description(of: pad).name))

        let touches = try Self.libinputEvents(screenTwin, until: "TOUCH_UP") {
            try screenDevice.write(KernelDevices.touch(slot: 0, id: 1, x: 200, y: 250))
            for step in 1...10 {
                usleep(10_000)
                try screenDevice.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(200 + step * 30)), KernelDevices.syn])
            }
            try screenDevice.write(KernelDevices.lift(slot: 0))
        }
        #expect(touches.contains("gestured twin of gestured grab test libinput screen"), "\(touches)")
        for event in ["TOUCH_DOWN", "TOUCH_MOTION", "TOUCH_FRAME", "TOUCH_UP"] {
            #expect(touches.contains(event), "libinput gave no \(event) for the touchscreen's twin: \(touches)")
        }

        // A one-finger drag on the touchpad moves the pointer; a tap clicks, with tap-to-click on as desktops set it.
        let pointer = try Self.libinputEvents(padTwin, arguments: ["--enable-tap"], until: "BUTTON") {
            try padDevice.write(KernelDevices.touch(slot: 0, id: 1, x: 300, y: 250))
            for step in 1...15 {
                usleep(12_000)
                try padDevice.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(300 + step * 20)), KernelDevices.syn])
            }
            try padDevice.write(KernelDevices.lift(slot: 0))
            usleep(400_000)
            try padDevice.write(KernelDevices.touch(slot: 0, id: 2, x: 500, y: 250))
            usleep(60_000)
            try padDevice.write(KernelDevices.lift(slot: 0))
        }
        #expect(pointer.contains("gestured twin of gestured grab test libinput pad"), "\(pointer)")
        #expect(pointer.contains("POINTER_MOTION"), "libinput moved no pointer on the touchpad's twin: \(pointer)")
        #expect(pointer.contains("POINTER_BUTTON"), "libinput's tap-to-click gave no button on the touchpad's twin: \(pointer)")
        #expect(daemon.stop() == 0)
    }
}
