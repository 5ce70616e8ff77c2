/// A client's reader of the daemon's lines, one connection's: gesture and touch lines, nearly all of a stream, are
/// read in one pass over their bytes as the daemon writes them (LineScanner: its keys in their order, each piece in
/// place), their names shared from line to line (InternedNames); any other line, and any gesture or touch line
/// written another way, through the tree (`ServerLine.decode`), which reads what JSON allows and says what is
/// wrong. Both read a line alike: the one pass takes nothing the tree would refuse and gives what it gives (tested
/// on every kind of line, damaged every way). gesturectl and GestureClient read with it (docs/protocol.md, Reading
/// the stream).
public struct ServerLineReader {
    private var names = InternedNames()

    public init() {}

    public mutating func decode(_ line: UnsafeBufferPointer<UInt8>) throws(RequestError) -> ServerLine {
        if let read = onePass(line) { return read }
        return try ServerLine.decode(line)
    }

    /// A gesture or touch line written the daemon's way, read in one pass; nil for any other. (Made the line's
    /// ServerLine at once, and inlined with the readers of each kind into `decode`: each wrapping of an event in
    /// another enumeration, and each return of one, was a copy of it; inlined, a line costs 4% less.)
    @inline(__always)
    mutating func onePass(_ line: UnsafeBufferPointer<UInt8>) -> ServerLine? {
        guard var s = LineScanner(line) else { return nil }
        if s.take("{\"type\":\"gesture\",\"recognizer\":") { return gesture(&s) }
        if s.take("{\"type\":\"touch\",\"device\":") { return touch(&s) }
        return nil
    }

    /// GestureEvent.encode's line after its recognizer's key.
    @inline(__always)
    private mutating func gesture(_ s: inout LineScanner) -> ServerLine? {
        guard let recognizer = names.name(&s, .recognizer), s.take(",\"kind\":"), let kind = names.name(&s, .kind) else { return nil }
        var owner: String?
        if s.take(",\"owner\":") {
            guard let name = names.name(&s, .owner) else { return nil }
            owner = name
        }
        guard s.take(",\"state\":"), let state = Self.choice(&s, Self.states), s.take(",\"device\":"), let place = place(&s),
            s.take(",\"time\":"), let time = s.number().flatMap(DaemonTime.init(seconds:)), s.take(",\"touches\":"), let touches = s.integer()
        else { return nil }
        var location: SurfaceLocation?
        if s.take(",\"location\":") {
            guard let read = Self.location(&s) else { return nil }
            location = read
        } else if !s.take(",\"positions\":false") {
            return nil
        }
        guard s.take(",\"values\":{"), let values = values(&s), s.take("}"), s.atEnd else { return nil }
        return .event(
            .gesture(
                GestureEvent(
                    names: .init(recognizer: recognizer, kind: kind, owner: owner), place: place, state: state, time: time, touches: touches,
                    location: location, values: values)))
    }

    /// TouchEvent.encode's line after its device's key.
    @inline(__always)
    private mutating func touch(_ s: inout LineScanner) -> ServerLine? {
        guard let place = place(&s), s.take(",\"id\":"), let id = s.integer(), s.take(",\"phase\":"), let phase = Self.choice(&s, Self.phases),
            s.take(",\"time\":"), let time = s.number().flatMap(DaemonTime.init(seconds:)), s.take(",\"touch_type\":"),
            let touchType = Self.choice(&s, Self.touchTypes), s.take(",\"location\":"), let location = Self.location(&s)
        else { return nil }
        var pressure: Double?, major: Double?, contactClass: String?
        if s.take(",\"pressure\":") {
            guard let read = s.number() else { return nil }
            pressure = read
        }
        if s.take(",\"major_mm\":") {
            guard let read = s.number() else { return nil }
            major = read
        }
        if s.take(",\"class\":") {
            guard let read = names.name(&s, .contactClass) else { return nil }
            contactClass = read
        }
        guard s.take("}"), s.atEnd else { return nil }
        return .event(
            .touch(
                TouchEvent(
                    place: place, id: UInt64(bitPattern: Int64(id)), phase: phase, time: time, touchType: touchType, location: location,
                    pressure: pressure, majorMillimetres: major, contactClass: contactClass)))
    }

