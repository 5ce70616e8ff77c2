import Conditioning
import ConfigSchema
import GestureEngine
import InputCore
import ShapeFormat

extension Configuration {
    /// Parses and validates a configuration. Every problem is reported, each with its line and column. The shape
    /// files it names are read from `files`, relative to `file`'s folder.
    public static func parse(_ text: String, file: String, files: any FileSource = NoFiles()) throws(ConfigErrors) -> Configuration {
        let root = try ConfigNode.parse(text, file: file)
        let reader = ConfigReader(file: file, root: root)
        let parser = ConfigParser(reader: reader, shapeSource: .files(ShapeFiles(relativeTo: file, files: files)))
        let configuration = parser.configuration(root)
        guard reader.errors.isEmpty, let configuration else {
            throw ConfigErrors(reader.errors.isEmpty ? [ConfigError(file: file, position: .init(line: 1, column: 1), "invalid configuration")] : reader.errors)
        }
        return configuration
    }
}

/// Reads each section of the file into the model; `ConfigChecks` then checks what refers to what.
struct ConfigParser {
    let reader: ConfigReader
    /// Where a shape recognizer's shapes come from: files beside the configuration, or a connection's own
    /// (given every time: a client's request must never make the daemon read a file).
    let shapeSource: ShapeSource

    func configuration(_ root: ConfigNode) -> Configuration? {
        // An actions file given where the daemon's configuration goes: said as what it is, not as a wrong key.
        if case .table(let entries) = root.value, let action = entries.first(where: { $0.0 == "action" }) {
            reader.error(
                action.1.path.index(0),
                "[[action]] tables make this an actions file (docs/actions.md), not the daemon's configuration: check it with gesturectl actions --check --file \(reader.file)")
            return nil
        }
        guard let top = reader.table(root, allowed: ["daemon", "device", "region", "recognizer"], what: "the file") else { return nil }
        guard withinLimits(top) else { return nil }
        let daemon = top["daemon"].flatMap(daemonSettings) ?? DaemonSettings()
        // Read the list once (a `device` that is not an array is reported once) and keep each entry with its
        // own node: an invalid entry is dropped, and duplicate names must still point at the right line.
        let parsedDevices = list(top["device"], what: "[[device]]").compactMap { node in device(node).map { ($0, node) } }
        var devices = parsedDevices.map(\.0)
        if top["device"] == nil {
            devices = [DeviceEntry(name: "touch", selector: DeviceSelector(), size: nil, rotation: .none, outputSize: nil)]
        }
        let deviceNodes = parsedDevices.map(\.1)
        let regions = list(top["region"], what: "[[region]]").compactMap { region($0) }
        let recognizers = list(top["recognizer"], what: "[[recognizer]]").compactMap(recognizer)
        let checks = ConfigChecks(reader: reader)
        checks.checkDevices(devices, nodes: deviceNodes)
        let ordered = checks.orderedRegions(regions, devices: devices)
        checks.checkRecognizers(recognizers, regions: ordered, devices: devices)
        return Configuration(file: reader.file, daemon: daemon, devices: devices, regions: ordered, recognizers: recognizers.map(\.0))
    }

    /// Whether there are at most `ConfigLimits` entries of each kind; the error is at the first one over. The
    /// entries are counted before anything is read from them: a file refused for their number is refused with
    /// that alone, not with what checking each against thousands of others would say.
    private func withinLimits(_ top: [String: ConfigNode]) -> Bool {
        var within = true
        for (key, limit) in [("device", ConfigurationLimits.devices), ("region", ConfigurationLimits.regions), ("recognizer", ConfigurationLimits.recognizers)] {
            guard case .array(let entries)? = top[key]?.value, entries.count > limit else { continue }
            reader.error(entries[limit].path, "at most \(limit) [[\(key)]] entries, got \(entries.count)")
            within = false
        }
        return within
    }

    private func list(_ node: ConfigNode?, what: String) -> [ConfigNode] {
        guard let node else { return [] }
        return reader.array(node, what: "an array of tables, written \(what)") ?? []
    }

