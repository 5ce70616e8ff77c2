import ArgumentParser
import DesktopFocus
import Foundation
import GestureProtocol

extension DesktopFocus.Desktop: ExpressibleByArgument {}

/// Which application the running desktop has in front (or under the pointer), named as per-application rules
/// name it: how a user finds what to write in one (docs/desktop-focus.md).
struct FocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Show the application in front on the running desktop (or under the pointer): its app id, class, instance, title.")

    @Flag(name: .long, help: "The window under the pointer instead (X11, Hyprland, KDE Plasma; sway cannot tell).")
    var underPointer = false

    @Flag(name: .long, help: "Print a line whenever it changes, asking every 0.2 s (Ctrl-C stops).")
    var watch = false

    @Option(name: .long, help: "Ask this desktop rather than the one the environment names (x11 asks Xwayland about its X11 windows).")
    var desktop: DesktopFocus.Desktop?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let detection = desktop.map { DesktopFocus.source(for: $0, environment: environment) } ?? DesktopFocus.detect(environment: environment)
        let source: any FocusSource
        switch detection {
        case .source(let found): source = found
        case .unavailable(_, let reason): fail(reason)
        }
        let ask = underPointer ? source.underPointer : source.front
        func asked() -> WindowIdentity? {
            do { return try ask() } catch { fail(error.description) }
        }
        let which = underPointer ? "under the pointer" : "in front"
        guard watch else {
            print("desktop   \(source)")
            guard let window = asked() else { return print("(no window \(which))") }
            for (name, value) in Self.fields(window) { print(EventText.pad(name, 9), value) }
            return
        }
        let out = FileHandle.standardOutput
        out.write(Data("watching the window \(which) on \(source); Ctrl-C stops\n".utf8))
        var last: WindowIdentity??
        while true {
            let window = asked()
            if last != .some(window) {
                out.write(Data((window.map { Self.fields($0).map { "\($0)=\($1)" }.joined(separator: " ") } ?? "(no window \(which))").utf8 + [0x0A]))
                last = .some(window)
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// app_id, instance, pid and title, as rules name them; the title quoted (it has spaces), "-" for what is unknown.
    static func fields(_ window: WindowIdentity) -> [(String, String)] {
        [("app_id", window.appID.isEmpty ? "-" : window.appID), ("instance", window.instance ?? "-"), ("pid", window.pid.map(String.init) ?? "-"),
         ("title", window.title.map(quoted) ?? "-")]
    }

    /// In double quotes, with quotes and backslashes escaped and control characters as \u{...}.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\\(scalar)"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
