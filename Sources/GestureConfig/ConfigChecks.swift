import ConfigSchema
import GestureEngine

/// The checks that span entries: unique names, references that resolve, regions inside their parents, and
/// require-to-fail relations without cycles.
struct ConfigChecks {
    let reader: ConfigReader

    func checkDevices(_ devices: [DeviceEntry], nodes: [ConfigNode]) {
        var seen: Set<String> = []
        for (device, node) in zip(devices, nodes) where !seen.insert(device.name).inserted {
            reader.error(node.path.key("name"), "device '\(device.name)' is defined twice")
        }
    }

    /// Regions with parents before children; each must lie within its parent, on the same device. In file order
    /// but for a region written before its parent, which waits for it: of the regions whose parent is placed,
    /// the first written goes next. So siblings keep their file order, which decides which of two overlapping
    /// ones a touch lands in, and placing them all takes n log n (one pass each for regions written children
    /// first took quadratic time).
    func orderedRegions(_ regions: [(RegionEntry, ConfigNode)], devices: [DeviceEntry]) -> [RegionEntry] {
        let deviceNames = Set(devices.map(\.name))
        var seen = deviceNames
        var candidates: [(RegionEntry, ConfigNode)] = []
        for (region, node) in regions {
            if !seen.insert(region.name).inserted {
                reader.error(node.path.key("name"), "region '\(region.name)' is defined twice (device names are regions too)")
            } else if !deviceNames.contains(region.device) {
                reader.error(node.path.key("device"), "unknown device '\(region.device)'\(reader.suggestion(for: region.device, among: devices.map(\.name)))")
            } else {
                candidates.append((region, node))
            }
        }
        var children: [String: [Int]] = [:]
        for (i, (region, _)) in candidates.enumerated() { children[region.parent, default: []].append(i) }
        var placed: [String: RegionEntry] = [:]
        var ready = IndexHeap()
        for device in deviceNames {
            placed[device] = .wholeSurface(of: device)
            for i in children[device] ?? [] { ready.insert(i) }
        }
        var ordered: [RegionEntry] = []
        var decided = Array(repeating: false, count: candidates.count)
        while let i = ready.popMin() {
            decided[i] = true
            let (region, node) = candidates[i]
            let parent = placed[region.parent]!
            if parent.device != region.device {
                reader.error(node.path.key("parent"), "parent '\(region.parent)' is on device '\(parent.device)', not '\(region.device)'")
            } else if !contains(parent.rect, region.rect) {
                reader.error(node.path.key("rect"), "region '\(region.name)' \(describe(region.rect)) is outside its parent '\(parent.name)' \(describe(parent.rect))")
            } else {
                placed[region.name] = region
                ordered.append(region)
                for child in children[region.name] ?? [] { ready.insert(child) }
            }
        }
        let pending = candidates.indices.filter { !decided[$0] }.map { candidates[$0] }
        let known = Set(placed.keys).union(pending.map(\.0.name))
        for (region, node) in pending {
            // `why` brings its own leading space or "; ": none before it, so no trailing space when it is empty.
            let why = known.contains(region.parent) ? " (a cycle of parents)" : reader.suggestion(for: region.parent, among: known)
            reader.error(node.path.key("parent"), "parent '\(region.parent)' of region '\(region.name)' is not a region of device '\(region.device)'\(why)")
        }
        return ordered
    }