    private func daemonSettings(_ node: ConfigNode) -> DaemonSettings? {
        let keys = [
            "socket", "socket_group", "socket_mode", "log_level", "raw_touches", "max_clients", "client_queue_bytes",
            "max_client_recognizers", "max_client_regions", "max_client_subscriptions", "control", "max_clients_per_user",
            "max_client_recognizers_total", "max_client_regions_total", "max_client_shape_points_total", "hello_timeout_s", "positions", "max_client_shapes",
            "max_client_shape_examples", "max_client_shape_points", "max_client_shape_comparisons", "max_client_shape_comparisons_total",
            "client_shape_steps", "max_user_share",
        ]
        guard let t = reader.table(node, allowed: keys, what: "[daemon]") else { return nil }
        var d = DaemonSettings()
        if let n = t["socket"], let path = reader.string(n) {
            if path.hasPrefix("/") && path.utf8.count < 108 {
                d.socketPath = path
            } else {
                reader.error(n.path, "socket must be an absolute path shorter than 108 bytes, got '\(path)'")
            }
        }
        if let n = t["socket_group"], let g = reader.string(n) { d.socketGroup = g }
        if let n = t["socket_mode"], let mode = reader.integer(n, in: 0...0o777) {
            if mode & 0o600 != 0o600 { reader.error(n.path, "socket_mode must let the daemon's user read and write (0o600), got 0o\(String(mode, radix: 8))") }
            if mode & 0o007 != 0 { reader.error(n.path, "socket_mode must not give other users access (raw touches can reveal typing), got 0o\(String(mode, radix: 8)); use socket_group") }
            d.socketMode = UInt32(mode)
        }
        if let n = t["log_level"], let level = reader.choice(n, among: DaemonSettings.logLevels) { d.logLevel = level }
        if let n = t["raw_touches"], let raw = reader.table(n, allowed: ["users", "groups"], what: "daemon.raw_touches") {
            if let u = raw["users"], let users = reader.strings(u, element: principal) { d.rawTouchUsers = users }
            if let g = raw["groups"], let groups = reader.strings(g, element: principal) { d.rawTouchGroups = groups }
        }
        if let n = t["control"], let control = reader.table(n, allowed: ["users", "groups"], what: "daemon.control") {
            d.controlUsers = []
            if let u = control["users"], let users = reader.strings(u, element: principal) { d.controlUsers = users }
            if let g = control["groups"], let groups = reader.strings(g, element: principal) { d.controlGroups = groups }
        }
        if let n = t["max_clients"], let m = reader.integer(n, in: 1...4096) { d.maxClients = m }
        if let n = t["client_queue_bytes"], let q = reader.integer(n, in: 65_536...(64 << 20)) { d.clientQueueBytes = q }
        if let n = t["max_client_recognizers"], let m = reader.integer(n, in: 0...256) { d.maxClientRecognizers = m }
        if let n = t["max_client_regions"], let m = reader.integer(n, in: 0...256) { d.maxClientRegions = m }
        if let n = t["max_client_subscriptions"], let m = reader.integer(n, in: 1...256) { d.maxClientSubscriptions = m }
        if let n = t["max_client_shapes"], let m = reader.integer(n, in: 0...256) { d.maxClientShapes = m }
        if let n = t["max_client_shape_examples"], let m = reader.integer(n, in: 1...100) { d.maxClientShapeExamples = m }
        if let n = t["max_client_shape_points"], let m = reader.integer(n, in: 0...ShapeFile.maximumPoints * 100) { d.maxClientShapePoints = m }
        if let n = t["max_clients_per_user"], let m = reader.integer(n, in: 1...4096) { d.maxClientsPerUser = m }
        if let n = t["max_client_recognizers_total"], let m = reader.integer(n, in: 0...4096) { d.maxClientRecognizersTotal = m }
        if let n = t["max_client_regions_total"], let m = reader.integer(n, in: 0...4096) { d.maxClientRegionsTotal = m }
        if let n = t["max_client_shape_points_total"], let m = reader.integer(n, in: 0...ShapeFile.maximumPoints * 1000) {
            d.maxClientShapePointsTotal = m
        }
        if let n = t["max_client_shape_comparisons"], let m = reader.integer(n, in: 0...100_000) { d.maxClientShapeComparisons = m }
        if let n = t["max_client_shape_comparisons_total"], let m = reader.integer(n, in: 0...1_000_000) { d.maxClientShapeComparisonsTotal = m }
        if let n = t["client_shape_steps"], let m = reader.integer(n, in: 0...100_000_000) { d.clientShapeSteps = m }
        if let n = t["max_user_share"], let share = reader.number(n, in: 0.01...1, unit: "") { d.maxUserShare = share }
        if let n = t["hello_timeout_s"], let s = reader.number(n, in: 0.1...300, unit: " s") { d.helloTimeout = s }
        if let n = t["positions"] { d.positions = principals(n, what: "daemon.positions") }
        return d
    }

