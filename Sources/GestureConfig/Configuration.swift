import ConfigSchema
@_exported import GestureCatalog
import Conditioning
import GestureEngine
import InputCore

/// A validated configuration: everything in it refers to things that exist and fits together. Built only by
/// `Configuration.parse` / `load`, from a TOML file (see config/gestured.toml for the reference).
public struct Configuration: Sendable {
    public var file: String
    public var daemon: DaemonSettings
    /// The first entry whose match fits a device claims it; with no `[[device]]` entry, one named "touch"
    /// takes every touchscreen and touchpad.
    public var devices: [DeviceEntry]
    /// Parents before children.
    public var regions: [RegionEntry]
    public var recognizers: [RecognizerEntry]

    /// The entry that claims a device, if any.
    public func deviceEntry(for description: DeviceDescription, kind: DeviceKind) -> DeviceEntry? {
        devices.first { $0.selector.matches(description, kind: kind) }
    }

    /// The recognizers that run on a device's surface, in file order.
    public func recognizers(on device: String) -> [RecognizerEntry] {
        recognizers.filter { entry in
            switch entry.placement {
            case .everyDevice: true
            case .device(let d): d == device
            // A device's name is also its whole-surface region, which `regions` does not list.
            case .region(let r): r == device || regions.first { $0.name == r }?.device == device
            }
        }
    }
}

public struct DaemonSettings: Sendable, Equatable {
    public var socketPath = "/run/gestured/gestured.sock"
    /// The group the socket belongs to; nil leaves the daemon's own group.
    public var socketGroup: String?
    public var socketMode: UInt32 = 0o660
    public var logLevel = "info"
    /// Users (names or numeric ids) whose connections may receive raw touches.
    public var rawTouchUsers: [String] = []
    /// Groups (names or numeric ids) whose members may receive raw touches.
    public var rawTouchGroups: [String] = []
    /// Users (names or numeric ids) who may reload the daemon over its socket; nil: root and the daemon's user.
    public var controlUsers: [String]?
    /// Groups whose members may reload the daemon over its socket.
    public var controlGroups: [String] = []
    public var maxClients = 128
    /// Bytes queued for one client before it is disconnected for not reading.
    public var clientQueueBytes = 1 << 20
    /// What one connection may add: each recognizer costs arbitration on every device (about the square of
    /// their number), and each region and subscription memory, so none is unbounded.
    public var maxClientRecognizers = 32
    public var maxClientRegions = 32
    public var maxClientSubscriptions = 16
    /// Shapes one connection may add for its shape recognizers, examples a shape, and points of them all: each
    /// example is matched at every drawing's end, and each point is memory.
    public var maxClientShapes = 16
    public var maxClientShapeExamples = 10
    public var maxClientShapePoints = 20_000
    /// Connections one user may hold at once (daemon.control's peers are not counted), so that no user can
    /// take every one of max_clients.
    public var maxClientsPerUser = 16
    /// Recognizers and regions all connections together may add: every one is worked on every frame.
    public var maxClientRecognizersTotal = 256
    public var maxClientRegionsTotal = 256
    /// Points of all connections' shapes together: five connections' worth of max_client_shape_points.
    public var maxClientShapePointsTotal = 100_000
    /// The examples a connection's shape recognizers compare a drawing with, counted once for each recognizer
    /// (each holds its own copy of its shapes', about 2.5 KB an example): what one connection's recognizers hold,
    /// and all connections' together (four and sixteen recognizers of 16 shapes of 10 examples).
    public var maxClientShapeComparisons = 640
    public var maxClientShapeComparisonsTotal = 2_560
    /// The shape matching (ShapeWork's steps, about 25 instructions and 3 ns each) that all connections' own shape
    /// recognizers may do in one engine step together, shared by user and then by connection: at most about
    /// 3 ms of a frame however many shapes they added (docs/protocol.md, Shape work). One decision against 16
    /// shapes of 10 examples takes 70,000 on average and 133,000 at most (docs/shapes.md, Work).
    public var clientShapeSteps = 1_000_000
    /// The part of each of the `_total` bounds that the connections of one user may hold together: the rest is a
    /// reserve no one user can take, so that no user can refuse another's additions.
    public var maxUserShare = 0.5
    /// Seconds a connection has to say hello before it is closed.
    public var helloTimeout = 5.0
    /// Who sees where touches are in gestures (locations and continuous values) on every region that does not
    /// say otherwise; nil: those raw_touches names (docs/protocol.md, Threat model).
    public var positions: Principals?

