import GestureEngine

/// A configuration value from somewhere other than the file: a client's request. The same checks apply; the
/// errors name the field instead of a line.
public indirect enum ConfigValue: Sendable {
    case table([String: ConfigValue])
    case array([ConfigValue])
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case null
}

extension ConfigNode {
    init(_ value: ConfigValue, path: ConfigPath) {
        self.path = path
        switch value {
        case .table(let t): self.value = .table(t.keys.sorted().map { ($0, ConfigNode(t[$0]!, path: path.key($0))) })
        case .array(let a): self.value = .array(a.enumerated().map { ConfigNode($1, path: path.index($0)) })
        case .string(let s): self.value = .string(s)
        case .integer(let n): self.value = .integer(n)
        case .float(let d): self.value = .float(d)
        case .boolean(let b): self.value = .boolean(b)
        case .null: self.value = .other("null")
        }
    }
}

extension Configuration {
    /// A region a client adds for its connection, checked as a [[region]] entry against every region there is;
    /// its parent must be one of `parents` (the configured regions and the connection's own).
    public func clientRegion(_ value: ConfigValue, regions: [RegionEntry], parents: [RegionEntry]) throws(ConfigErrors) -> RegionEntry {
        let reader = ConfigReader(file: "region", locator: TOMLLocator(source: ""), paths: true)
        let node = ConfigNode(value, path: ConfigPath.root.key("region"))
        guard let (region, _) = ConfigParser(reader: reader).region(node), reader.errors.isEmpty else {
            throw ConfigErrors(reader.errors)
        }
        try checkClientRegion(region, regions: regions)
        guard parents.contains(where: { $0.name == region.parent }) else {
            throw Self.clientRegionError(
                "parent region '\(region.parent)' belongs to another connection: a region's parent must be a configured region or one of this connection's own, since another's goes when that connection does")
        }
        return region
    }

    /// A client region's error: the request has no file or lines, so it is placed at the region itself.
    private static func clientRegionError(_ message: String) -> ConfigErrors {
        ConfigErrors([ConfigError(file: "region", position: SourcePosition(line: 1, column: 1), message)])
    }

    /// Whether a client's region still fits among `regions` (after a reload, say).
    public func checkClientRegion(_ region: RegionEntry, regions: [RegionEntry]) throws(ConfigErrors) {
        let fail = Self.clientRegionError
        if regions.contains(where: { $0.name == region.name }) { throw fail("region '\(region.name)' already exists") }
        guard devices.contains(where: { $0.name == region.device }) else { throw fail("unknown device '\(region.device)'") }
        guard let parent = regions.first(where: { $0.name == region.parent }) else { throw fail("unknown parent region '\(region.parent)'") }
        guard parent.device == region.device else { throw fail("parent '\(parent.name)' is on device '\(parent.device)', not '\(region.device)'") }
        let e = Tolerance.epsilon
        let (o, i) = (parent.rect, region.rect)
        guard i.minX >= o.minX - e, i.minY >= o.minY - e, i.maxX <= o.maxX + e, i.maxY <= o.maxY + e else {
            throw fail("region '\(region.name)' is outside its parent '\(parent.name)'")
        }
    }

    /// A recognizer a client adds for its connection, checked as a [[recognizer]] entry: its relations may name
    /// any recognizer in `recognizers`, its region any of `regions`.
    public func clientRecognizer(_ value: ConfigValue, recognizers: [String], regions: [RegionEntry]) throws(ConfigErrors) -> RecognizerEntry {
        let reader = ConfigReader(file: "recognizer", locator: TOMLLocator(source: ""), paths: true)
        let node = ConfigNode(value, path: ConfigPath.root.key("recognizer"))
        guard let (entry, _) = ConfigParser(reader: reader).recognizer(node) else { throw ConfigErrors(reader.errors) }
        if recognizers.contains(entry.name) {
            reader.error(node.path.key("name"), "recognizer '\(entry.name)' already exists")
        }
        ConfigChecks(reader: reader).checkRecognizers(
            [(entry, node)], known: Set(recognizers).subtracting([entry.name]), regions: regions.filter { r in !devices.contains { $0.name == r.name } },
            devices: devices)
        guard reader.errors.isEmpty else { throw ConfigErrors(reader.errors) }
        return entry
    }
}