    /// Place.encoded after its device's key.
    private mutating func place(_ s: inout LineScanner) -> Place? {
        guard let device = names.name(&s, .device), s.take(",\"node\":"), let node = names.name(&s, .node), s.take(",\"region\":"),
            let region = names.name(&s, .region) else { return nil }
        return Place(device: device, node: node, region: region)
    }

    /// SurfaceLocation.write's object.
    private static func location(_ s: inout LineScanner) -> SurfaceLocation? {
        guard s.take("{\"mm\":"), let mm = s.pair(), s.take(",\"normalized\":"), let normalized = s.pair() else { return nil }
        var pixels: Pair?
        if s.take(",\"px\":") {
            guard let px = s.pair() else { return nil }
            pixels = px
        }
        guard s.take("}") else { return nil }
        return SurfaceLocation(millimetres: mm, normalized: normalized, pixels: pixels)
    }

    /// GestureValues.write's fields, to the values' closing brace; a key not one of the kinds' is a custom
    /// recognizer's number. A key twice is left to the tree (which refuses it).
    private mutating func values(_ s: inout LineScanner) -> GestureValues? {
        var f = GestureValueFields()
        if s.take("}") { return GestureValues(f) }
        repeat {
            f.keys += 1
            let read: Bool
            if s.take("\"taps\":") {
                read = Self.once(&f.taps, s.integer())
            } else if s.take("\"translation_mm\":") {
                read = Self.once(&f.translation, s.pair())
            } else if s.take("\"velocity_mm_s\":") {
                read = Self.once(&f.velocity, s.pair())
            } else if s.take("\"direction\":") {
                read = Self.once(&f.direction, names.name(&s, .word))
            } else if s.take("\"scale\":") {
                read = Self.once(&f.scale, s.number())
            } else if s.take("\"velocity\":") {
                read = Self.once(&f.scaleVelocity, s.number())
            } else if s.take("\"rotation_rad\":") {
                read = Self.once(&f.radians, s.number())
            } else if s.take("\"velocity_rad_s\":") {
                read = Self.once(&f.radiansVelocity, s.number())
            } else if s.take("\"edge\":") {
                read = Self.once(&f.edge, names.name(&s, .word))
            } else if s.take("\"shape\":") {
                read = Self.once(&f.shape, names.name(&s, .word))
            } else if s.take("\"score\":") {
                read = Self.once(&f.score, s.number())
            } else if let key = names.name(&s, .customKey), s.take(":"), let n = s.number() {
                read = f.custom.updateValue(n, forKey: key) == nil
            } else {
                read = false
            }
            guard read else { return nil }
        } while s.take(",")
        guard s.take("}") else { return nil }
        return GestureValues(f)
    }

    /// Sets `field` to `value`: false when the value could not be read, or the field was set already (a key twice,
    /// which the tree refuses).
    @inline(__always)
    private static func once<T>(_ field: inout T?, _ value: T?) -> Bool {
        guard field == nil, let value else { return false }
        field = value
        return true
    }

    private static let states = RecognizerState.allCases.map { (Array("\"\($0.name)\"".utf8), $0) }
    private static let phases = TouchEvent.Phase.allCases.map { (Array("\"\($0.name)\"".utf8), $0) }
    private static let touchTypes = TouchEvent.TouchType.allCases.map { (Array("\"\($0.name)\"".utf8), $0) }

    /// One of the wire's words, quoted.
    private static func choice<T>(_ s: inout LineScanner, _ words: [([UInt8], T)]) -> T? {
        for (word, value) in words where s.take(word) { return value }
        return nil
    }
}