    /// A `{ users = [...], groups = [...] }` table.
    private func principals(_ node: ConfigNode, what: String) -> Principals? {
        guard let t = reader.table(node, allowed: ["users", "groups"], what: what) else { return nil }
        var p = Principals()
        if let u = t["users"], let users = reader.strings(u, element: principal) { p.users = users }
        if let g = t["groups"], let groups = reader.strings(g, element: principal) { p.groups = groups }
        return p
    }

    /// A user or group: a name, or a numeric id given as an integer.
    private func principal(_ node: ConfigNode) -> String? {
        if case .integer(let id) = node.value {
            guard id >= 0 && id <= Int(UInt32.max) else {
                reader.error(node.path, "an id must be from 0 to \(UInt32.max), got \(id)")
                return nil
            }
            return String(id)
        }
        return reader.string(node)
    }

    private func device(_ node: ConfigNode) -> DeviceEntry? {
        guard let t = reader.table(node, allowed: ["name", "match", "size_mm", "rotation", "output_px", "conditioning", "grab", "positions"], what: "[[device]]")
        else { return nil }
        guard let name = required(t, "name", in: node, reader.name) else { return nil }
        var entry = DeviceEntry(name: name, selector: DeviceSelector(), size: nil, rotation: .none, outputSize: nil)
        if let m = t["match"], let match = reader.table(m, allowed: ["name", "vendor", "product", "kinds"], what: "device.match") {
            if let n = match["name"], let glob = reader.string(n, atMost: ConfigurationLimits.globBytes) { entry.selector.name = glob }
            if let n = match["vendor"], let v = reader.integer(n, in: 0...0xFFFF) { entry.selector.vendor = UInt16(v) }
            if let n = match["product"], let p = reader.integer(n, in: 0...0xFFFF) { entry.selector.product = UInt16(p) }
            if let n = match["kinds"] {
                let choices = DeviceKind.allCases.filter { $0 != .other }.map(\.rawValue)
                if let kinds = reader.strings(n, element: { reader.choice($0, among: choices) }) {
                    entry.selector.kinds = Set(kinds.compactMap(DeviceKind.init(rawValue:)))
                }
            }
        }
        if let n = t["size_mm"], let (w, h) = reader.pair(n, in: 1...10_000, unit: " mm") { entry.size = Size(width: w, height: h) }
        if let n = t["rotation"], let degrees = reader.integer(n, in: 0...270) {
            if let r = Rotation(rawValue: degrees) { entry.rotation = r } else { reader.error(n.path, "rotation must be 0, 90, 180 or 270, got \(degrees)") }
        }
        if let n = t["output_px"], let (w, h) = reader.pair(n, in: 1...100_000, unit: " pixels") { entry.outputSize = Size(width: w, height: h) }
        if let n = t["conditioning"] { conditioning(n, into: &entry) }
        if let n = t["grab"], let grab = reader.bool(n) { entry.grab = grab }
        if let n = t["positions"] { entry.positions = principals(n, what: "device.positions") }
        return entry
    }

