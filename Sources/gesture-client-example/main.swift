import Foundation
import GestureClient

// A small application of GestureClient: connects to the daemon (GESTURED_SOCKET or the usual places), subscribes
// to swipes and pinches, and prints each one it is told of, until the daemon goes or Ctrl-C.
//
//   swift run gesture-client-example

/// One line as each event comes, written at once (print would keep it in a buffer when stdout is a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

do {
    let client = try await GestureClient(name: "gesture-client-example")
    say("connected to gestured \(client.hello.daemonVersion)")
    try await client.subscribe(events: [.gestures, .devices], kinds: ["swipe", "pinch"], states: ["ended", "changed"])
    for try await event in client.events {
        switch event {
        case .gesture(let g) where g.kind == "swipe":
            say("\(g.recognizer): swipe \(g.values.direction ?? "?") on \(g.device) with \(g.touches) finger(s)")
        case .gesture(let g):
            say("\(g.recognizer): scale \(String(format: "%.2f", g.values.scale ?? 1))")
        case .deviceAdded(let d):
            say("device \(d.name) (\(d.deviceName), \(d.kind)) added")
        case .deviceRemoved(let name, _, _):
            say("device \(name) removed")
        default:
            break
        }
    }
} catch let error as GestureClientError {
    FileHandle.standardError.write(Data("gesture-client-example: \(error)\n".utf8))
    exit(1)
}