    public init() {}

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
}

/// Users and groups, by name or numeric id, that a permission names.
public struct Principals: Sendable, Hashable {
    public var users: [String]
    public var groups: [String]

    public init(users: [String] = [], groups: [String] = []) {
        self.users = users
        self.groups = groups
    }
}

/// Quarter turns clockwise, to make the surface's axes match the screen the user sees.
public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// The surface as seen after rotating.
    public func apply(to size: Size) -> Size {
        self == .quarter || self == .threeQuarters ? Size(width: size.height, height: size.width) : size
    }

    /// The turn that takes this one back.
    public var inverse: Rotation {
        switch self {
        case .none, .half: self
        case .quarter: .threeQuarters
        case .threeQuarters: .quarter
        }
    }

    /// A point on the rotated surface, on the unrotated one of `size`: `apply(to:in:)` undone.
    public func undo(_ p: Point, in size: Size) -> Point { inverse.apply(to: p, in: apply(to: size)) }

    /// A point on the unrotated surface of `size`, on the rotated one.
    public func apply(to p: Point, in size: Size) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(x: size.height - p.y, y: p.x)
        case .half: Point(x: size.width - p.x, y: size.height - p.y)
        case .threeQuarters: Point(x: p.y, y: size.width - p.x)
        }
    }
}

public struct DeviceEntry: Sendable, Equatable {
    public var name: String
    public var selector: DeviceSelector
    /// Millimetres, overriding what the device reports.
    public var size: Size?
    public var rotation: Rotation
    /// Pixels of the output the surface maps to, so events can carry pixel locations.
    public var outputSize: Size?
    /// `[device.conditioning]`: each key given, by name, with its number, or nil where it is `false` (off).
    public var conditioning: [String: Double?] = [:]
    /// `grab = true`: gestured takes the device for itself and passes the touches no gesture claims to a virtual
    /// twin that applications read instead (docs/passthrough.md).
    public var grab = false
    /// `conditioning = false`: no conditioning at all, whatever the kind.
    public var conditioningOff = false
    /// Who sees positions on this device's surface and the regions on it that do not say; nil: daemon.positions.
    public var positions: Principals?

    public init(name: String, selector: DeviceSelector, size: Size?, rotation: Rotation, outputSize: Size?) {
        self.name = name
        self.selector = selector
        self.size = size
        self.rotation = rotation
        self.outputSize = outputSize
    }

    /// The touch conditioning of a device this entry claims: the defaults of its kind and size, with the
    /// entry's own keys over them.
    /// The device's conditioning: the defaults of its kind and size, then what the device database knows of it,
    /// then this entry's keys.
    public func conditioning(
        for kind: DeviceKind, surface: Size, facts: DeviceFacts = .none, description: DeviceDescription? = nil, geometry: SurfaceGeometry? = nil
    ) -> TouchConditioning {
        guard !conditioningOff else { return .none }
        var settings = TouchConditioning.defaults(for: kind, surface: surface)
        if kind == .touchpad, let description, let geometry { facts.apply(to: &settings, description: description, geometry: geometry) }
        for key in ConditioningKey.all {
            if let value = conditioning[key.name] { key.apply(&settings, value) }
        }
        return settings
    }
}

/// A named rectangle of a device surface. The whole surface is a region named after the device.
public struct RegionEntry: Sendable, Equatable {
    public var name: String
    public var device: String
    public var parent: String
    /// Normalized 0...1 over the (rotated) surface.
    public var rect: Rect
    /// `pass_through = false`: on a grabbed device, touches that land here (or in a region inside) never reach
    /// the applications (a shell's own panel).
    public var passesThrough = true
    /// Who sees positions in this region and the regions inside it that do not say; nil: its parent's.
    public var positions: Principals?

