import DesktopFocus
import Foundation
import Testing

/// The tests that start X servers, one at a time: a test that restarts its server on the same display must not find
/// another test's there, which -displayfd would have given the free number.
@Suite(.serialized, .enabled(if: X11Desktop.needs == nil, Comment(rawValue: X11Desktop.needs ?? "")), .timeLimit(.minutes(3)))
enum X11DesktopTests {}

extension X11DesktopTests {
    /// The X11 source against a real X server: Xvfb with a cookie, openbox, two xterms of different classes.
    @Suite struct X11FocusTests {
        /// A source as the environment of the desktop's session finds it.
        static func source(_ desktop: X11Desktop) throws -> any FocusSource {
            guard case .source(let source) = DesktopFocus.detect(environment: desktop.environment) else {
                throw TestFailure("no source detected for \(desktop.environment)")
            }
            #expect(source.desktop == .x11)
            #expect(source.description == "X11 display \(desktop.display)")
            return source
        }

        /// What `source.front()` says once it says `appID`, within a few seconds (the window manager sets the property
        /// after the switch).
        static func front(_ source: any FocusSource, becomes appID: String) throws -> WindowIdentity? {
            var window: WindowIdentity?
            try waitUntil("the window in front to be \(appID) (it is \(String(describing: window)))", seconds: 15) {
                window = try source.front()
                return window?.appID == appID
            }
            return window
        }

        static let a = X11Desktop.Terminal(class: "ClassA", instance: "instA", title: "Title A", geometry: "80x24+0+0")
        static let b = X11Desktop.Terminal(class: "ClassB", instance: "instB", title: "Title B", geometry: "80x24+600+300")

        @Test func theWindowInFrontFollowsTheFocus() throws {
            let desktop = try X11Desktop([Self.a, Self.b])
            let source = try Self.source(desktop)

            try desktop.activate("instA")
            #expect(try Self.front(source, becomes: "ClassA")
                == WindowIdentity(appID: "ClassA", instance: "instA", title: "Title A", pid: desktop.pid("instA")))
            try desktop.activate("instB")
            #expect(try Self.front(source, becomes: "ClassB")
                == WindowIdentity(appID: "ClassB", instance: "instB", title: "Title B", pid: desktop.pid("instB")))
            // wmctrl activates by WM_CLASS, through the EWMH request to the window manager.
            try run("wmctrl", ["-x", "-a", "ClassA"], environment: desktop.environment)
            #expect(try Self.front(source, becomes: "ClassA")?.instance == "instA")
        }

        @Test func theWindowUnderThePointerIsTheClientInsideTheFrame() throws {
            let desktop = try X11Desktop([Self.a, Self.b])
            let source = try Self.source(desktop)
            try desktop.activate("instA")

            try desktop.movePointer(x: 100, y: 100)
            #expect(try source.underPointer() == WindowIdentity(appID: "ClassA", instance: "instA", title: "Title A", pid: desktop.pid("instA")))
            try desktop.movePointer(x: 700, y: 400)
            #expect(try source.underPointer() == WindowIdentity(appID: "ClassB", instance: "instB", title: "Title B", pid: desktop.pid("instB")))
            // The pointer moved, not the focus.
            #expect(try source.front()?.appID == "ClassA")
            // Beyond both xterms: the root window, no application's.
            try desktop.movePointer(x: 1270, y: 710)
            #expect(try source.underPointer() == nil)
        }

        @Test func aServerThatRestartsIsConnectedToAgain() throws {
            let desktop = try X11Desktop([Self.a])
            let source = try Self.source(desktop)
            try desktop.activate("instA")
            _ = try Self.front(source, becomes: "ClassA")

            desktop.stop()
            #expect {
                try source.front()
            } throws: { error in
                "\(error)".hasPrefix("X11 display \(desktop.display): ")
            }
            try desktop.startAgain([Self.b])
            try desktop.activate("instB")
            #expect(try Self.front(source, becomes: "ClassB")?.pid == desktop.pid("instB"))
        }

        @Test func noServerAWrongCookieAndNoWindowManagerAreSaidSo() throws {
            let desktop = try X11Desktop(windowManager: false)
            var environment = desktop.environment
            let wrong = desktop.folder.path + "/wrong.xauth"
            try run("xauth", ["-f", wrong, "add", desktop.display, ".", String(repeating: "ab", count: 16)], environment: environment)
            environment["XAUTHORITY"] = wrong
            guard case .source(let refused) = DesktopFocus.detect(environment: environment) else { throw TestFailure("no source") }
            #expect(throws: FocusError(
                source: "X11 display \(desktop.display)",
                "the server at /tmp/.X11-unix/X\(desktop.number) refused the connection (not authorized: is XAUTHORITY the server's?)")) {
                try refused.front()
            }

            let source = try Self.source(desktop)
            #expect(throws: FocusError(
                source: "X11 display \(desktop.display)", "no EWMH window manager runs there (the root window has no _NET_SUPPORTING_WM_CHECK)")) {
                try source.front()
            }

            desktop.stop()
            #expect(throws: FocusError(source: "X11 display \(desktop.display)", "no X server: /tmp/.X11-unix/X\(desktop.number) does not exist")) {
                try source.front()
            }
        }
    }
}
