/// A place in the configuration tree, written as `recognizer[2].should_begin.regions[0]`. Kept as its parts
/// and spelt out only for a message: the path of every value below a key repeats that key.
public struct ConfigPath: Hashable, Sendable, CustomStringConvertible {
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package private(set) var components: [Component]

    public static let root = ConfigPath(components: [])

    public func key(_ name: String) -> ConfigPath { ConfigPath(components: components + [.key(name)]) }
    public func index(_ n: Int) -> ConfigPath { ConfigPath(components: components + [.index(n)]) }

    public var text: String { Self.text(components[...]) }

    /// The last key name, with the indices after it but the last (`b` of `a.b[0]`, `b[0]` of `a.b[0][1]`).
    public var lastKey: String {
        var rest = components[...]
        if case .index? = rest.last { rest = rest.dropLast() }
        guard let k = rest.lastIndex(where: { if case .key = $0 { true } else { false } }) else { return "" }
        return Self.text(rest[k...])
    }

    public var description: String { text }

    private static func text(_ components: ArraySlice<Component>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let n): text += "[\(n)]"
            }
        }
        return text
    }
}
