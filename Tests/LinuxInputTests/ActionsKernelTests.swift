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
        let client = try KernelActionsClient(
            on: daemon, actions: "[[action]]\ngesture = \"tap\"\nkeys = \"ctrl+alt+t\"\n", devices: ["gestured actions keyboard"])
        let keyboard = try client.device("gestured actions keyboard")

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
        let client = try KernelActionsClient(
            on: daemon,
            actions: """
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
                """,
            devices: ["gestured actions keyboard", "gestured actions mouse"])
        let keyboard = try client.device("gestured actions keyboard"), mouse = try client.device("gestured actions mouse")

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
        let released = try Self.libinputEvents(client.nodes["gestured actions keyboard"]!, arguments: ["--show-keycodes"], until: "(56) released") {
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
            client.kill()
            try KernelDevices.waitFor { EvdevDevice.node(named: "gestured actions keyboard") == nil && EvdevDevice.node(named: "gestured actions mouse") == nil }
        }
        #expect(released.contains("(56) pressed"), "\(released)")
        try screen.write(KernelDevices.lift(slot: 0))
        #expect(daemon.stop() == 0)
    }
}
