@testable import GestureProtocol
import Foundation
import Testing

/// The one-pass reader of the daemon's lines reads every line as the tree reader does: the same event, or a refusal
/// whenever the tree refuses; and gesture and touch lines written the daemon's way take the one pass.
@Suite struct ServerLineReaderTests {
    /// Times as the daemon's clock gives them: since 1970 (16 digits to the microsecond), and since boot.
    static let times: [Int64] = [1_284_881_103_697_906, 1_234_567_890, 4_102_444_799_999_999, 1_764_000_000_000_001]

    /// Events of every kind of values, with and without positions, owners, pixels, custom numbers, names beyond
    /// ASCII, negative and whole numbers, as the daemon writes them.
    static func events() -> [Event] {
        let place = Place(device: "touch", node: "/dev/input/event5", region: "app")
        let far = Place(device: "pavé tactile", node: "n", region: "zone ✓")
        let here = SurfaceLocation(millimetres: Pair(102, -0.5), normalized: Pair(0.34, 0.000001), pixels: Pair(640, 360.25))
        let bare = SurfaceLocation(millimetres: Pair(0, 3.125), normalized: Pair(1, 0))
        let values: [GestureValues] = [
            .none, .tap(taps: 2), .pan(translation: Pair(-12.5, 0.001), velocity: Pair(200, -3)),
            .swipe(direction: "left"), .pinch(scale: 1.25, velocity: -0.5), .pinch(scale: 0.75, velocity: nil),
            .rotation(radians: -3.14159, velocity: 0.2), .edgePan(edge: "top", translation: Pair(0, 40), velocity: nil),
            .edgePan(edge: "left", translation: nil, velocity: nil), .shape(name: "circle", score: 0.912345),
            .custom(["wiggles": 3, "amplitude_mm": 1.5]),
        ]
        var events: [Event] = []
        for (n, value) in values.enumerated() {
            for location in [here, bare, nil] as [SurfaceLocation?] {
                for owner in [nil, "client 7"] as [String?] {
                    let state = RecognizerState.allCases[n % RecognizerState.allCases.count]
                    events.append(
                        .gesture(
                            GestureEvent(
                                names: .init(recognizer: "r-\(n)", kind: "kind \(n)", owner: owner), place: n % 2 == 0 ? place : far, state: state,
                                time: DaemonTime(microseconds: Self.times[n % Self.times.count]), touches: n % 5, location: location,
                                values: location == nil ? value.positionless : value)))
                }
            }
        }
        for (n, phase) in TouchEvent.Phase.allCases.enumerated() {
            let type = TouchEvent.TouchType.allCases[n % 3]
            events.append(.touch(TouchEvent(place: place, id: UInt64(n), phase: phase, time: DaemonTime(microseconds: Self.times[n % 4]), touchType: type, location: here)))
            events.append(
                .touch(
                    TouchEvent(
                        place: far, id: UInt64.max - UInt64(n), phase: phase, time: DaemonTime(microseconds: 17), touchType: type, location: bare,
                        pressure: 0.4375, majorMillimetres: 9.5, contactClass: "palm")))
        }
        return events
    }

    @Test func theDaemonsLinesTakeTheOnePassAndReadAsTheTreeReadsThem() throws {
        var reader = ServerLineReader()
        for event in Self.events() {
            let line = Array(event.line().dropLast())
            let fast = line.withUnsafeBufferPointer { reader.onePass($0) }
            #expect(fast == .event(event), "\(String(decoding: line, as: UTF8.self))")
            #expect(try ServerLine.decode(line) == .event(event))
        }
    }

    /// The golden replays' lines (Tests/Golden, what `gestured replay` writes of the project's recordings): every
    /// gesture and touch line takes the one pass.
    @Test func everyGoldenLineTakesTheOnePass() throws {
        var reader = ServerLineReader()
        var read = 0
        let folder = "Tests/Golden"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".expected") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("{\"type\":\"gesture\"") || line.hasPrefix("{\"type\":\"touch\"") {
                let bytes = Array(line.utf8)
                guard case .event(let event) = try ServerLine.decode(bytes) else { throw CancellationError() }
                #expect(bytes.withUnsafeBufferPointer { reader.onePass($0) } == .event(event), "\(file): \(line)")
                read += 1
            }
        }
        #expect(read > 500)
    }

    /// Each line cut short, each byte removed, and each byte made two others of JSON's, in turn (a quote, a brace, a
    /// digit, a letter, a backslash, a space, a byte beyond ASCII): whatever the one pass makes of it, the tree
    /// makes too.
    @Test func everyDamagedLineReadsAsTheTreeReadsIt() throws {
        var reader = ServerLineReader()
        var lines = 0
        for event in Self.events() {
            let line = Array(event.line().dropLast())
            var damaged: [[UInt8]] = (0..<line.count).map { Array(line[..<$0]) }
            for i in line.indices {
                var removed = line
                removed.remove(at: i)
                damaged.append(removed)
                let others = Array("\"{}[],:09-.eazn\\ ".utf8) + [0xC3, 0x1F]
                for b in [others[i % others.count], others[(i * 7 + 3) % others.count]] where b != line[i] {
                    var changed = line
                    changed[i] = b
                    damaged.append(changed)
                }
            }
            for bytes in damaged {
                lines += 1
                let tree = Result { try ServerLine.decode(bytes) }
                let read = Result { try bytes.withUnsafeBufferPointer { try reader.decode($0) } }
                switch (tree, read) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(String(decoding: bytes, as: UTF8.self))")
                case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
                default: Issue.record("read differently: \(String(decoding: bytes, as: UTF8.self)): tree \(tree), one pass \(read)")
                }
            }
        }
        #expect(lines > 40_000)
    }

    /// The daemon writes no white space, but a line with some is JSON all the same: read (by the tree).
    @Test func aLineWrittenAnotherWayIsReadAllTheSame() throws {
        var reader = ServerLineReader()
        let spaced = Array(#"{ "type": "gesture", "recognizer": "tap", "kind": "tap", "state": "ended", "device": "d", "node": "n", "region": "r", "time": 2.5e0, "touches": 1, "positions": false, "values": { "taps": 1 } }"#.utf8)
        let event = try spaced.withUnsafeBufferPointer { try reader.decode($0) }
        #expect(spaced.withUnsafeBufferPointer { reader.onePass($0) } == nil)
        guard case .event(.gesture(let tap)) = event else { throw CancellationError() }
        #expect(tap.values == .tap(taps: 1) && tap.time == DaemonTime(microseconds: 2_500_000) && tap.location == nil)
    }
}

extension GestureValues {
    /// What a line without positions keeps of these values (GestureValues.write).
    fileprivate var positionless: GestureValues {
        switch self {
        case .pan: .none
        case .pinch: .none
        case .rotation: .none
        case .edgePan(let edge, _, _): .edgePan(edge: edge, translation: nil, velocity: nil)
        case .custom: .none
        default: self
        }
    }
}
