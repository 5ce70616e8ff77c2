import GestureEngine
import InputCore
import Testing
import TwinEncoding

/// What a grabbed device's twin is sent: the slot protocol as the kernel would pass it on, read back by the same
/// frame builder that reads real devices.
@Suite struct TwinEncoderTests {
    /// A touchscreen of four slots, 256 x 128 mm.
    static let screen = DeviceDescription(
        name: "twin test screen", properties: [InputProperty.direct], codes: [EventType.key: [KeyCode.touch]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 4095, resolution: 16), AbsCode.y: AbsInfo(minimum: 0, maximum: 2047, resolution: 16),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 3), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2047, resolution: 16),
        ])

    static let pad = DeviceDescription(
        name: "test pad", properties: [InputProperty.pointer, InputProperty.buttonPad],
        codes: [EventType.key: [KeyCode.touch, KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap]],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
        ])

    static func words(_ events: [InputEvent]) -> [String] {
        events.map { e in
            switch (e.type, e.code) {
            case (EventType.syn, _): "syn"
            case (EventType.abs, AbsCode.mtSlot): "slot \(e.value)"
            case (EventType.abs, AbsCode.mtTrackingID): "id \(e.value)"
            case (EventType.abs, AbsCode.mtPositionX): "x \(e.value)"
            case (EventType.abs, AbsCode.mtPositionY): "y \(e.value)"
            case (EventType.abs, AbsCode.mtPressure): "pressure \(e.value)"
            case (EventType.abs, AbsCode.x): "X \(e.value)"
            case (EventType.abs, AbsCode.y): "Y \(e.value)"
            case (EventType.abs, AbsCode.pressure): "PRESSURE \(e.value)"
            case (EventType.key, let code): "key \(code) \(e.value)"
            default: "\(e.type) \(e.code) \(e.value)"
            }
        }
    }

    @Test func aTouchBeginsMovesAndLiftsWithTheSlotProtocolAndTheSingleTouchAxes() {
        var encoder = TwinEncoder(description: Self.screen)
        var events: [InputEvent] = []
        encoder.began(7, .init(x: 100, y: 200), at: .seconds(1))
        encoder.frame(at: .seconds(1), into: &events)
        #expect(Self.words(events) == ["id 0", "x 100", "y 200", "key 330 1", "X 100", "Y 200", "syn"])
        events.removeAll()
        encoder.moved(7, .init(x: 100, y: 210), at: .seconds(1.01))
        encoder.frame(at: .seconds(1.01), into: &events)
        #expect(Self.words(events) == ["y 210", "Y 210", "syn"], "only what changed")
        events.removeAll()
        encoder.moved(7, .init(x: 100, y: 210), at: .seconds(1.02))
        encoder.frame(at: .seconds(1.02), into: &events)
        #expect(events.isEmpty, "a frame in which nothing changed is not written")
        encoder.ended(7, at: .seconds(1.03))
        encoder.frame(at: .seconds(1.03), into: &events)
        #expect(Self.words(events) == ["id -1", "key 330 0", "syn"])
    }

    @Test func aSecondTouchTakesTheNextSlotAndTheSingleTouchAxesFollowTheOldest() {
        var encoder = TwinEncoder(description: Self.screen)
        var events: [InputEvent] = []
        encoder.began(1, .init(x: 100, y: 100), at: .zero)
        encoder.began(2, .init(x: 300, y: 300), at: .zero)
        encoder.frame(at: .zero, into: &events)
        #expect(Self.words(events) == ["id 0", "x 100", "y 100", "slot 1", "id 1", "x 300", "y 300", "key 330 1", "X 100", "Y 100", "syn"])
        events.removeAll()
        encoder.ended(1, at: .seconds(1))
        encoder.moved(2, .init(x: 310, y: 300), at: .seconds(1))
        encoder.frame(at: .seconds(1), into: &events)
        #expect(Self.words(events) == ["slot 0", "id -1", "slot 1", "x 310", "X 310", "Y 300", "syn"])
        events.removeAll()
        encoder.began(3, .init(x: 50, y: 60), at: .seconds(2))
        encoder.frame(at: .seconds(2), into: &events)
        #expect(Self.words(events) == ["slot 0", "id 2", "x 50", "y 60", "syn"], "the freed slot, a new tracking id; the older touch keeps the axes")
    }

    @Test func touchpadsCountFingersWithTheirToolsAndReportPressure() {
        var encoder = TwinEncoder(description: Self.pad)
        var events: [InputEvent] = []
        encoder.began(1, .init(x: 100, y: 100, pressure: 40), at: .zero)
        encoder.frame(at: .zero, into: &events)
        #expect(Self.words(events) == ["id 0", "x 100", "y 100", "pressure 40", "key 330 1", "key 325 1", "X 100", "Y 100", "PRESSURE 40", "syn"])
        events.removeAll()
        encoder.began(2, .init(x: 400, y: 100, pressure: 50), at: .zero)
        let third = encoder.began(3, .init(x: 700, y: 100, pressure: 50), at: .zero)
        #expect(!third, "a third touch on a two-slot pad has no slot")
        encoder.frame(at: .zero, into: &events)
        #expect(Self.words(events) == ["slot 1", "id 1", "x 400", "y 100", "pressure 50", "key 325 0", "key 333 1", "syn"])
        events.removeAll()
        encoder.endAll(at: .seconds(1))
        encoder.frame(at: .seconds(1), into: &events)
        #expect(Self.words(events) == ["slot 0", "id -1", "slot 1", "id -1", "key 330 0", "key 333 0", "PRESSURE 0", "syn"])
        #expect(encoder.touchesDown == 0)
    }

    /// Held touches replayed at once: a touch that begins and ends in one turn, or moves twice, is written as
    /// a frame per change, since a reader keeps only each slot's state at SYN_REPORT.
    @Test func aTouchChangingTwiceInOneTurnGetsAFramePerChange() {
        var encoder = TwinEncoder(description: Self.screen)
        var events: [InputEvent] = []
        encoder.began(1, .init(x: 10, y: 10), at: .zero)
        encoder.moved(1, .init(x: 20, y: 10), at: .zero)
        encoder.ended(1, at: .zero)
        encoder.frame(at: .zero, into: &events)
        #expect(Self.words(events) == [
            "id 0", "x 10", "y 10", "key 330 1", "X 10", "Y 10", "syn", "x 20", "X 20", "syn", "id -1", "key 330 0", "syn",
        ])
    }

    @Test func physicalButtonsAreWrittenWhenTheyChange() {
        var encoder = TwinEncoder(description: Self.pad)
        var events: [InputEvent] = []
        encoder.buttons(0b001, at: .zero)
        encoder.frame(at: .zero, into: &events)
        encoder.buttons(0b001, at: .seconds(1))
        encoder.frame(at: .seconds(1), into: &events)
        encoder.buttons(0, at: .seconds(2))
        encoder.frame(at: .seconds(2), into: &events)
        #expect(Self.words(events) == ["key 272 1", "syn", "key 272 0", "syn"], "BTN_LEFT down, then up; no frame when unchanged")
        events.removeAll()
        encoder.buttons(0b010, at: .seconds(3))
        encoder.frame(at: .seconds(3), into: &events)
        #expect(events.isEmpty, "a button the device does not have is not written")
    }

    /// Whatever the encoder writes, the frame builder that reads real devices reads back as the same touches.
    @Test func whatItWritesReadsBackAsTheSameTouches() throws {
        let geometry = SurfaceGeometry(x: Self.screen.axes[AbsCode.mtPositionX]!, y: Self.screen.axes[AbsCode.mtPositionY]!)
        var reader = try FrameBuilder(description: Self.screen, geometry: geometry, touchType: .direct)
        var encoder = TwinEncoder(description: Self.screen)
        var generator = SystemRandomNumberGenerator()
        var down: [TouchID: TwinEncoder.Contact] = [:]
        var nextID: TouchID = 1
        for step in 0..<2000 {
            let time = Timestamp.seconds(Double(step) * 0.01)
            for (id, _) in down where Int.random(in: 0..<10, using: &generator) == 0 {
                encoder.ended(id, at: time)
                down[id] = nil
            }
            for (id, contact) in down {
                let moved = TwinEncoder.Contact(x: contact.x + Int32.random(in: -5...5, using: &generator), y: contact.y + Int32.random(in: -5...5, using: &generator))
                encoder.moved(id, moved, at: time)
                down[id] = moved
            }
            if down.count < 4, Bool.random(using: &generator) {
                let contact = TwinEncoder.Contact(x: Int32.random(in: 0...1000, using: &generator), y: Int32.random(in: 0...500, using: &generator))
                encoder.began(nextID, contact, at: time)
                down[nextID] = contact
                nextID = nextID.next
            }
            var events: [InputEvent] = []
            encoder.frame(at: time, into: &events)
            var frame: TouchFrame?
            for event in events { frame = reader.handle(event) ?? frame }
            guard !events.isEmpty else { continue }
            let read = (frame?.touches ?? []).filter { !$0.phase.isFinal }.map { geometryUnits($0.location) }.sorted { $0.lexicographicallyPrecedes($1) }
            let written = down.values.map { [Int($0.x), Int($0.y)] }.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(read == written, "step \(step)")
            if read != written { return }
        }

        // The device's units from millimetres: its resolution is units a millimetre.
        func geometryUnits(_ p: Point) -> [Int] {
            let perMillimetre = Double(Self.screen.axes[AbsCode.mtPositionX]!.resolution)
            return [Int((p.x * perMillimetre).rounded()), Int((p.y * perMillimetre).rounded())]
        }
    }
}
