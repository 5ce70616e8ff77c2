import Glibc

/// A configuration and a drawing most daemon tests start from: a tap and a pan, raw touches for `rawUsers`.
public enum DaemonFixtures {
    public static func config(rawUsers: [UInt32] = [getuid()], extra: String = "") -> String {
        """
        [daemon]
        raw_touches = { users = [\(rawUsers.map(String.init).joined(separator: ", "))] }
        client_queue_bytes = 65536
        \(extra)

        [[recognizer]]
        name = "tap"
        kind = "tap"

        [[recognizer]]
        name = "pan"
        kind = "pan"
        """
    }

    /// A tap, then a pan to the right.
    public static let tapThenPan = """
        at 0.1 tap 150 100
        at 0.4 drag 60 100 to 200 100 over 0.3
        """
}