    /// `known` are recognizers defined elsewhere (the running configuration, for a client's) that relations
    /// may name too.
    func checkRecognizers(_ recognizers: [(RecognizerEntry, ConfigNode)], known: Set<String> = [], regions: [RegionEntry], devices: [DeviceEntry]) {
        var names: Set<String> = []
        for (r, node) in recognizers where !names.insert(r.name).inserted {
            reader.error(node.path.key("name"), "recognizer '\(r.name)' is defined twice")
        }
        names.formUnion(known)
        let namesOrAny = names.union([GestureRules.any])
        let deviceNames = Set(devices.map(\.name))
        // Regions by name, a device's name standing for its whole surface; a region before a device of its name.
        var surfaces: [String: RegionEntry] = [:]
        for region in regions where surfaces[region.name] == nil { surfaces[region.name] = region }
        for device in devices where surfaces[device.name] == nil { surfaces[device.name] = .wholeSurface(of: device.name) }
        let regionNames = Set(surfaces.keys)
        for (r, node) in recognizers {
            switch r.placement {
            case .everyDevice: break
            case .device(let d) where !deviceNames.contains(d):
                reader.error(node.path.key("device"), "unknown device '\(d)'\(reader.suggestion(for: d, among: deviceNames))")
            case .region(let name):
                if let region = surfaces[name] {
                    if case .table(let t) = node.value, let d = t.first(where: { $0.key == "device" }), case .string(let device) = d.node.value,
                        device != region.device
                    {
                        reader.error(node.path.key("region"), "region '\(name)' is on device '\(region.device)', not '\(device)'")
                    }
                } else {
                    reader.error(node.path.key("region"), "unknown region '\(name)'\(reader.suggestion(for: name, among: regionNames))")
                }
            default: break
            }
            references(r.requireToFail, "require_to_fail", r, node, names)
            references(r.simultaneousWith, "simultaneous_with", r, node, names)
            references(r.cannotPrevent, "cannot_prevent", r, node, namesOrAny)
            references(r.cannotBePreventedBy, "cannot_be_prevented_by", r, node, namesOrAny)
            if let rule = r.shouldReceive {
                regionReferences(rule.regions, node.path.key("should_receive").key("regions"), regionNames)
                regionReferences(rule.excludeRegions, node.path.key("should_receive").key("exclude_regions"), regionNames)
            }
            if let rule = r.shouldBegin {
                regionReferences(rule.regions, node.path.key("should_begin").key("regions"), regionNames)
                references(rule.unlessActive, "should_begin.unless_active", r, node, names)
            }
            checkParameters(r, node)
        }
        checkCycles(recognizers)
    }

    private func references(_ list: [String], _ key: String, _ r: RecognizerEntry, _ node: ConfigNode, _ known: Set<String>) {
        var path = node.path
        for part in key.split(separator: ".") { path = path.key(String(part)) }
        for (i, name) in list.enumerated() {
            if name == r.name {
                reader.error(path.index(i), "recognizer '\(r.name)' names itself in \(key)")
            } else if !known.contains(name) {
                reader.error(path.index(i), "unknown recognizer '\(name)' in \(key)\(reader.suggestion(for: name, among: known))")
            }
        }
    }

    private func regionReferences(_ list: [String], _ path: ConfigPath, _ known: Set<String>) {
        for (i, name) in list.enumerated() where !known.contains(name) {
            reader.error(path.index(i), "unknown region '\(name)'\(reader.suggestion(for: name, among: known))")
        }
    }

    /// Values that are fine alone but not together.
    private func checkParameters(_ r: RecognizerEntry, _ node: ConfigNode) {
        let given = Dictionary(r.parameters.map { ($0.0.name, $0.1) }, uniquingKeysWith: { a, _ in a })
        if case .count(let lo)? = given["minimum_number_of_touches"], case .count(let hi)? = given["maximum_number_of_touches"], lo > hi {
            reader.error(node.path.key("maximum_number_of_touches"), "maximum_number_of_touches (\(hi)) is less than minimum_number_of_touches (\(lo))")
        }
        // Only when edges is absent: an edges key that was given but invalid is already reported at its value.
        if r.kind == .edgePan && given["edges"] == nil, case .table(let keys) = node.value, !keys.contains(where: { $0.key == "edges" }) {
            reader.error(node.path, "edge-pan recognizer '\(r.name)' needs edges (any of top, left, bottom, right): without one it never begins")
        }
    }

    /// A recognizer that waits for itself, through others, would wait forever. One error for each group that
    /// waits for each other, at its first recognizer's relation to the next one in the cycle.
    private func checkCycles(_ recognizers: [(RecognizerEntry, ConfigNode)]) {
        // A name given twice is reported apart; relations name its first entry.
        var index: [String: Int] = [:]
        for (i, (r, _)) in recognizers.enumerated() where index[r.name] == nil { index[r.name] = i }
        // A recognizer naming itself is already reported by `references`; it is not also a cycle.
        let waits = recognizers.indices.map { i in
            index[recognizers[i].0.name] == i ? recognizers[i].0.requireToFail.compactMap { index[$0] }.filter { $0 != i } : []
        }
        for chain in RequireToFailCycles.cycles(waits) {
            let (r, node) = recognizers[chain[0]]
            let names = (chain + [chain[0]]).map { recognizers[$0].0.name }
            let at = r.requireToFail.firstIndex(of: names[1]) ?? 0
            reader.error(node.path.key("require_to_fail").index(at), "require_to_fail makes a cycle: \(names.joined(separator: " -> ")); each would wait for the other forever")
        }
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let e = Tolerance.epsilon
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }

    private func describe(_ r: Rect) -> String { "[\(r.minX), \(r.minY), \(r.size.width), \(r.size.height)]" }
}