    /// `conditioning = false`, or a table of `ConditioningKey`s, each a number in its range or `false`.
    private func conditioning(_ node: ConfigNode, into entry: inout DeviceEntry) {
        if case .boolean(let on) = node.value {
            if on {
                reader.error(node.path, "conditioning must be false (none at all) or a table of keys; the defaults of the device's kind need no key")
            }
            entry.conditioningOff = !on
            return
        }
        guard let t = reader.table(node, allowed: ConditioningKey.names, what: "device.conditioning") else { return }
        for key in ConditioningKey.all {
            guard let n = t[key.name] else { continue }
            if case .boolean(let on) = n.value, key.mayBeOff {
                if on {
                    let range = "\(reader.format(key.range.lowerBound)) to \(reader.format(key.range.upperBound))\(key.unit)"
                    reader.error(n.path, "\(key.name) may be false (off) or a number from \(range), not true")
                }
                entry.conditioning[key.name] = .some(nil)
            } else if let value = reader.number(n, in: key.range, unit: key.unit) {
                entry.conditioning[key.name] = value
            }
        }
    }

    /// A [[region]] entry; `client`: one a connection adds, which may not say who sees positions in it.
    func region(_ node: ConfigNode, client: Bool = false) -> (RegionEntry, ConfigNode)? {
        let keys = ["name", "device", "parent", "rect", "pass_through"] + (client ? [] : ["positions"])
        guard let t = reader.table(node, allowed: keys, what: "[[region]]") else { return nil }
        guard let name = required(t, "name", in: node, reader.name), let device = required(t, "device", in: node, reader.name),
            let rectNode = t["rect"] ?? missing("rect", in: node, "[x, y, width, height] from 0 to 1")
        else { return nil }
        let parent = t["parent"].flatMap(reader.name) ?? device
        guard let items = reader.array(rectNode, what: "[x, y, width, height] from 0 to 1") else { return nil }
        guard items.count == 4 else {
            reader.error(rectNode.path, "rect must be [x, y, width, height] from 0 to 1, got \(items.count) numbers")
            return nil
        }
        let v = items.compactMap { reader.number($0, in: 0...1) }
        guard v.count == 4 else { return nil }
        guard v[2] > 0, v[3] > 0, v[0] + v[2] <= 1 + Tolerance.epsilon, v[1] + v[3] <= 1 + Tolerance.epsilon else {
            reader.error(rectNode.path, "rect \(v) must have a positive width and height and end within the surface (x + width <= 1, y + height <= 1)")
            return nil
        }
        guard v[2] >= ConfigurationLimits.regionSide, v[3] >= ConfigurationLimits.regionSide else {
            reader.error(
                rectNode.path,
                "rect \(v) is smaller than a region may be: its width and height must each be at least \(ConfigurationLimits.regionSide) of the surface (a smaller one holds no finger)")
            return nil
        }
        let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        var entry = RegionEntry(name: name, device: device, parent: parent, rect: rect)
        if let n = t["pass_through"], let passes = reader.bool(n) { entry.passesThrough = passes }
        if let n = t["positions"] { entry.positions = principals(n, what: "region.positions") }
        return (entry, node)
    }

