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
}
