import Foundation
import GestureProtocol

/// A connection to gestured for a Swift application: requests as async calls whose errors are typed, and
/// everything subscribed to as an `AsyncSequence` of typed events (`events`).
///
///     let client = try await GestureClient(name: "my-shell")
///     try await client.subscribe(kinds: ["swipe"], states: ["ended"])
///     for try await event in client.events {
///         if case .gesture(let swipe) = event { print(swipe.words["direction"] ?? "") }
///     }
///
/// One thread of the client's reads the socket; replies go to the call that waits for them, events to `events`.
/// When the daemon closes the connection, `events` ends with `connection_closed` and waiting calls throw it.
public final class GestureClient: Sendable {
    /// Every event of every subscription, in the order the daemon sent them. Iterate it once.
    public let events: AsyncThrowingStream<ClientEvent, Error>
    /// The daemon's version, and whether this connection may subscribe to raw touches.
    public let daemonVersion: String
    public let mayReceiveTouches: Bool

    private let connection: ClientConnection

    /// Where the daemon listens: $GESTURED_SOCKET, the system socket, then the one a daemon run by hand uses
    /// ($XDG_RUNTIME_DIR/gestured.sock, else /tmp/gestured-UID.sock).
    public static func defaultSocketPath() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GESTURED_SOCKET"], !path.isEmpty { return path }
        let system = "/run/gestured/gestured.sock"
        if FileManager.default.fileExists(atPath: system) { return system }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return "\(runtime)/gestured.sock" }
        return "/tmp/gestured-\(getuid()).sock"
    }

    /// Connects and says hello as `name` (the daemon logs it).
    public init(socket path: String = GestureClient.defaultSocketPath(), name: String) async throws(GestureClientError) {
        let (events, sink) = AsyncThrowingStream.makeStream(of: ClientEvent.self)
        self.events = events
        connection = try ClientConnection(path: path, events: sink)
        let hello = try await connection.request(["type": "hello", "version": ProtocolVersion.current, "client": name])
        daemonVersion = hello["daemon_version"] as? String ?? ""
        mayReceiveTouches = hello["raw_touches"] as? Bool ?? false
    }

    /// Dropping the client ends its connection.
    deinit { connection.shutdown() }

    /// Ends the connection: `events` finishes and calls still waiting throw `connection_closed`.
    public func close() { connection.shutdown() }

    // MARK: Requests

    /// Subscribes to `events` (`gestures`, `touches`, `devices`, `config`), filtered as the protocol's
    /// `filter` does (nil: everything); the subscription's number, for `unsubscribe`.
    @discardableResult
    public func subscribe(
        events: [String] = ["gestures", "devices", "config"], recognizers: [String]? = nil, kinds: [String]? = nil, devices: [String]? = nil,
        regions: [String]? = nil, states: [String]? = nil
    ) async throws(GestureClientError) -> Int {
        var filter: [String: Any] = [:]
        for (key, list) in [("recognizers", recognizers), ("kinds", kinds), ("devices", devices), ("regions", regions), ("states", states)] {
            if let list { filter[key] = list }
        }
        let reply = try await connection.request(["type": "subscribe", "events": events, "filter": filter])
        return Int(try FieldReader(reply).number("subscription"))
    }

    public func unsubscribe(_ subscription: Int) async throws(GestureClientError) {
        _ = try await connection.request(["type": "unsubscribe", "subscription": subscription])
    }

    /// A region of this connection's (UIKit's view), with the keys of a `[[region]]` entry: `rect` is
    /// [x, y, width, height] as fractions of the surface.
    public func addRegion(name: String, device: String, parent: String? = nil, rect: [Double], passThrough: Bool? = nil) async throws(GestureClientError) {
        var region: [String: Any] = ["name": name, "device": device, "rect": rect]
        if let parent { region["parent"] = parent }
        if let passThrough { region["pass_through"] = passThrough }
        _ = try await connection.request(["type": "add_region", "region": region])
    }

    public func removeRegion(named name: String) async throws(GestureClientError) {
        _ = try await connection.request(["type": "remove_region", "name": name])
    }

    /// A recognizer of this connection's, with the keys of a `[[recognizer]]` entry beyond its name and kind
    /// (`region`, `number_of_taps_required`, `require_to_fail`, ...: config/README.md).
    public func addRecognizer(name: String, kind: String, _ keys: [String: any Sendable] = [:]) async throws(GestureClientError) {
        var recognizer: [String: Any] = keys
        recognizer["name"] = name
        recognizer["kind"] = kind
        _ = try await connection.request(["type": "add_recognizer", "recognizer": recognizer])
    }

    public func removeRecognizer(named name: String) async throws(GestureClientError) {
        _ = try await connection.request(["type": "remove_recognizer", "name": name])
    }

    /// How the daemon is doing (docs/protocol.md, status).
    public func status() async throws(GestureClientError) -> DaemonStatus {
        let r = FieldReader(try await connection.request(["type": "status"]))
        return DaemonStatus(
            config: try r.string("config"), source: try r.string("source"), devices: Int(try r.number("devices")),
            recognizers: Int(try r.number("recognizers")), clients: Int(try r.number("clients")), frames: Int(try r.number("frames")),
            gestures: Int(try r.number("gestures")), reloads: Int(try r.number("reloads")), uptime: try r.number("uptime_s"))
    }
}

/// The daemon's `status`, its counters since it started.
public struct DaemonStatus: Sendable, Equatable {
    public var config: String
    /// `devices`, or the recording it serves.
    public var source: String
    public var devices: Int
    public var recognizers: Int
    public var clients: Int
    public var frames: Int
    public var gestures: Int
    public var reloads: Int
    /// Seconds since it started.
    public var uptime: Double
}
