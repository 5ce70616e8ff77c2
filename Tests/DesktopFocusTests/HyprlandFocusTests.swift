import Foundation
import Testing

@testable import DesktopFocus

/// Hyprland's socket path, its replies read, and the window under the cursor worked out, on replies written from
/// its sources (HyprlandReplies); the source end to end against a stand-in for its request socket
/// (FakeHyprlandSocket), since no Hyprland can run here.
struct HyprlandFocusTests {
    typealias R = HyprlandReplies

    static let firefox = R.window(
        address: "0x55d1c0a0", at: (0, 30), size: (1280, 1410), workspace: 1, class: "firefox", title: "Mozilla \\\"Firefox\\\"", pid: 4242,
        focusHistoryID: 0)
    static let terminal = R.window(
        address: "0x55d1c0b0", at: (1280, 30), size: (1280, 1410), workspace: 1, class: "foot", title: "~", pid: 4343, focusHistoryID: 1)
    static let floating = R.window(
        address: "0x55d1c0c0", at: (1000, 500), size: (600, 400), workspace: 1, floating: true, class: "pavucontrol", title: "Volume",
        pid: 4444, focusHistoryID: 2)
    static let elsewhere = R.window(
        address: "0x55d1c0d0", at: (0, 30), size: (2560, 1410), workspace: 2, class: "gimp", title: "GIMP", pid: 4545, focusHistoryID: 3)
    static let scratchpad = R.window(
        address: "0x55d1c0e0", at: (500, 300), size: (1560, 840), workspace: -98, class: "scratch", title: "notes", pid: 4646,
        focusHistoryID: 4)

