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

    static func glob(_ pattern: Substring, _ text: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            var rest = text
            while true {
                if glob(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !text.isEmpty && glob(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == first && glob(pattern.dropFirst(), text.dropFirst())
        }
    }
}
