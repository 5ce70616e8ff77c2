import ConfigLanguage
import ConfigSchema
import GestureEngine
import ShapeFormat

extension Configuration {
    /// A region a client adds for its connection, checked as a [[region]] entry against every region there is;
    /// its parent must be one of `parents` (the configured regions and the connection's own).
    public func clientRegion(_ value: ConfigValue, regions: [RegionEntry], parents: [RegionEntry]) throws(ConfigErrors) -> RegionEntry {
        let reader = ConfigReader(file: "region", root: nil, paths: true)
        let node = ConfigNode(value, path: ConfigPath.root.key("region"))
        guard let (region, _) = ConfigParser(reader: reader, shapeSource: .added([])).region(node, client: true), reader.errors.isEmpty else {
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

    /// A recognizer a client adds for its connection, checked as a [[recognizer]] entry: its name must be new
    /// among `recognizers`, its region one of `regions`, and it may refer to nothing `reach` keeps from it, neither
    /// as its region nor in its relations and rules (another connection's additions, which go when that
    /// connection does; what the connection may not see or change: docs/protocol.md, Who sees what). A shape
    /// recognizer's `shapes` name the connection's own `shapes`, never files.
    public func clientRecognizer(
        _ value: ConfigValue, recognizers: [String], regions: [RegionEntry], reach: ClientReach = ClientReach(), shapes: [ShapeTemplate] = []
    ) throws(ConfigErrors) -> RecognizerEntry {
        let reader = ConfigReader(file: "recognizer", root: nil, paths: true)
        let node = ConfigNode(value, path: ConfigPath.root.key("recognizer"))
        guard let (entry, _) = ConfigParser(reader: reader, shapeSource: .added(shapes)).recognizer(node) else { throw ConfigErrors(reader.errors) }
        if recognizers.contains(entry.name) {
            reader.error(node.path.key("name"), "recognizer '\(entry.name)' already exists")
        }
        Self.refuseUnreachable(entry, reach, node.path, reader)
        ConfigChecks(reader: reader).checkRecognizers(
            [(entry, node)], known: Set(recognizers).subtracting([entry.name]), regions: regions.filter { r in !devices.contains { $0.name == r.name } },
            devices: devices)
        guard reader.errors.isEmpty else { throw ConfigErrors(reader.errors) }
        return entry
    }

    private static func refuseUnreachable(_ entry: RecognizerEntry, _ reach: ClientReach, _ path: ConfigPath, _ reader: ConfigReader) {
        switch entry.placement {
        case .region(let name), .device(let name):
            if let why = reach.regions[name] { reader.error(path.key(entry.placement == .device(name) ? "device" : "region"), "region '\(name)' \(why)") }
        case .everyDevice:
            if let why = reach.everyDevice { reader.error(path, why) }
        }
        let recognizerLists = entry.namedRecognizers.map { ($0.key, $0.names) }
        let regionLists: [(String, [String])] = [
            ("should_receive.regions", entry.shouldReceive?.regions ?? []),
            ("should_receive.exclude_regions", entry.shouldReceive?.excludeRegions ?? []),
            ("should_begin.regions", entry.shouldBegin?.regions ?? []),
        ]
        for (lists, unreachable, what) in [(recognizerLists, reach.recognizers, "recognizer"), (regionLists, reach.regions, "region")] {
            for (key, names) in lists {
                var listPath = path
                for part in key.split(separator: ".") { listPath = listPath.key(String(part)) }
                for (i, name) in names.enumerated() {
                    if let why = unreachable[name] { reader.error(listPath.index(i), "\(what) '\(name)' in \(key) \(why)") }
                }
            }
        }
    }
}

/// What a connection's addition may not name, each with the reason its error gives: other connections'
/// additions, and for a connection whose recognizers run apart (docs/protocol.md, Who changes what) the
/// configured recognizers and the regions whose positions it may not see.
public struct ClientReach: Sendable {
    public var recognizers: [String: String]
    public var regions: [String: String]
    /// Why the connection may not place a recognizer on every device (nil: it may).
    public var everyDevice: String?

    public init(recognizers: [String: String] = [:], regions: [String: String] = [:], everyDevice: String? = nil) {
        self.recognizers = recognizers
        self.regions = regions
        self.everyDevice = everyDevice
    }
}

extension Configuration {
    /// A shape a client adds for its connection's shape recognizers (add_shape): `name`, `fingers` (1 to 10,
    /// default 1) and `examples`, each a list of strokes, each a list of `[x, y, t]` points (millimetres,
    /// seconds), checked as a shape file is, with at most daemon.max_client_shape_examples examples; errors name
    /// the field.
    public func clientShape(_ value: ConfigValue) throws(ConfigErrors) -> ShapeTemplate {
        let reader = ConfigReader(file: "shape", root: nil, paths: true)
        let node = ConfigNode(value, path: ConfigPath.root.key("shape"))
        let shape = ClientShapeReader(reader: reader, examplesLimit: daemon.maxClientShapeExamples).shape(node)
        guard let shape, reader.errors.isEmpty else { throw ConfigErrors(reader.errors) }
        return shape
    }
}
