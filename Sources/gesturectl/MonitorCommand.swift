import ArgumentParser
import Foundation
import GestureProtocol

/// Live gestures (and touches, for allowed users), one line each.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor", abstract: "Print gestures as they are recognized (Ctrl-C stops).")

    @OptionGroup var socket: SocketOption

    @Flag(name: .long, help: "Print the daemon's JSON lines as they are.")
    var json = false

    @Flag(name: .long, help: "Also print raw touches (only for users the daemon allows).")
    var touches = false

    @Option(name: .long, help: "Only these recognizers (repeatable).")
    var recognizer: [String] = []

    @Option(name: .long, help: "Only these kinds: tap, long-press, pan, swipe, pinch, rotation, edge-pan, checkmark, tickle (repeatable).")
    var kind: [String] = []

    @Option(name: .long, help: "Only these devices (repeatable).")
    var device: [String] = []

    @Option(name: .long, help: "Only these regions (repeatable).")
    var region: [String] = []

    @Option(name: .long, help: "Only these states: began, changed, ended, cancelled (repeatable).")
    var state: [String] = []

    func run() throws {
        let connection = try socket.connect()
        var filter: [String: Any] = [:]
        if !recognizer.isEmpty { filter["recognizers"] = recognizer }
        if !kind.isEmpty { filter["kinds"] = kind }
        if !device.isEmpty { filter["devices"] = device }
        if !region.isEmpty { filter["regions"] = region }
        if !state.isEmpty { filter["states"] = state }
        var events = ["gestures", "devices", "config"]
        if touches { events.append("touches") }
        let subscribed: DaemonConnection.Message
        do {
            subscribed = try connection.request(["type": "subscribe", "events": events, "filter": filter])
        } catch {
            fail(error.description)
        }
        // Each line is written as it arrives, even into a pipe; the first says the subscription is in place.
        let out = FileHandle.standardOutput
        out.write(json ? Data(subscribed.line + [UInt8(ascii: "\n")]) : Data("watching \(connection.path); Ctrl-C stops\n".utf8))
        while true {
            let line: [UInt8]?
            do { line = try connection.readLine() } catch { fail(error.description) }
            guard let line else { fail("the daemon closed the connection") }
            if json {
                out.write(Data(line + [UInt8(ascii: "\n")]))
            } else if case .object(let m)? = try? JSONValue.parse(Data(line)) {
                out.write(Data((MonitorFormat.line(m) + "\n").utf8))
            }
        }
    }
}

/// One human-readable line per event.
enum MonitorFormat {
    static func line(_ m: [String: JSONValue]) -> String {
        let type = m["type"]?.text ?? "?"
        let time = m["time"].flatMap { if case .number(let t) = $0 { String(format: "%.3f", t) } else { $0.text } } ?? ""
        switch type {
        case "gesture":
            let name = m["recognizer"]?.text ?? "?"
            let kind = m["kind"]?.text ?? "?"
            let state = m["state"]?.text ?? "?"
            let place = "\(m["device"]?.text ?? "?")/\(m["region"]?.text ?? "?")"
            let touches = m["touches"]?.text ?? "0"
            return "\(time)  \(pad(name, 16)) \(pad(kind, 10)) \(pad(state, 9)) \(pad(place, 20)) \(touches) finger(s) at \(location(m))\(values(m))"
        case "touch":
            return "\(time)  touch \(m["id"]?.text ?? "?") \(pad(m["phase"]?.text ?? "?", 10)) \(m["device"]?.text ?? "?")/\(m["region"]?.text ?? "?") at \(location(m))"
        case "device_added":
            if case .object(let d)? = m["device"] {
                return "device added: \(d["name"]?.text ?? "?") (\(d["device_name"]?.text ?? "?"), \(d["kind"]?.text ?? "?"), \(d["node"]?.text ?? "?"))"
            }
            return "device added"
        case "device_removed":
            return "\(time)  device removed: \(m["device"]?.text ?? "?") (\(m["node"]?.text ?? "?"))"
        case "config_reloaded":
            return "configuration reloaded: \(m["file"]?.text ?? "?") (\(m["recognizers"]?.text ?? "?") recognizers)"
        case "config_rejected":
            return "configuration refused, the running one stays:\n  " + (m["errors"]?.text ?? "").replacingOccurrences(of: ", ", with: "\n  ")
        case "error":
            return "error: \(m["message"]?.text ?? "?")"
        default:
            return type
        }
    }

    private static func location(_ m: [String: JSONValue]) -> String {
        // The daemon shows this user no positions there (docs/protocol.md, Who sees what).
        if case .bool(false)? = m["positions"] { return "a place not shown" }
        guard case .object(let l)? = m["location"], case .array(let mm)? = l["mm"], mm.count == 2 else { return "?" }
        var text = "(\(mm[0].text ?? "?"), \(mm[1].text ?? "?")) mm"
        if case .array(let px)? = l["px"], px.count == 2 { text += " (\(px[0].text ?? "?"), \(px[1].text ?? "?")) px" }
        return text
    }

    private static func values(_ m: [String: JSONValue]) -> String {
        guard case .object(let v)? = m["values"], !v.isEmpty else { return "" }
        return "  " + v.keys.sorted().map { key in
            if case .array(let a) = v[key]! { return "\(key)=(\(a.compactMap(\.text).joined(separator: ", ")))" }
            return "\(key)=\(v[key]!.text ?? "?")"
        }.joined(separator: " ")
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
