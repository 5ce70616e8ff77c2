import Foundation
import Glibc
import Testing

extension X11DesktopTests {
    /// gesturectl focus, as a user runs it to find what to write in a rule, on a real X11 desktop.
    @Suite struct FocusCommandTests {
        /// The gesturectl built beside the tests (SwiftPM puts the test bundle next to the executables).
        static var gesturectl: String {
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("gesturectl").path
        }

        @Test func itPrintsTheDesktopAndTheWindowsNames() throws {
            let desktop = try X11Desktop([X11Desktop.Terminal(class: "ClassA", instance: "instA", title: "Say \"hi\"", geometry: "80x24+0+0")])
            try desktop.activate("instA")
            try desktop.movePointer(x: 1270, y: 710)

            let front = try run(Self.gesturectl, ["focus"], environment: desktop.environment)
            #expect(front.status == 0)
            #expect(front.out == """
                desktop   X11 display \(desktop.display)
                app_id    ClassA
                instance  instA
                pid       \(desktop.pid("instA") ?? 0)
                title     "Say \\"hi\\""

                """)
            let none = try run(Self.gesturectl, ["focus", "--under-pointer"], environment: desktop.environment)
            #expect(none.out == "desktop   X11 display \(desktop.display)\n(no window under the pointer)\n")
        }

        @Test func watchPrintsALineWhenTheWindowInFrontChanges() throws {
            let desktop = try X11Desktop([
                X11Desktop.Terminal(class: "ClassA", instance: "instA", title: "A", geometry: "80x24+0+0"),
                X11Desktop.Terminal(class: "ClassB", instance: "instB", title: "B", geometry: "80x24+600+300"),
            ])
            try desktop.activate("instA")

            let output = TemporaryFile()
            let watch = try ChildProcess(Self.gesturectl, ["focus", "--watch"], environment: desktop.environment, log: output.path)
            defer { watch.stop() }
            func lines() -> [String] { watch.log.split(separator: "\n").map(String.init) }
            try waitUntil("the first window's line") { lines().count == 2 }
            try desktop.activate("instB")
            try waitUntil("the second window's line") { lines().count == 3 }
            #expect(lines() == [
                "watching the window in front on X11 display \(desktop.display); Ctrl-C stops",
                "app_id=ClassA instance=instA pid=\(desktop.pid("instA") ?? 0) title=\"A\"",
                "app_id=ClassB instance=instB pid=\(desktop.pid("instB") ?? 0) title=\"B\"",
            ])
        }

        @Test func aDesktopThatCannotTellIsSaidSo() throws {
            let gnome = try run(Self.gesturectl, ["focus"], environment: ["XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": "wayland-0"])
            #expect(gnome.status == 1)
            #expect(gnome.out.hasPrefix("gesturectl: GNOME Shell on Wayland tells no other program which window is in front"))
            let nothing = try run(Self.gesturectl, ["focus"], environment: [:])
            #expect(nothing.out.hasPrefix("gesturectl: no desktop in the environment"))
        }
    }
}
