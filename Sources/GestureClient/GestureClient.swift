// GestureClient: what a Swift application links to talk to gestured (docs/protocol.md): a connection with async
// requests and typed errors (GestureClient), every event as an AsyncSequence, and the one socket client of the
// project (DaemonSocket), which gesturectl uses too. It may link the wire (GestureProtocol) and the system-call
// funnel, never the daemon, the engine or the configuration (scripts/check-client-package).
import Foundation
// The wire's types are the client's: an application imports GestureClient alone.
@_exported import GestureProtocol

/// A connection to gestured for a Swift application: requests as async calls whose errors are typed, and
/// everything subscribed to as an `AsyncSequence` of typed events (`events`).
///
///     let client = try await GestureClient(name: "my-shell")
///     try await client.subscribe(kinds: ["swipe"], states: ["ended"])
///     for try await event in client.events {
///         if case .gesture(let swipe) = event { print(swipe.values.direction ?? "") }
///     }
///
/// One thread of the client's reads the socket; replies go to the call that waits for them, events to `events`.
/// When the daemon closes the connection, `events` ends with `connection_closed` and waiting calls throw it.
public final class GestureClient: Sendable {
    /// Every event of every subscription, in the order the daemon sent them. Iterate it once.
    public let events: AsyncThrowingStream<Event, Error>
    /// The daemon's answer to hello: its version, whether this connection may subscribe to raw touches, where it
    /// sees positions, and its number.
    public let hello: Hello

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
        let (events, sink) = AsyncThrowingStream.makeStream(of: Event.self)
        self.events = events
        connection = try ClientConnection(path: path, events: sink)
        guard case .hello(let hello) = try await connection.request(.hello(version: ProtocolVersion.current, client: name)) else {
            throw GestureClientError.unexpected("hello")
        }
        self.hello = hello
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
        events: Set<Subscription.Events> = [.gestures, .devices, .config], recognizers: Set<String>? = nil, kinds: Set<String>? = nil,
        devices: Set<String>? = nil, regions: Set<String>? = nil, states: Set<String>? = nil
    ) async throws(GestureClientError) -> Int {
        let subscription = Subscription(events: events, recognizers: recognizers, kinds: kinds, devices: devices, regions: regions, states: states)
        guard case .subscribed(let n, _) = try await connection.request(.subscribe(subscription)) else { throw .unexpected("subscribe") }
        return n
    }

    public func unsubscribe(_ subscription: Int) async throws(GestureClientError) {
        _ = try await connection.request(.unsubscribe(subscription))
    }

    /// A region of this connection's (UIKit's view), with the keys of a `[[region]]` entry: `rect` is
    /// [x, y, width, height] as fractions of the surface.
    public func addRegion(name: String, device: String, parent: String? = nil, rect: [Double], passThrough: Bool? = nil) async throws(GestureClientError) {
        var region: [String: JSONValue] = ["name": .string(name), "device": .string(device), "rect": .array(rect.map(JSONValue.number))]
        if let parent { region["parent"] = .string(parent) }
        if let passThrough { region["pass_through"] = .bool(passThrough) }
        _ = try await connection.request(.addRegion(.object(region)))
    }

    public func removeRegion(named name: String) async throws(GestureClientError) {
        _ = try await connection.request(.removeRegion(name))
    }

    /// A recognizer of this connection's, with the keys of a `[[recognizer]]` entry beyond its name and kind
    /// (`region`, `number_of_taps_required`, `require_to_fail`, ...: config/README.md).
    public func addRecognizer(name: String, kind: String, _ keys: [String: JSONValue] = [:]) async throws(GestureClientError) {
        var recognizer = keys
        recognizer["name"] = .string(name)
        recognizer["kind"] = .string(kind)
        _ = try await connection.request(.addRecognizer(.object(recognizer)))
    }

    public func removeRecognizer(named name: String) async throws(GestureClientError) {
        _ = try await connection.request(.removeRecognizer(name))
    }

    /// A shape this connection's shape recognizers may name (`shapes`): its examples, each a drawing of strokes of
    /// points in millimetres and seconds (docs/shapes.md).
    public func addShape(name: String, fingers: Int = 1, examples: [[[(x: Double, y: Double, t: Double)]]]) async throws(GestureClientError) {
        let drawings = JSONValue.array(
            examples.map { strokes in .array(strokes.map { points in .array(points.map { .array([.number($0.x), .number($0.y), .number($0.t)]) }) }) })
        let shape: [String: JSONValue] = ["name": .string(name), "fingers": .integer(fingers), "examples": drawings]
        _ = try await connection.request(.addShape(.object(shape)))
    }

    public func removeShape(named name: String) async throws(GestureClientError) {
        _ = try await connection.request(.removeShape(name))
    }

    /// How the daemon is doing (docs/protocol.md, status).
    public func status() async throws(GestureClientError) -> DaemonStatus {
        guard case .status(let status) = try await connection.request(.status) else { throw .unexpected("status") }
        return status
    }

    /// The devices the daemon serves.
    public func devices() async throws(GestureClientError) -> [DeviceSummary] {
        guard case .devices(let devices) = try await connection.request(.listDevices) else { throw .unexpected("list_devices") }
        return devices
    }

    /// The recognizers this connection can see, with their states.
    public func recognizers() async throws(GestureClientError) -> [RecognizerSummary] {
        guard case .recognizers(let recognizers, _) = try await connection.request(.listRecognizers) else { throw .unexpected("list_recognizers") }
        return recognizers
    }

    /// Every recognizer the daemon's configuration declares, whatever devices are present, with a shape
    /// recognizer's shapes: the names an actions file may bind.
    public func configuredRecognizers() async throws(GestureClientError) -> [ConfiguredRecognizer] {
        guard case .recognizers(_, let configured) = try await connection.request(.listRecognizers) else { throw .unexpected("list_recognizers") }
        return configured
    }

    /// The regions this connection can see.
    public func regions() async throws(GestureClientError) -> [RegionSummary] {
        guard case .regions(let regions) = try await connection.request(.listRegions) else { throw .unexpected("list_regions") }
        return regions
    }
}
