import ArgumentParser
import Foundation
import Glibc
import SystemPackage
import GestureClient
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
            fail(error.message)
        }
        // Each line is written as it arrives, even into a pipe: what came together (one receive) is written
        // together, before waiting for more. The first says the subscription is in place.
        // The flag read once: an option's property is a parsed value, copied through its type's witness at each use.
        let json = json
        var out = json ? subscribed.line + [UInt8(ascii: "\n")] : Array("watching \(connection.path); Ctrl-C stops\n".utf8)
        while true {
            if !connection.hasReceivedLine {
                Self.write(out)
                out.removeAll(keepingCapacity: true)
            }
            let read: Bool
            do {
                read = try connection.read { line, decoded in
                    if json {
                        out.append(contentsOf: line)
                        out.append(UInt8(ascii: "\n"))
                    } else if case .event(let event) = decoded {
                        out.append(contentsOf: (EventText.line(event) + "\n").utf8)
                    }
                }
            } catch {
                Self.write(out)
                fail(error.message)
            }
            guard read else {
                Self.write(out)
                fail("the daemon closed the connection")
            }
        }
    }

    /// All of `bytes` to standard output; a reader that went away ends the program.
    private static func write(_ bytes: [UInt8]) {
        do { _ = try FileDescriptor.standardOutput.writeAll(bytes) } catch { Glibc.exit(1) }
    }
}
