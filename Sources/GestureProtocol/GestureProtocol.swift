/// The wire: every line a client and the daemon exchange (docs/protocol.md), as plain types that encode and decode
/// both ways: `Request` (a client's lines), `Reply` (the daemon's answers), `Event` (what it sends unasked), and
/// `ServerLine`, a daemon line as a client reads it. The daemon, gesturectl, the Swift client library and the
/// fixtures in Tests/WireFixtures (which the Python client's tests read too) all go through these types.
///
/// What it may not touch: the recognizer engine, devices, the configuration, the platform (the socket a client
/// connects is SystemCalls' `UnixSocketConnection`). A client links this module and nothing of the daemon
/// (scripts/check-client-package);
/// the daemon maps its engine's values to these types at its edge (GestureDaemon's WireMapping).
public enum ProtocolVersion {
    public static let current = 1
    /// A request line longer than this (bytes, newline excluded) closes the connection.
    public static let maximumLineBytes = 65_536
}
