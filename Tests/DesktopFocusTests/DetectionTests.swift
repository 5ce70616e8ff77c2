import DesktopFocus
import Testing

/// Which desktop the environment names, in the order Hyprland, sway, KDE, GNOME, X11; and why none can be asked.
struct DetectionTests {
    /// The source's description, or "unavailable: REASON".
    static func detected(_ environment: [String: String]) -> String {
        switch DesktopFocus.detect(environment: environment) {
        case .source(let source): "\(source.desktop): \(source)"
        case .unavailable(let desktop, let reason): "unavailable \(desktop.map { "\($0)" } ?? "-"): \(reason)"
        }
    }

    @Test func theFirstDesktopNamedIsAsked() {
        let everything = [
            "HYPRLAND_INSTANCE_SIGNATURE": "abc_123", "XDG_RUNTIME_DIR": "/nonexistent/run", "SWAYSOCK": "/run/user/1000/sway-ipc.1000.5.sock",
            "XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0",
        ]
        #expect(Self.detected(everything) == "hyprland: Hyprland at /tmp/hypr/abc_123/.socket.sock")
        var sway = everything
        sway["HYPRLAND_INSTANCE_SIGNATURE"] = ""
        #expect(Self.detected(sway) == "sway: sway at /run/user/1000/sway-ipc.1000.5.sock")
        #expect(Self.detected(["DISPLAY": ":1", "HOME": "/home/u"]) == "x11: X11 display :1")
    }

    @Test func kdeAndGnomeOnX11AreAskedAsX11KDEOnWaylandAsKWinAndGnomeSaysWhy() {
        #expect(Self.detected(["XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"]) == "x11: X11 display :0")
        #expect(Self.detected(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "DISPLAY": ":0"]) == "x11: X11 display :0")
        #expect(Self.detected(["KDE_FULL_SESSION": "true", "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/1000"])
            == "kde: KWin on the session bus unix:path=/run/user/1000/bus")
        #expect(Self.detected(["XDG_CURRENT_DESKTOP": "KDE", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus,guid=1", "WAYLAND_DISPLAY": "w"])
            == "kde: KWin on the session bus unix:path=/tmp/bus,guid=1")
        #expect(Self.detected(["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0"])
            == "unavailable kde: KDE Plasma: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set, so the session bus is unknown")

        let gnome = Self.detected(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"])
        #expect(gnome.hasPrefix("unavailable gnome: GNOME Shell on Wayland tells no other program which window is in front"))
        #expect(gnome.hasSuffix("X11 applications (Xwayland, DISPLAY=:0) can be asked as X11, which knows nothing of Wayland windows"))
        #expect(!Self.detected(["XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": "wayland-0"]).contains("Xwayland"))
    }

    @Test func otherCompositorsAndNoDesktopAtAllSayWhy() {
        #expect(Self.detected(["XDG_CURRENT_DESKTOP": "river", "WAYLAND_DISPLAY": "wayland-1"]) == """
            unavailable -: a Wayland compositor this cannot ask (XDG_CURRENT_DESKTOP=river): Hyprland, sway and KDE Plasma are the \
            Wayland desktops it asks
            """)
        #expect(Self.detected([:]).hasPrefix("unavailable -: no desktop in the environment: none of HYPRLAND_INSTANCE_SIGNATURE, SWAYSOCK"))
    }

    @Test func aDesktopNamedOutrightIsAskedIfItsSocketOrDisplayIsKnown() {
        func named(_ desktop: DesktopFocus.Desktop, _ environment: [String: String]) -> String {
            switch DesktopFocus.source(for: desktop, environment: environment) {
            case .source(let source): "\(source)"
            case .unavailable(_, let reason): reason
            }
        }
        #expect(named(.x11, ["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": "wayland-0"]) == "X11 display :0")
        #expect(named(.sway, ["I3SOCK": "/run/user/1000/i3/ipc-socket.77"]) == "sway at /run/user/1000/i3/ipc-socket.77")
        #expect(named(.sway, [:]) == "sway: SWAYSOCK is not set, so its socket is unknown (`sway --get-socketpath` prints it)")
        #expect(named(.hyprland, [:]) == "Hyprland: HYPRLAND_INSTANCE_SIGNATURE is not set, so its socket is unknown")
        #expect(named(.x11, [:]) == "X11: DISPLAY is not set")
    }
}
