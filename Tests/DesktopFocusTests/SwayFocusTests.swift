import DesktopFocus
import Foundation
import Testing

/// The sway source against a real headless sway with foot terminals.
@Suite(.serialized, .enabled(if: SwayDesktop.needs == nil, Comment(rawValue: SwayDesktop.needs ?? "")), .timeLimit(.minutes(3)))
struct SwayFocusTests {
    static func source(_ desktop: SwayDesktop) throws -> any FocusSource {
        guard case .source(let source) = DesktopFocus.detect(environment: desktop.environment) else {
            throw TestFailure("no source detected for \(desktop.environment)")
        }
        #expect(source.desktop == .sway)
        #expect(source.description == "sway at \(desktop.socket)")
        return source
    }

    @Test func theWindowInFrontFollowsTheFocus() throws {
        let desktop = try SwayDesktop()
        let source = try Self.source(desktop)
        let a = try desktop.openTerminal(appID: "appA")
        let b = try desktop.openTerminal(appID: "appB")

        // swaymsg returns once sway has moved the focus, so the next question sees it.
        try desktop.swaymsg("[app_id=appA] focus")
        let front = try source.front()
        #expect(front?.appID == "appA")
        #expect(front?.instance == nil)
        #expect(front?.pid == a)
        #expect(front?.title?.isEmpty == false)
        try desktop.swaymsg("[app_id=appB] focus")
        #expect(try source.front().map { [$0.appID, "\($0.pid ?? 0)"] } == ["appB", "\(b)"])

        // An empty workspace: nothing in front. Back again: the window it had.
        try desktop.swaymsg("workspace 9")
        #expect(try source.front() == nil)
        try desktop.swaymsg("workspace 1")
        #expect(try source.front()?.appID == "appB")
        // The focus on the container of both (`focus parent`): the window it would give the focus back to.
        try desktop.swaymsg("focus parent")
        #expect(try source.front()?.appID == "appB")
    }

    @Test func thePointerIsNotToldAndAStoppedSwayIsSaidSo() throws {
        let desktop = try SwayDesktop()
        let source = try Self.source(desktop)
        _ = try desktop.openTerminal(appID: "appA")
        #expect(try source.front()?.appID == "appA")
        #expect {
            try source.underPointer()
        } throws: { error in
            "\(error)".hasPrefix("sway at \(desktop.socket): sway's IPC does not say where the pointer is")
        }

        desktop.stop()
        #expect {
            try source.front()
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("sway at \(desktop.socket): ") && (text.contains("no such socket") || text.contains("nothing listens"))
        }
    }
}
