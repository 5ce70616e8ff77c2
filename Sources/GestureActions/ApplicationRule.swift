import ConfigSchema
import InputCore

/// Which applications an action is for (`application = ["firefox", "org.gnome.*"]`, docs/actions.md,
/// Per-application rules): patterns with `*` (any run) and `?` (any one character), matched without regard to
/// case against every name the desktop gives a window: its Wayland app id, or its X11 class and instance.
public struct ApplicationRule: Sendable, Equatable {
    public var patterns: [String]

    public init(patterns: [String]) { self.patterns = patterns.map { $0.lowercased() } }

    /// A pattern or a list of them, each a non-empty string.
    init?(_ node: ConfigNode, _ reader: ConfigReader) {
        let one = { (n: ConfigNode) -> String? in
            guard let s = reader.string(n, atMost: 256) else { return nil }
            guard !s.isEmpty else {
                reader.error(n.path, "an application pattern cannot be empty: an app id (org.mozilla.firefox), a window class (firefox), or a pattern (org.gnome.*)")
                return nil
            }
            return s
        }
        if case .string = node.value {
            guard let pattern = one(node) else { return nil }
            self.init(patterns: [pattern])
        } else {
            guard let list = reader.strings(node, element: one) else { return nil }
            guard !list.isEmpty else {
                reader.error(node.path, "\(node.path.lastKey) names no application: give one pattern or more")
                return nil
            }
            self.init(patterns: list)
        }
    }

    /// Whether any of a window's names matches any pattern.
    public func matches(_ names: [String]) -> Bool {
        names.contains { name in
            let lowered = name.lowercased()
            return patterns.contains { DeviceSelector.glob($0[...], lowered[...]) }
        }
    }
}
