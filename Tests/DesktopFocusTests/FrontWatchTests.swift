import DesktopFocus
import Foundation
import Testing

/// The window in front kept from the desktop's own word of its changes, against real desktops: it follows the focus
/// with nothing asked on the way, and says nothing (nil: ask) once the desktop is gone.
extension X11DesktopTests {
    @Suite struct X11FrontWatchTests {
        @Test func theWatchFollowsTheActiveWindowAndLetsGoWhenTheServerGoes() throws {
            let desktop = try X11Desktop([X11FocusTests.a, X11FocusTests.b])
            let watch = try #require(FrontWatch(try X11FocusTests.source(desktop)))
            defer { watch.stop() }
            for (instance, appID) in [("instA", "ClassA"), ("instB", "ClassB"), ("instA", "ClassA")] {
                try desktop.activate(instance)
                try waitUntil("the watch to say \(appID) is in front (it says \(String(describing: watch.front)))", seconds: 15) {
                    (try? watch.front?.get())??.appID == appID
                }
            }
            desktop.stop()
            try waitUntil("the watch to let go of the stopped server (it says \(String(describing: watch.front)))", seconds: 15) { watch.front == nil }
        }
    }
}

@Suite(.serialized, .enabled(if: SwayDesktop.needs == nil, Comment(rawValue: SwayDesktop.needs ?? "")), .timeLimit(.minutes(3)))
struct SwayFrontWatchTests {
    @Test func theWatchFollowsTheFocusToAnEmptyWorkspaceAndBack() throws {
        let desktop = try SwayDesktop()
        let watch = try #require(FrontWatch(try SwayFocusTests.source(desktop)))
        defer { watch.stop() }
        _ = try desktop.openTerminal(appID: "appA")
        _ = try desktop.openTerminal(appID: "appB")
        for appID in ["appA", "appB"] {
            try desktop.swaymsg("[app_id=\(appID)] focus")
            try waitUntil("the watch to say \(appID) is in front (it says \(String(describing: watch.front)))", seconds: 15) {
                (try? watch.front?.get())??.appID == appID
            }
        }
        // An empty workspace: no window event, a workspace event, and nothing in front.
        try desktop.swaymsg("workspace 9")
        try waitUntil("the watch to say no window is in front (it says \(String(describing: watch.front)))", seconds: 15) {
            if case .success(nil)? = watch.front { true } else { false }
        }
        try desktop.swaymsg("workspace 1")
        try waitUntil("the watch to say appB again", seconds: 15) { (try? watch.front?.get())??.appID == "appB" }
        desktop.stop()
        try waitUntil("the watch to let go of the stopped sway", seconds: 15) { watch.front == nil }
    }
}

@Suite(.serialized, .enabled(if: KDEDesktop.needs == nil, Comment(rawValue: KDEDesktop.needs ?? "")), .timeLimit(.minutes(3)))
struct KDEFrontWatchTests {
    @Test func theWatchFollowsKWinsActivationsAndLetsGoWhenKWinGoes() throws {
        let desktop = try KDEDesktop()
        let watch = try #require(FrontWatch(try KDEFocusTests.source(desktop)))
        defer { watch.stop() }
        _ = try desktop.openWindow(appID: "appA", title: "Title A")
        _ = try desktop.openWindow(appID: "appB", title: "Title B")
        // The window opened last is activated by KWin as it maps: seen first, so that it cannot follow an activation.
        try waitUntil("the watch to say appB, opened last, is in front", seconds: 15) { (try? watch.front?.get())??.appID == "appB" }
        for appID in ["appA", "appB", "appA"] {
            try desktop.script("activate(windowNamed('\(appID)'));")
            try waitUntil("the watch to say \(appID) is in front", seconds: 15) { (try? watch.front?.get())??.appID == appID }
        }
        desktop.stopKWin()
        try waitUntil("the watch to let go of the stopped KWin", seconds: 15) { watch.front == nil }
    }
}
