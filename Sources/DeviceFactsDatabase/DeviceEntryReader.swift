import ConfigSchema
import GestureEngine
import InputCore

/// Reads one `[[device]]` entry of a device database file (docs/devices.md, The format), reporting every error
/// with its position: an unknown key, a wrong type, a value out of range, a match that can never match.
struct DeviceEntryReader {
    let reader: ConfigReader

    static let keys = [
        "id", "about", "sources", "match", "axes", "size_mm", "pressure_calibration", "palm_pressure",
        "palm_contact_area_mm2", "palm_size", "edge_palms", "semi_mt",
    ]
    static let matchKeys = ["name", "bus", "vendor", "product", "dmi"]

    func entry(_ node: ConfigNode) -> DeviceDatabaseEntry? {
        guard let t = reader.table(node, allowed: Self.keys, what: "[[device]]") else { return nil }
        let id = required(t, "id", node).flatMap(reader.name)
        let about = required(t, "about", node).flatMap(reader.string)
        let sources = required(t, "sources", node).flatMap { n -> [String]? in
            guard let list = reader.strings(n, element: reader.string) else { return nil }
            if list.isEmpty { reader.error(n.path, "sources must name at least one public source of the entry's values") }
            return list
        }
        let match = required(t, "match", node).flatMap(self.match)
        var facts = DeviceFacts()
        if let n = t["axes"] { axes(n, into: &facts) }
        if let n = t["size_mm"], let (w, h) = reader.pair(n, in: 10...2000, unit: " mm") { facts.size = Size(width: w, height: h) }
        if let n = t["pressure_calibration"], let c = reader.table(n, allowed: ["slope", "offset"], what: "pressure_calibration") {
            let slope = required(c, "slope", n).flatMap { reader.number($0, in: 0.001...1000) }
            let offset = required(c, "offset", n).flatMap { reader.number($0, in: -10000...10000) }
            if let slope, let offset { facts.pressureCalibration = .init(slope: slope, offset: offset) }
        }
        if let n = t["palm_pressure"], let v = reader.integer(n, in: 1...Int(Int32.max)) { facts.palmPressure = .raw(Int32(v)) }
        if let n = t["palm_contact_area_mm2"], let v = reader.number(n, in: 1...100_000, unit: " mm²") {
            if t["palm_pressure"] != nil {
                reader.error(n.path, atKey: true, "palm_contact_area_mm2 and palm_pressure are one threshold: give one")
            } else if t["pressure_calibration"] == nil {
                reader.error(n.path, atKey: true, "palm_contact_area_mm2 is in calibrated pressure: the entry needs pressure_calibration")
            }
            facts.palmPressure = .contactArea(v)
        }
        if let n = t["palm_size"], let v = reader.integer(n, in: 1...Int(Int32.max)) { facts.palmSize = Int32(v) }
        if let n = t["edge_palms"], let v = reader.bool(n) { facts.edgePalms = v }
        if let n = t["semi_mt"], let v = reader.bool(n) { facts.semiMT = v }
        guard let id, let about, let sources, let match else { return nil }
        if facts == .none { reader.error(node.path, "the entry '\(id)' states no fact (axes, size_mm, pressure_calibration, palm_pressure, palm_contact_area_mm2, palm_size, edge_palms, semi_mt)") }
        return DeviceDatabaseEntry(
            id: id, file: reader.file, position: reader.position(of: node.path), about: about, sources: sources, match: match, facts: facts)
    }

    private func required(_ t: [String: ConfigNode], _ key: String, _ node: ConfigNode) -> ConfigNode? {
        if let n = t[key] { return n }
        reader.error(node.path, "[[device]] needs \(key)")
        return nil
    }

    private func match(_ node: ConfigNode) -> DeviceMatch? {
        guard let t = reader.table(node, allowed: Self.matchKeys, what: "match") else { return nil }
        guard !t.isEmpty else {
            reader.error(node.path, "match needs at least one of \(Self.matchKeys.joined(separator: ", ")): an entry about every device is no device's fact")
            return nil
        }
        var m = DeviceMatch()
        if let n = t["name"], let name = reader.string(n, atMost: 256) {
            // The kernel's names are at most 255 bytes; an empty pattern matches only a nameless device.
            if name.isEmpty { reader.error(n.path, "name is empty and can never match a device's name") } else { m.name = name }
        }
        if let n = t["bus"], let bus = reader.string(n) {
            if let code = Bus.code(bus) {
                m.bus = code
            } else {
                reader.error(n.path, "unknown bus '\(bus)': one of \(Bus.names.map(\.0).joined(separator: ", "))\(reader.suggestion(for: bus, among: Bus.names.map(\.0)))")
            }
        }
        if let n = t["vendor"], let v = reader.integer(n, in: 0...0xFFFF) { m.vendor = UInt16(v) }
        if let n = t["product"], let v = reader.integer(n, in: 0...0xFFFF) { m.product = UInt16(v) }
        if let n = t["dmi"], let dmi = reader.string(n, atMost: 512) {
            // A modalias begins with "dmi:": a pattern that begins otherwise, without a `*`, can never match.
            if dmi.hasPrefix("dmi:") || dmi.hasPrefix("*") {
                m.dmi = dmi
            } else {
                reader.error(n.path, "dmi '\(dmi)' can never match: a DMI modalias begins with dmi: (as in dmi:*svnSAMSUNG*:pnLumpy*)")
            }
        }
        return m
    }

    private func axes(_ node: ConfigNode, into facts: inout DeviceFacts) {
        guard let t = reader.table(node, allowed: ["x", "y"], what: "axes") else { return }
        if let n = t["x"] { facts.x = axis(n) }
        if let n = t["y"] { facts.y = axis(n) }
    }

    /// `[minimum, maximum, resolution]` in device units (resolution in units per millimetre, 0 if unknown).
    private func axis(_ node: ConfigNode) -> DeviceFacts.Axis? {
        let what = "[minimum, maximum, resolution] in device units"
        guard let items = reader.array(node, what: what) else { return nil }
        guard items.count == 3 else {
            reader.error(node.path, "\(node.path.lastKey) must be \(what), got \(items.count) values")
            return nil
        }
        let limit = Int(Int32.max)
        guard let low = reader.integer(items[0], in: -limit...limit), let high = reader.integer(items[1], in: -limit...limit),
            let resolution = reader.integer(items[2], in: 0...100_000)
        else { return nil }
        guard high > low else {
            reader.error(node.path, "\(node.path.lastKey) must have its maximum above its minimum, got \(low) to \(high)")
            return nil
        }
        return DeviceFacts.Axis(minimum: Int32(low), maximum: Int32(high), resolution: Int32(resolution))
    }
}