    func recognizer(_ node: ConfigNode) -> (RecognizerEntry, ConfigNode)? {
        let common = [
            "name", "kind", "device", "region", "enabled", "touch_types", "cancels_touches_in_view", "delays_touches_began",
            "delays_touches_ended", "requires_exclusive_touch_type", "require_to_fail", "simultaneous_with", "cannot_prevent",
            "cannot_be_prevented_by", "should_receive", "should_begin",
        ]
        // The kind decides which parameter keys are known, so read it first.
        guard case .table(let raw) = node.value else {
            reader.error(node.path, "[[recognizer]] must be a table, got \(node.typeName)")
            return nil
        }
        let kindNode = raw.first { $0.key == "kind" }?.node
        guard let kindNode else {
            reader.error(node.path, "[[recognizer]] needs kind, one of \(RecognizerKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        guard let kindName = reader.choice(kindNode, among: RecognizerKind.allCases.map(\.rawValue)), let kind = RecognizerKind(rawValue: kindName) else {
            _ = reader.table(node, allowed: common + Self.shapeKeys + RecognizerKind.allCases.flatMap { $0.parameters.map(\.name) }, what: "[[recognizer]]")
            return nil
        }
        let parameters = kind.parameters
        let kindKeys = kind == .shape ? Self.shapeKeys : []
        guard let t = reader.table(node, allowed: common + kindKeys + parameters.map(\.name), what: "[[recognizer]] of kind \(kindName)"),
            let name = required(t, "name", in: node, reader.name)
        else { return nil }
        var placement = RecognizerEntry.Placement.everyDevice
        if let n = t["device"], let d = reader.name(n) { placement = .device(d) }
        if let n = t["region"], let r = reader.name(n) { placement = .region(r) }
        var entry = RecognizerEntry(name: name, kind: kind, placement: placement, parameters: [])
        for parameter in parameters {
            guard let n = t[parameter.name], let value = parameterValue(parameter, n) else { continue }
            entry.parameters.append((parameter, value))
        }
        if kind == .shape {
            let touches = entry.parameters.lazy.compactMap { p, v in if p.name == "number_of_touches_required", case .count(let n) = v { n } else { nil } }.first
            guard let shapes = shapeSet(t, of: node, fingers: touches ?? 1) else { return nil }
            entry.shapes = shapes
            // A touchpad's one finger moves the pointer: drawn there, a shape would act beside it on one movement,
            // and pointer moves trace shapes (docs/shapes.md, False accepts). `touch_types` says otherwise.
            if (touches ?? 1) == 1 { entry.touchTypes = [.direct, .stylus] }
        }
        if let n = t["enabled"], let b = reader.bool(n) { entry.enabled = b }
        if let n = t["touch_types"], let types = touchTypes(n) { entry.touchTypes = types }
        if let n = t["cancels_touches_in_view"], let b = reader.bool(n) { entry.cancelsTouchesInView = b }
        if let n = t["delays_touches_began"], let b = reader.bool(n) { entry.delaysTouchesBegan = b }
        if let n = t["delays_touches_ended"], let b = reader.bool(n) { entry.delaysTouchesEnded = b }
        if let n = t["requires_exclusive_touch_type"], let b = reader.bool(n) { entry.requiresExclusiveTouchType = b }
        if let n = t["require_to_fail"], let names = reader.strings(n, element: reader.name) { entry.requireToFail = names }
        if let n = t["simultaneous_with"], let names = reader.strings(n, element: reader.name) { entry.simultaneousWith = names }
        if let n = t["cannot_prevent"], let names = reader.strings(n, element: nameOrAny) { entry.cannotPrevent = names }
        if let n = t["cannot_be_prevented_by"], let names = reader.strings(n, element: nameOrAny) { entry.cannotBePreventedBy = names }
        if let n = t["should_receive"] { entry.shouldReceive = shouldReceive(n) }
        if let n = t["should_begin"] { entry.shouldBegin = shouldBegin(n) }
        return (entry, node)
    }

    private func nameOrAny(_ node: ConfigNode) -> String? {
        if case .string(GestureRules.any) = node.value { return GestureRules.any }
        return reader.name(node)
    }

    func parameterValue(_ parameter: RecognizerParameter, _ node: ConfigNode) -> ParameterValue? {
        switch parameter.shape {
        case .count(let range):
            return reader.integer(node, in: range).map(ParameterValue.count)
        case .number(let range, let unit):
            return reader.number(node, in: range, unit: unit).map(ParameterValue.number)
        case .directions:
            let words = ["right", "left", "up", "down"]
            guard let names = reader.strings(node, element: { reader.choice($0, among: words) }) else { return nil }
            guard !names.isEmpty else {
                reader.error(node.path, "direction must name at least one of right, left, up, down")
                return nil
            }
            var d: SwipeDirections = []
            for n in names { d.insert(SwipeDirections(rawValue: 1 << UInt8(words.firstIndex(of: n)!))) }
            // A swipe recognizes one axis, the horizontal when given both (docs/engine.md, as UIKit's): accepted,
            // the vertical directions would pass `check` and never be recognized.
            if !d.isDisjoint(with: .horizontal), !d.isDisjoint(with: .vertical) {
                let horizontal = words[0..<2].filter(names.contains), vertical = words[2..<4].filter(names.contains)
                func list(_ w: [String]) -> String { "[" + w.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
                reader.error(
                    node.path,
                    "direction names both axes, but a swipe recognizes one, the horizontal: \(vertical.joined(separator: " and ")) would never be recognized; for both, make two swipe recognizers, one with direction = \(list(horizontal)) and one with direction = \(list(vertical))")
                return nil
            }
            return .directions(d)
        case .edges:
            let words = ["top", "left", "bottom", "right"]
            guard let names = reader.strings(node, element: { reader.choice($0, among: words) }) else { return nil }
            guard !names.isEmpty else {
                reader.error(node.path, "edges must name at least one of top, left, bottom, right")
                return nil
            }
            var e: Edges = []
            for n in names { e.insert(Edges(rawValue: 1 << UInt8(words.firstIndex(of: n)!))) }
            return .edges(e)
        }
    }

    private func touchTypes(_ node: ConfigNode) -> TouchTypes? {
        let words = TouchType.allCases.map(\.description)
        guard let names = reader.strings(node, element: { reader.choice($0, among: words) }) else { return nil }
        var types: TouchTypes = []
        for n in names { types.insert(TouchTypes(TouchType.allCases[words.firstIndex(of: n)!])) }
        return types
    }

    private func shouldReceive(_ node: ConfigNode) -> ShouldReceiveRule? {
        guard let t = reader.table(node, allowed: ["touch_types", "regions", "exclude_regions"], what: "should_receive") else { return nil }
        var rule = ShouldReceiveRule()
        if let n = t["touch_types"], let types = touchTypes(n) { rule.touchTypes = types }
        if let n = t["regions"], let names = reader.strings(n, element: reader.name) { rule.regions = names }
        if let n = t["exclude_regions"], let names = reader.strings(n, element: reader.name) { rule.excludeRegions = names }
        return rule
    }

    private func shouldBegin(_ node: ConfigNode) -> ShouldBeginRule? {
        let keys = ["minimum_touches", "maximum_touches", "regions", "unless_active"]
        guard let t = reader.table(node, allowed: keys, what: "should_begin") else { return nil }
        var rule = ShouldBeginRule()
        if let n = t["minimum_touches"] { rule.minimumTouches = reader.integer(n, in: 1...20) }
        if let n = t["maximum_touches"] { rule.maximumTouches = reader.integer(n, in: 1...20) }
        if let lo = rule.minimumTouches, let hi = rule.maximumTouches, lo > hi, let n = t["maximum_touches"] {
            reader.error(n.path, "maximum_touches (\(hi)) is less than minimum_touches (\(lo))")
        }
        if let n = t["regions"], let names = reader.strings(n, element: reader.name) { rule.regions = names }
        if let n = t["unless_active"], let names = reader.strings(n, element: reader.name) { rule.unlessActive = names }
        return rule
    }

    private func required<T>(_ t: [String: ConfigNode], _ key: String, in node: ConfigNode, _ read: (ConfigNode) -> T?) -> T? {
        guard let n = t[key] ?? missing(key, in: node, "a name") else { return nil }
        return read(n)
    }

    private func missing(_ key: String, in node: ConfigNode, _ expected: String) -> ConfigNode? {
        reader.error(node.path, "\(node.path.lastKey) entry needs \(key) (\(expected))")
        return nil
    }
}
