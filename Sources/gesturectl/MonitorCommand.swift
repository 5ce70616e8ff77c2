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
        let connection = socket.connect()
        var events: Set<Subscription.Events> = [.gestures, .devices, .config]
        if touches { events.insert(.touches) }
        func filter(_ values: [String]) -> Set<String>? { values.isEmpty ? nil : Set(values) }
        let subscription = Subscription(
            events: events, recognizers: filter(recognizer), kinds: filter(kind), devices: filter(device), regions: filter(region), states: filter(state))
        let subscribed: (line: [UInt8], reply: Reply)
        do {
            subscribed = try connection.request(.subscribe(subscription))
        } catch {
            fail(error.description)
        }
        // Each line is written as it arrives, even into a pipe; the first says the subscription is in place.
        let out = FileHandle.standardOutput
        out.write(json ? Data(subscribed.line + [UInt8(ascii: "\n")]) : Data("watching \(connection.path); Ctrl-C stops\n".utf8))
        while true {
            let message: DaemonConnection.Message?
            do { message = try connection.readMessage() } catch { fail(error.description) }
            guard let message else { fail("the daemon closed the connection") }
            if json {
                out.write(Data(message.line + [UInt8(ascii: "\n")]))
            } else if case .event(let event) = message.decoded {
                out.write(Data((MonitorFormat.line(event) + "\n").utf8))
            }
        }
    }
}

/// One human-readable line per event.
enum MonitorFormat {
    static func line(_ event: Event) -> String {
        switch event {
        case .gesture(let g):
            let place = "\(g.device)/\(g.region)"
            return "\(time(g.time))  \(pad(g.recognizer, 16)) \(pad(g.kind, 10)) \(pad(g.state.name, 9)) \(pad(place, 20)) \(g.touches) finger(s) at \(location(g.location))\(values(g.values))"
        case .touch(let t):
            return "\(time(t.time))  touch \(t.id) \(pad(t.phase.name, 10)) \(t.device)/\(t.region) at \(location(t.location))"
        case .deviceAdded(let d):
            return "device added: \(d.name) (\(d.deviceName), \(d.kind), \(d.node))"
        case .deviceRemoved(let device, let node, let at):
            return "\(time(at))  device removed: \(device) (\(node))"
        case .configReloaded(let file, let recognizers):
            return "configuration reloaded: \(file) (\(recognizers) recognizers)"
        case .configRejected(_, let errors):
            return "configuration refused, the running one stays:\n  " + errors.joined(separator: "\n  ")
        case .notice(let error):
            return "error: \(error.message)"
        }
    }

    private static func time(_ t: DaemonTime) -> String { String(format: "%.3f", t.seconds) }

    private static func location(_ location: SurfaceLocation?) -> String {
        // The daemon shows this user no positions there (docs/protocol.md, Who sees what).
        guard let location else { return "a place not shown" }
        var text = "(\(Text.number(location.millimetres.x)), \(Text.number(location.millimetres.y))) mm"
        if let px = location.pixels { text += " (\(Text.number(px.x)), \(Text.number(px.y))) px" }
        return text
    }

    /// The values by their wire names, in alphabetical order.
    private static func values(_ v: GestureValues) -> String {
        let named = v.named.sorted { $0.name < $1.name }
        guard !named.isEmpty else { return "" }
        return "  " + named.map { name, value in
            switch value {
            case .number(let d): "\(name)=\(Text.number(d))"
            case .pair(let p): "\(name)=(\(Text.number(p.x)), \(Text.number(p.y)))"
            case .word(let w): "\(name)=\(w)"
            }
        }.joined(separator: " ")
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
