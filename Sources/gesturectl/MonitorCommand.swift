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

    @Option(name: .long, help: "Only these kinds: tap, long-press, pan, swipe, pinch, rotation, edge-pan, shape, checkmark, tickle (repeatable).")
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
                out.write(Data((EventText.line(event) + "\n").utf8))
            }
        }
    }
}
