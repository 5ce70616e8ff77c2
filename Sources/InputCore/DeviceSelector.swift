/// Picks devices, as the configuration names them: a name glob (`*` and `?`), vendor and product ids, kinds.
/// An unset criterion matches anything.
public struct DeviceSelector: Hashable, Sendable {
    public var name: String?
    public var vendor: UInt16?
    public var product: UInt16?
    public var kinds: Set<DeviceKind>

    public init(name: String? = nil, vendor: UInt16? = nil, product: UInt16? = nil, kinds: Set<DeviceKind> = [.touchscreen, .touchpad]) {
        self.name = name
        self.vendor = vendor
        self.product = product
        self.kinds = kinds
    }

    public func matches(_ device: DeviceDescription, kind: DeviceKind) -> Bool {
        guard kinds.contains(kind) else { return false }
        if let vendor, device.vendor != vendor { return false }
        if let product, device.product != product { return false }
        if let name, !Self.glob(name[...], device.name[...]) { return false }
        return true
    }

    /// Whether `text` matches `pattern`, where `*` is any run of characters and `?` any one. Greedy, without
    /// recursion: a `*` first takes nothing, and on a mismatch the latest `*` takes one more character. Only the
    /// latest matters, since what it can take includes what an earlier one could; so the work is at most the
    /// pattern's length times the text's, where trying each `*` at each place took minutes for ten of them.
    public static func glob(_ pattern: Substring, _ text: Substring) -> Bool {
        let p = Array(pattern), t = Array(text)
        var i = 0, j = 0
        // The pattern index after the latest `*`, and the text index where what follows it is being tried.
        var star: (pattern: Int, text: Int)?
        while j < t.count {
            if i < p.count && p[i] == "*" {
                star = (i + 1, j)
                i += 1
            } else if i < p.count && (p[i] == "?" || p[i] == t[j]) {
                i += 1
                j += 1
            } else if let s = star {
                star = (s.pattern, s.text + 1)
                i = s.pattern
                j = s.text + 1
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}
