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
                out.write(Data((EventText.line(m) + "\n").utf8))
            }
        }
    }
}
