import DesktopFocus
import Foundation
import Testing

/// The KDE source against a real KWin (Wayland, virtual framebuffer) on a session bus of its own, with GTK windows.
@Suite(.serialized, .enabled(if: KDEDesktop.needs == nil, Comment(rawValue: KDEDesktop.needs ?? "")), .timeLimit(.minutes(3)))
struct KDEFocusTests {
    static func source(_ desktop: KDEDesktop) throws -> any FocusSource {
        guard case .source(let source) = DesktopFocus.detect(environment: desktop.environment) else {
            throw TestFailure("no source detected for \(desktop.environment)")
        }
        #expect(source.desktop == .kde)
        #expect(source.description == "KWin on the session bus unix:path=\(desktop.bus)")
        return source
    }

    static func front(_ source: any FocusSource, becomes appID: String) throws -> WindowIdentity? {
        var window: WindowIdentity?
        try waitUntil("the window in front to be \(appID) (it is \(String(describing: window)))", seconds: 10) {
            window = try source.front()
            return window?.appID == appID
        }
        return window
    }

    @Test func theWindowInFrontAndUnderThePointerAreKWins() throws {
        let desktop = try KDEDesktop()
        let source = try Self.source(desktop)
        #expect(try source.front() == nil)

        let a = try desktop.openWindow(appID: "appA", title: "Title A")
        #expect(try Self.front(source, becomes: "appA") == WindowIdentity(appID: "appA", instance: nil, title: "Title A", pid: a))
        let b = try desktop.openWindow(appID: "appB", title: "Title B")
        #expect(try Self.front(source, becomes: "appB") == WindowIdentity(appID: "appB", instance: nil, title: "Title B", pid: b))
        try desktop.script("activate(windowNamed('appA'));")
        #expect(try source.front()?.appID == "appA")

        // The pointer stays where KWin put it, the middle of the screen (no input device): the windows move instead.
        try desktop.script("""
            windowNamed('appA').frameGeometry = { x: 0, y: 0, width: 300, height: 200 };
            windowNamed('appB').frameGeometry = { x: 500, y: 260, width: 300, height: 200 };
            """)
        #expect(try source.underPointer() == WindowIdentity(appID: "appB", instance: nil, title: "Title B", pid: b))
        try desktop.script("windowNamed('appB').frameGeometry = { x: 900, y: 500, width: 300, height: 200 };")
        #expect(try source.underPointer() == nil)
        try desktop.script("windowNamed('appA').frameGeometry = { x: 540, y: 300, width: 300, height: 200 };")
        #expect(try source.underPointer()?.appID == "appA")
    }

    @Test func aStoppedKWinAndAStoppedBusAreSaidSo() throws {
        let desktop = try KDEDesktop()
        let source = try Self.source(desktop)
        #expect(try source.front() == nil)
        desktop.stopKWin()
        #expect {
            try source.front()
        } throws: { error in
            "\(error)".hasPrefix("KWin on the session bus unix:path=\(desktop.bus): org.kde.kwin.Scripting.loadScript on /Scripting failed: ")
        }
        desktop.stop()
        #expect {
            try source.front()
        } throws: { error in
            "\(error)".hasPrefix("KWin on the session bus unix:path=\(desktop.bus): connecting to unix:path=\(desktop.bus): ")
        }
    }
}