    public init(name: String, device: String, parent: String, rect: Rect) {
        self.name = name
        self.device = device
        self.parent = parent
        self.rect = rect
    }

    /// The region a device's whole surface is: named after the device, its own parent.
    public static func wholeSurface(of device: String) -> RegionEntry {
        RegionEntry(name: device, device: device, parent: device, rect: Rect(x: 0, y: 0, width: 1, height: 1))
    }
}

public struct RecognizerEntry: Sendable {
    public enum Placement: Sendable, Equatable {
        case everyDevice
        case device(String)
        case region(String)
    }

    public var name: String
    public var kind: RecognizerKind
    public var placement: Placement
    public var parameters: [(RecognizerParameter, ParameterValue)]
    public var enabled = true
    public var touchTypes: TouchTypes = .all
    /// nil leaves the kind's own default: an edge pan delays touches began (ScreenEdgePanGestureRecognizer),
    /// and writing the base class's defaults over it made every configured edge pan stop doing so.
    public var cancelsTouchesInView: Bool?
    public var delaysTouchesBegan: Bool?
    public var delaysTouchesEnded: Bool?
    public var requiresExclusiveTouchType: Bool?
    public var requireToFail: [String] = []
    public var simultaneousWith: [String] = []
    /// Names, or "*" for every other recognizer.
    public var cannotPrevent: [String] = []
    public var cannotBePreventedBy: [String] = []
    public var shouldReceive: ShouldReceiveRule?
    public var shouldBegin: ShouldBeginRule?
    /// A shape recognizer's shapes (kind `shape`); nil for every other kind.
    public var shapes: ShapeSet?

    /// The recognizers it names, by the key that names them: what a connection's recognizer may not name of what
    /// it may not reach (ClientAdditions), and what an actions file adds before it (ActionsFile.additions).
    public var namedRecognizers: [(key: String, names: [String])] {
        [
            ("require_to_fail", requireToFail), ("simultaneous_with", simultaneousWith), ("cannot_prevent", cannotPrevent),
            ("cannot_be_prevented_by", cannotBePreventedBy), ("should_begin.unless_active", shouldBegin?.unlessActive ?? []),
        ]
    }

    /// A recognizer as this entry describes it, without its relations (the rules delegate holds those).
    public func makeRecognizer() -> GestureRecognizer {
        let r = kind.make(name: name)
        for (parameter, value) in parameters { parameter.apply(value, to: r) }
        if let shapes, let shape = r as? ShapeGestureRecognizer { shape.matcher = shapes.matcher }
        r.isEnabled = enabled
        r.allowedTouchTypes = touchTypes
        if let cancelsTouchesInView { r.cancelsTouchesInView = cancelsTouchesInView }
        if let delaysTouchesBegan { r.delaysTouchesBegan = delaysTouchesBegan }
        if let delaysTouchesEnded { r.delaysTouchesEnded = delaysTouchesEnded }
        if let requiresExclusiveTouchType { r.requiresExclusiveTouchType = requiresExclusiveTouchType }
        return r
    }
}

/// Which touches a recognizer is shown (the delegate's shouldReceive, as data).
public struct ShouldReceiveRule: Sendable, Equatable {
    public var touchTypes: TouchTypes = .all
    /// Only touches that began in one of these regions (or their children); empty: any.
    public var regions: [String] = []
    /// Never touches that began in one of these regions (or their children).
    public var excludeRegions: [String] = []
}

/// When a recognizer may begin (the delegate's shouldBegin, as data).
public struct ShouldBeginRule: Sendable, Equatable {
    public var minimumTouches: Int?
    public var maximumTouches: Int?
    /// The gesture's location must be in one of these regions; empty: anywhere.
    public var regions: [String] = []
    /// Not while one of these recognizers is in began or changed.
    public var unlessActive: [String] = []
}
