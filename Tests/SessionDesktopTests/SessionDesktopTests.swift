import SessionDesktop
import Testing

/// The one rule for which desktop a session runs, as the shortcut presets and the focus sources both take it.
struct SessionDesktopTests {
    @Test func theCompositorsOwnSocketsComeFirst() {
        #expect(SessionDesktop(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "abc", "SWAYSOCK": "/s", "XDG_CURRENT_DESKTOP": "GNOME"]) == .hyprland)
        #expect(SessionDesktop(environment: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock", "XDG_CURRENT_DESKTOP": "KDE"]) == .sway)
        // Empty is unset, as a shell's `VAR=` leaves it.
        #expect(SessionDesktop(environment: ["SWAYSOCK": "", "XDG_CURRENT_DESKTOP": "KDE"]) == .kde)
    }

    @Test func theListIsReadFromItsMostSpecificName() {
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) == .gnome)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "sway"]) == .sway)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "Hyprland"]) == .hyprland)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "KDE:GNOME"]) == .kde)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "GNOME:KDE"]) == .gnome)
    }

    /// Any other X11 window manager: EWMH asks and tells them all alike.
    @Test func otherX11DesktopsAreX11() {
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "XFCE"]) == .x11)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "X-Cinnamon"]) == .x11)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "MATE"]) == .x11)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "i3"]) == .x11)
        #expect(SessionDesktop(environment: ["DISPLAY": ":0"]) == .x11, "an X11 display and no desktop named")
    }

    @Test func plasmaWithoutTheListAndNothingKnown() {
        #expect(SessionDesktop(environment: ["KDE_FULL_SESSION": "true"]) == .kde)
        #expect(SessionDesktop(environment: ["XDG_CURRENT_DESKTOP": "river", "WAYLAND_DISPLAY": "wayland-1"]) == nil)
        #expect(SessionDesktop(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"]) == nil, "Xwayland beside a compositor")
        #expect(SessionDesktop(environment: [:]) == nil)
    }
}
