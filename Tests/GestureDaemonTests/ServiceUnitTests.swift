import Foundation
@testable import GestureCore
@testable import GestureDaemon
import Testing

/// What the service unit promises the daemon, and the daemon the unit.
@Suite struct ServiceUnitTests {
    static func source(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func install(from directory: String) -> String {
        "sudo install -D -m 0644 \(directory)/gestured-grab.conf /etc/systemd/system/gestured.service.d/grab.conf"
    }

    /// /dev/uinput only where a device is grabbed: the service unit has none, and the drop-in that gives it is
    /// installed with the same commands wherever they are written (the daemon's warning, docs/passthrough.md, the
    /// drop-in's own header).
    @Test func theServiceHasNoUinputAndEveryPlaceGivesTheSameCommands() throws {
        let unit = try Self.source("systemd/gestured.service.in")
        let settings = unit.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!settings.contains { $0.contains("uinput") }, "the base unit reaches /dev/uinput")

        let dropIn = try Self.source("systemd/gestured-grab.conf.in")
        for line in ["SupplementaryGroups=uinput", "BindPaths=-/dev/uinput", "DeviceAllow=/dev/uinput rw"] {
            #expect(dropIn.split(separator: "\n").contains { $0 == line }, "\(line)")
        }
        let warning = DeviceTwins.noUinput(.permissionDenied)
        let docs = try Self.source("docs/passthrough.md")
        #expect(dropIn.contains(Self.install(from: "@DOCDIR@")))
        #expect(warning.contains(Self.install(from: "DOCDIR")))
        #expect(docs.contains(Self.install(from: "/usr/share/doc/gestured")))
        for text in [dropIn, warning, docs] {
            #expect(text.contains("sudo systemctl daemon-reload") && text.contains("sudo systemctl restart gestured"))
        }
    }

    /// LimitNOFILE= is what the largest max_clients needs (the daemon refuses to start when its hard limit is
    /// lower), the watchdog is on, memory is bounded, and the socket's backlog is the daemon's.
    @Test func theUnitsLimitsAreWhatTheDaemonNeeds() throws {
        let settings = try Self.source("systemd/gestured.service.in").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(settings.contains("LimitNOFILE=\(DescriptorLimit.needed(maxClients: 4096))"))
        #expect(settings.contains("WatchdogSec=10s"))
        #expect(settings.contains { $0.hasPrefix("MemoryHigh=") } && settings.contains { $0.hasPrefix("MemoryMax=") })
        // The daemon's own backlog when it binds the socket (SocketServer), which bounds how long a connection
        // waits behind a user connecting in a loop.
        #expect(try Self.source("systemd/gestured.socket.in").split(separator: "\n").contains("Backlog=\(SocketServer.backlog)"))
    }
}
