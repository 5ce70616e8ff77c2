import Foundation
import Glibc
import InputCore
import LinuxInput
import Testing

/// `gesturectl actions` typing keys on the VM's kernel: a tap on a uinput touchscreen becomes "ctrl+alt+t" on
/// gestured's virtual keyboard, read back through evdev as a compositor would read a keyboard.
extension KernelDeviceTests {
    @Test func anActionTypesItsKeysOnTheVirtualKeyboard() throws {
        let screen = try UinputDevice(KernelDevices.touchscreen(name: "gestured actions test panel"))
        _ = try KernelDevices.node(named: screen.name)
        let daemon = try KernelDaemon("actions", configuration: """
            [[device]]
            name = "panel"
            match = { name = "gestured actions test*" }

            [[recognizer]]
            name = "tap"
            kind = "tap"
            """)
        let actions = daemon.directory + "/actions.toml"
        try "[[action]]\ngesture = \"tap\"\nkeys = \"ctrl+alt+t\"\n".write(toFile: actions, atomically: true, encoding: .utf8)
        let log = Glibc.open(daemon.directory + "/actions.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid = try KernelDevices.start(["actions", "--socket", daemon.socket, "--file", actions], program: daemon.gesturectl, output: log)
        close(log)
        defer {
            kill(pid, SIGTERM)
            _ = KernelDevices.wait(pid)
        }
        var node: String?
        try KernelDevices.waitFor {
            node = EvdevDevice.node(named: "gestured actions keyboard")
            return node != nil
        }
        let keyboard = try EvdevDevice(path: node!)
        try KernelDevices.waitFor {
            ((try? String(contentsOfFile: daemon.directory + "/actions.log", encoding: .utf8)) ?? "").contains("connected to gestured")
        }

        try screen.write(KernelDevices.touch(slot: 0, id: 1, x: 500, y: 250))
        usleep(50_000)
        try screen.write(KernelDevices.lift(slot: 0))
        var keys: [String] = []
        try KernelDevices.waitFor {
            _ = try? keyboard.readPending { event in
                if event.type == EventType.key { keys.append("\(event.code) \(event.value == 1 ? "down" : "up")") }
            }
            return keys.count >= 6
        }
        // KEY_LEFTCTRL 29, KEY_LEFTALT 56, KEY_T 20: pressed in order, released in the reverse one.
        #expect(keys == ["29 down", "56 down", "20 down", "20 up", "56 up", "29 up"])
        #expect(daemon.stop() == 0)
    }

    /// docs/actions.md, continuous control and mouse output on the VM's kernel: a one-finger drag holds alt and the
    /// virtual mouse's left button, moves the pointer with it and types tab every 10 mm, all read back through evdev;
    /// then a drag under way when `gesturectl actions` is killed: the kernel removes its devices, and libinput, as a
    /// compositor runs it, releases the held alt.
    @Test func heldKeysAndTheMouseFollowADragAndAKilledClientHoldsNothing() throws {
        // udev first: libinput takes only devices udev has seen come.
        let withLibinput = FileManager.default.isExecutableFile(atPath: Self.libinput) && FileManager.default.isExecutableFile(atPath: Self.udevd)
        if withLibinput { try Self.startUdev() }
        let screen = try UinputDevice(KernelDevices.touchscreen(name: "gestured actions hold panel"))
        _ = try KernelDevices.node(named: screen.name)
        let daemon = try KernelDaemon("actions-hold", configuration: """
            [[device]]
            name = "panel"
            match = { name = "gestured actions hold*" }

            [[recognizer]]
            name = "drag"
            kind = "pan"
            """)
        let actions = daemon.directory + "/actions.toml"
        try """
            [[action]]
            gesture = "drag"
            hold = "mouse_left"
            pointer = true
            pointer_speed = 2

            [[action]]
            gesture = "drag"
            hold = "alt"
            repeat_every = 10
            keys = "tab"
            """.write(toFile: actions, atomically: true, encoding: .utf8)
        let logPath = daemon.directory + "/actions.log"
        let log = Glibc.open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid = try KernelDevices.start(["actions", "--socket", daemon.socket, "--file", actions], program: daemon.gesturectl, output: log)
        close(log)
        var alive = true
        defer {
            if alive {
                kill(pid, SIGTERM)
                _ = KernelDevices.wait(pid)
            }
        }
        var keyboardNode: String?, mouseNode: String?
        try KernelDevices.waitFor {
            keyboardNode = EvdevDevice.node(named: "gestured actions keyboard")
            mouseNode = EvdevDevice.node(named: "gestured actions mouse")
            return keyboardNode != nil && mouseNode != nil
        }
        let keyboard = try EvdevDevice(path: keyboardNode!), mouse = try EvdevDevice(path: mouseNode!)
        try KernelDevices.waitFor { ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").contains("connected to gestured") }

        // 35 mm to the right, 1 mm a report.
        try screen.write(KernelDevices.touch(slot: 0, id: 1, x: 200, y: 250))
        for step in 1...35 {
            usleep(10_000)
            try screen.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(200 + step * 10)), KernelDevices.syn])
        }
        try screen.write(KernelDevices.lift(slot: 0))
        var keys: [String] = [], buttons: [String] = [], moved = 0
        try KernelDevices.waitFor {
            _ = try? keyboard.readPending { e in if e.type == EventType.key { keys.append("\(e.code) \(e.value == 1 ? "down" : "up")") } }
            _ = try? mouse.readPending { e in
                if e.type == EventType.key { buttons.append("\(e.code) \(e.value == 1 ? "down" : "up")") }
                if e.type == EventType.rel && e.code == RelCode.x { moved += Int(e.value) }
            }
            return buttons.count >= 2 && keys.last == "56 up"
        }
        // KEY_LEFTALT 56 held around three KEY_TAB 15; BTN_LEFT 272 held around the motion.
        #expect(keys == ["56 down", "15 down", "15 up", "15 down", "15 up", "15 down", "15 up", "56 up"], "\(keys)")
        #expect(buttons == ["272 down", "272 up"])
        // The pan begins once the finger has moved its hysteresis: the pointer follows from there, 2 counts a mm.
        #expect(moved >= 40 && moved <= 70, "pointer motion \(moved) counts")

        guard withLibinput else { return }
        let released = try Self.libinputEvents(keyboardNode!, arguments: ["--show-keycodes"], until: "(56) released") {
            try screen.write(KernelDevices.touch(slot: 0, id: 2, x: 200, y: 250))
            var held = false
            for step in 1...20 {
                usleep(10_000)
                try screen.write([KernelDevices.abs(AbsCode.mtPositionX, Int32(200 + step * 10)), KernelDevices.syn])
            }
            try KernelDevices.waitFor {
                _ = try? keyboard.readPending { e in if e.type == EventType.key && e.code == 56 && e.value == 1 { held = true } }
                return held
            }
            kill(pid, SIGKILL)
            _ = KernelDevices.wait(pid)
            alive = false
            try KernelDevices.waitFor { EvdevDevice.node(named: "gestured actions keyboard") == nil && EvdevDevice.node(named: "gestured actions mouse") == nil }
        }
        #expect(released.contains("(56) pressed"), "\(released)")
        try screen.write(KernelDevices.lift(slot: 0))
        #expect(daemon.stop() == 0)
    }
}