    @Test func theSocketIsInTheRuntimeFolderWhenItsHyprFolderExistsElseInTmp() {
        let environment = ["HYPRLAND_INSTANCE_SIGNATURE": "v0.50_1700000000_1234", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(HyprlandSocket.requestPath(environment: environment, directoryExists: { $0 == "/run/user/1000/hypr" })
            == "/run/user/1000/hypr/v0.50_1700000000_1234/.socket.sock")
        // Before v0.40.0 every instance's folder was in /tmp/hypr.
        #expect(HyprlandSocket.requestPath(environment: environment, directoryExists: { _ in false })
            == "/tmp/hypr/v0.50_1700000000_1234/.socket.sock")
        // Without XDG_RUNTIME_DIR, where hyprctl looks.
        #expect(HyprlandSocket.requestPath(
            environment: ["HYPRLAND_INSTANCE_SIGNATURE": "sig"], uid: 1000, directoryExists: { $0 == "/run/user/1000/hypr" })
            == "/run/user/1000/hypr/sig/.socket.sock")
        #expect(HyprlandSocket.requestPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], directoryExists: { _ in true }) == nil)
    }

    @Test func theActiveWindowIsReadAndNoneIsNil() throws {
        let window = try JSONDecoder().decode(HyprlandWindow.self, from: Data(R.activeWindow(Self.firefox).utf8))
        #expect(window.identity == WindowIdentity(appID: "firefox", title: "Mozilla \"Firefox\"", pid: 4242))
        #expect(try JSONDecoder().decode(HyprlandWindow.self, from: Data("{}".utf8)).identity == nil)
        // Older versions: fullscreen a boolean, no focusHistoryID.
        let old = #"{"address": "0x1", "class": "kitty", "title": "t", "pid": 7, "fullscreen": true, "fullscreenMode": 0}"#
        #expect(try JSONDecoder().decode(HyprlandWindow.self, from: Data(old.utf8)).fullscreen?.isSet == true)
    }

    /// The window under the cursor by the names of the windows in the answer.
    static func under(_ x: Int, _ y: Int, _ windows: [String], workspace: Int = 1, special: Int = 0) throws -> String? {
        let decoder = JSONDecoder()
        return HyprlandWindow.under(
            try decoder.decode(HyprlandCursor.self, from: Data(R.cursor(x: x, y: y).utf8)),
            windows: try decoder.decode([HyprlandWindow].self, from: Data(R.clients(windows).utf8)),
            monitors: try decoder.decode([HyprlandMonitor].self, from: Data(R.monitors(workspace: workspace, special: special).utf8))
        )?.class
    }

    @Test func theWindowUnderTheCursorIsTheTopmostOneShownThere() throws {
        let all = [Self.firefox, Self.terminal, Self.floating, Self.elsewhere, Self.scratchpad]
        #expect(try Self.under(100, 100, all) == "firefox")
        #expect(try Self.under(2000, 100, all) == "foot")
        // Floating over tiled, whichever was focused last.
        #expect(try Self.under(1100, 600, all) == "pavucontrol")
        // The bar's strip, above every window.
        #expect(try Self.under(100, 10, all) == nil)
        // Workspace 2 shown: its window, not workspace 1's.
        #expect(try Self.under(100, 100, all, workspace: 2) == "gimp")
        // A special workspace shown over the monitor: its window over everything in its rectangle.
        #expect(try Self.under(1100, 600, all, special: -98) == "scratch")
        #expect(try Self.under(100, 100, all, special: -98) == "firefox")
        // Hidden (in a group, behind its tab) and unmapped windows are not there.
        let hidden = R.window(
            address: "0x1", at: (0, 30), size: (1280, 1410), workspace: 1, class: "hidden", title: "", pid: 1, focusHistoryID: 0, hidden: true)
        #expect(try Self.under(100, 100, [hidden]) == nil)
        // Pinned, then fullscreen, over floating.
        let pinned = R.window(
            address: "0x2", at: (900, 400), size: (300, 300), workspace: 1, floating: true, class: "pinned", title: "", pid: 2, pinned: true,
            focusHistoryID: 5)
        let fullscreen = R.window(
            address: "0x3", at: (0, 0), size: (2560, 1440), workspace: 1, class: "video", title: "", pid: 3, fullscreen: 2, focusHistoryID: 6)
        #expect(try Self.under(1100, 600, all + [pinned, fullscreen]) == "pinned")
        #expect(try Self.under(1300, 800, all + [pinned, fullscreen]) == "video")
    }

    @Test func theSourceAsksOneRequestAConnection() throws {
        let folder = try TemporaryFolder("hypr")
        let path = folder.path + "/.socket.sock"
        let server = try FakeHyprlandSocket(path: path, replies: [
            "j/activewindow": R.activeWindow(Self.terminal), "j/cursorpos": R.cursor(x: 1100, y: 600),
            "j/monitors": R.monitors(workspace: 1), "j/clients": R.clients([Self.firefox, Self.terminal, Self.floating]),
        ])
        defer { server.stop() }
        let source = HyprlandFocus(socketPath: path)
        #expect(try source.front() == WindowIdentity(appID: "foot", title: "~", pid: 4343))
        #expect(try source.underPointer() == WindowIdentity(appID: "pavucontrol", title: "Volume", pid: 4444))
        #expect(server.requests == ["j/activewindow", "j/cursorpos", "j/monitors", "j/clients"])
    }

    @Test func noWindowWordsForAnAnswerAndNoHyprlandAreSaidSo() throws {
        let folder = try TemporaryFolder("hypr")
        let path = folder.path + "/.socket.sock"
        let server = try FakeHyprlandSocket(path: path, replies: ["j/activewindow": "{}"])
        defer { server.stop() }
        let source = HyprlandFocus(socketPath: path)
        #expect(try source.front() == nil)
        #expect {
            try source.underPointer()
        } throws: { error in
            "\(error)".hasPrefix("Hyprland at \(path): j/cursorpos answered \"unknown request\": not JSON")
        }
        server.stop()
        #expect(throws: FocusError(source: "Hyprland at \(path)", "j/activewindow: connecting to \(path): no such socket")) {
            try source.front()
        }
    }

    @Test func aReplyTooLargeOrTooLateIsRefused() throws {
        let folder = try TemporaryFolder("hypr")
        let path = folder.path + "/.socket.sock"
        let server = try FakeHyprlandSocket(path: path, replies: [
            "j/activewindow": String(repeating: " ", count: HyprlandFocus.replyLimit + 1), "j/cursorpos": FakeHyprlandSocket.never,
        ])
        defer { server.stop() }
        #expect(throws: FocusError(
            source: "Hyprland at \(path)", "j/activewindow: its reply is larger than the limit of \(HyprlandFocus.replyLimit) bytes")) {
            try HyprlandFocus(socketPath: path, timeout: .seconds(10)).front()
        }
        let started = ContinuousClock.now
        #expect(throws: FocusError(source: "Hyprland at \(path)", "j/cursorpos: no reply within 0.2 seconds")) {
            try HyprlandFocus(socketPath: path, timeout: .milliseconds(200)).underPointer()
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
