import GestureConfig
import GestureEngine
@testable import GestureCore
import InputCore
import Testing
import TwinEncoding

/// A device's touches on the surface the engine sees (the configured size, then the rotation) and back into the
/// device's units for its pass-through twin, which must give what the device reported.
@Suite struct SurfaceTransformTests {
    /// A screen whose axes start off zero and count 12 and 10 units a millimetre: 320 x 200 mm measured.
    static let x = AbsInfo(minimum: -100, maximum: 3740, resolution: 12)
    static let y = AbsInfo(minimum: 50, maximum: 2050, resolution: 10)
    static let pressure = AbsInfo(minimum: 0, maximum: 255)
    static let major = AbsInfo(minimum: 0, maximum: 2047)
    static let info = DeviceInfo(
        id: DeviceID(0), node: "/dev/input/event7",
        description: DeviceDescription(
            name: "test screen", properties: [InputProperty.direct],
            axes: [
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                AbsCode.mtPositionX: x, AbsCode.mtPositionY: y, AbsCode.mtPressure: pressure, AbsCode.mtTouchMajor: major,
            ]),
        kind: .touchscreen, geometry: SurfaceGeometry(x: x, y: y))

    /// The transform of a `[[device]]` entry on the surface the core makes for it (its size, else the measured one).
    static func transform(_ rotation: Rotation, size: Size, info: DeviceInfo = info) throws -> SurfaceTransform {
        let configuration = try Configuration.parse(
            "[[device]]\nname = \"screen\"\nrotation = \(rotation.rawValue)\nsize_mm = [\(size.width), \(size.height)]\n", file: "test.toml")
        let entry = try #require(configuration.devices.first)
        return SurfaceTransform(info: info, surface: ConfiguredSurface(configuration: configuration, entry: entry, surface: entry.size ?? info.geometry.size))
    }

    /// Contacts across the whole surface, corners included, each with a pressure and a contact size (every
    /// pressure and both ends of the size's range among them), and the touch the input layer's frame builder
    /// makes of each.
    static func reported() throws -> [(contact: TwinEncoder.Contact, touch: Touch)] {
        var builder = try FrameBuilder(description: info.description, geometry: info.geometry, touchType: .direct)
        let xs = Array(stride(from: x.minimum, to: x.maximum, by: 97)) + [x.maximum]
        let ys = Array(stride(from: y.minimum, to: y.maximum, by: 61)) + [y.maximum]
        var made: [(TwinEncoder.Contact, Touch)] = []
        for (i, (cx, cy)) in xs.flatMap({ cx in ys.map { (cx, $0) } }).enumerated() {
            let contact = TwinEncoder.Contact(x: cx, y: cy, pressure: Int32(i % 256), major: i == 0 ? major.maximum : Int32(i * 7 % 2048))
            let time = Timestamp(seconds: Double(i) * 0.01)
            func abs(_ code: UInt16, _ value: Int32) { _ = builder.handle(InputEvent(time: time, type: EventType.abs, code: code, value: value)) }
            func report() -> TouchFrame? { builder.handle(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)) }
            abs(AbsCode.mtTrackingID, Int32(i))
            abs(AbsCode.mtPositionX, cx)
            abs(AbsCode.mtPositionY, cy)
            abs(AbsCode.mtPressure, contact.pressure!)
            abs(AbsCode.mtTouchMajor, contact.major!)
            let frame = report()
            made.append((contact, try #require(frame?.touches.first { $0.phase == .began })))
            abs(AbsCode.mtTrackingID, -1)
            _ = report()
        }
        return made
    }

    /// Sized to 150 x 130 mm (neither axis a round fraction of the measured 320 x 200) and turned each way, every
    /// contact comes back to the twin in the units it came in, with its pressure and contact size.
    @Test(arguments: Rotation.allCases) func everyContactComesBackAsTheDeviceReportedIt(rotation: Rotation) throws {
        let transform = try Self.transform(rotation, size: Size(width: 150, height: 130))
        let reported = try Self.reported()
        #expect(reported.count == 41 * 34)
        var changed = 0, first: [(reported: TwinEncoder.Contact, back: TwinEncoder.Contact)] = []
        for (contact, touch) in reported {
            let seen = transform.turned(TouchFrame(timestamp: touch.timestamp, touches: [transform.sized(touch)])).touches[0]
            let back = transform.deviceContact(seen)
            guard back != contact else { continue }
            changed += 1
            if first.count < 3 { first.append((contact, back)) }
        }
        #expect(changed == 0, "\(rotation): \(first)")
    }

    /// The way forward itself: at 160 x 100 mm the device's millimetres are halved, then turned (a round trip
    /// would pass with neither step done).
    @Test func aTouchIsSizedThenTurnedEachWay() throws {
        let expected: [Rotation: (location: Point, previous: Point)] = [
            .none: (Point(x: 10, y: 20), Point(x: 12, y: 25)), .quarter: (Point(x: 80, y: 10), Point(x: 75, y: 12)),
            .half: (Point(x: 150, y: 80), Point(x: 148, y: 75)), .threeQuarters: (Point(x: 20, y: 150), Point(x: 25, y: 148)),
        ]
        for rotation in Rotation.allCases {
            let transform = try Self.transform(rotation, size: Size(width: 160, height: 100))
            let t = Timestamp(seconds: 1.5)
            let touch = Touch(id: 7, phase: .moved, location: Point(x: 20, y: 40), previousLocation: Point(x: 24, y: 50),
                timestamp: t, type: .stylus, majorRadius: 3, pressure: 0.5)
            let corner = Touch(id: 8, phase: .stationary, location: Point(x: 320, y: 200), timestamp: t)
            let sized = transform.sized(touch)
            // Conditioning works here, before the turn.
            #expect(sized.location == Point(x: 10, y: 20) && sized.previousLocation == Point(x: 12, y: 25))
            let turned = transform.turned(TouchFrame(timestamp: t, touches: [sized, transform.sized(corner)]))
            #expect(turned.timestamp == t && turned.touches.count == 2)
            let r = turned.touches[0]
            #expect(r.location == expected[rotation]?.location, "\(rotation)")
            #expect(r.previousLocation == expected[rotation]?.previous, "\(rotation)")
            // Only the places change.
            #expect(r.id == 7 && r.phase == .moved && r.timestamp == t && r.type == .stylus && r.majorRadius == 3 && r.pressure == 0.5)
            // The device's far corner lands on a corner of the turned surface.
            let size = rotation.apply(to: Size(width: 160, height: 100))
            let far = turned.touches[1].location
            #expect((far.x == 0 || far.x == size.width) && (far.y == 0 || far.y == size.height), "\(rotation)")
        }
    }

    /// Pressure goes back on the single-touch axis where the device has no multitouch one, as the input layer
    /// read it from there; a device that reports no contact size gets none.
    @Test func pressureOnTheSingleTouchAxisAndNoContactSize() throws {
        var info = Self.info
        info.description.axes[AbsCode.mtPressure] = nil
        info.description.axes[AbsCode.mtTouchMajor] = nil
        info.description.axes[AbsCode.pressure] = AbsInfo(minimum: 10, maximum: 110)
        let transform = try Self.transform(.quarter, size: Size(width: 150, height: 130), info: info)
        let touch = Touch(id: 1, phase: .began, location: Point(x: 65, y: 75), timestamp: .zero, majorRadius: 4, pressure: 0.25)
        let contact = transform.deviceContact(touch)
        #expect(contact.pressure == 35)
        #expect(contact.major == nil)
    }
}
