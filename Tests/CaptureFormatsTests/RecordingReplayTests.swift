import CaptureFormats
import GestureEngine
import InputCore
import Testing

/// What a replay's frames must satisfy whatever the recording: each touch begins once and ends or is
/// cancelled once, ids are unique, nothing moves before it began or after it ended, nothing is left down.
struct FrameAudit {
    var began: Set<TouchID> = []
    var finished: Set<TouchID> = []
    var problems: [String] = []
    var mostAtOnce = 0
    var frames = 0

    mutating func check(_ frames: [TouchFrame]) {
        var down: Set<TouchID> = []
        var lastTime = Timestamp(nanoseconds: .min)
        for frame in frames {
            self.frames += 1
            if frame.timestamp < lastTime { problems.append("frame at \(frame.timestamp) before \(lastTime)") }
            lastTime = frame.timestamp
            var seen: Set<TouchID> = []
            for touch in frame.touches {
                if !seen.insert(touch.id).inserted { problems.append("touch \(touch.id) twice in one frame") }
                switch touch.phase {
                case .began:
                    if !began.insert(touch.id).inserted { problems.append("touch \(touch.id) began twice") }
                    down.insert(touch.id)
                case .moved, .stationary:
                    if !down.contains(touch.id) { problems.append("touch \(touch.id) \(touch.phase) while not down") }
                case .ended, .cancelled:
                    if down.remove(touch.id) == nil { problems.append("touch \(touch.id) \(touch.phase) while not down") }
                    if !finished.insert(touch.id).inserted { problems.append("touch \(touch.id) finished twice") }
                }
            }
            mostAtOnce = max(mostAtOnce, down.count)
            if down.count + frame.touches.filter({ $0.phase.isFinal }).count != frame.touches.count {
                problems.append("frame at \(frame.timestamp) does not list every touch that is down")
            }
        }
        if !down.isEmpty { problems.append("touches \(down.sorted()) left down at the end") }
    }
}

@Suite(.enabled(if: SharedRecordings.isAvailable, Comment(rawValue: SharedRecordings.missing)))
struct RecordingReplayTests {
    static let touchpadFolders = ["chromeos-touchmtb/data", "chromeos-userstudy"]

    static var allFiles: [String] {
        SharedRecordings.files(under: "chromeos-touchmtb/data", suffix: ".dat")
            + SharedRecordings.files(under: "chromeos-userstudy", suffix: ".dat")
            + SharedRecordings.files(under: "evemu", suffix: ".event")
    }

    @Test func everyRecordingParses() throws {
        var parsed = 0
        for file in Self.allFiles {
            let recording = try SharedRecordings.recording(file)
            // The shared recordings' README lists one capture as empty (0 events); every other has events.
            #expect(recording.events.isEmpty == file.contains("palm-hovering_thumb.right.above-lumpy"), "\(file)")
            parsed += 1
        }
        #expect(parsed >= 200, "found \(parsed) recordings")
        for description in SharedRecordings.files(under: "evemu", suffix: ".prop") + ["evemu/ntrig-xt2.device"]
            + SharedRecordings.files(under: "chromeos-touchmtb/device", suffix: ".touchpad")
        {
            let parsedDescription = try Recording.parse(SharedRecordings.text(description), source: description).description
            #expect(parsedDescription?.positionAxes != nil, "\(description) has no position axes")
        }
    }

    /// Every recording the frame builder can take (protocol B or single touch, with a description) replays
    /// into consistent frames; the protocol A ones are refused with a message naming mtdev.
    @Test func everyReplayIsConsistent() throws {
        var replayed = 0
        var refused: [String] = []
        for file in Self.allFiles {
            let recording = try SharedRecordings.replayable(file)
            let kind: DeviceKind? = Self.touchpadFolders.contains { file.hasPrefix($0) } ? .touchpad : nil
            do {
                let frames = try Replay.frames(of: recording, source: file, kind: kind)
                var audit = FrameAudit()
                audit.check(frames)
                #expect(audit.problems.isEmpty, "\(file): \(audit.problems.prefix(5))")
                replayed += 1
            } catch {
                refused.append("\(file): \(error.message)")
            }
        }
        #expect(replayed >= 190, "replayed \(replayed)")
        for reason in refused {
            #expect(reason.contains("protocol A") || reason.contains("no device description"), "\(reason)")
        }
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        let file: String
        let reports: Int
        let touches: Int
        let mostAtOnce: Int
        let duration: Double
        var testDescription: String { file }
    }

    /// SYN_REPORT counts, finger counts and durations from the recordings README ("fr", "ids", "conc",
    /// "dur", the duration from the first event to the last).
    @Test(arguments: [
        Expected(file: "chromeos-touchmtb/data/pinch_to_zoom.zoom_in.dat", reports: 169, touches: 2, mostAtOnce: 2, duration: 1.15),
        Expected(file: "chromeos-touchmtb/data/one_finger_long_hold.dat", reports: 51, touches: 1, mostAtOnce: 1, duration: 3.09),
        // The capture starts with a finger down in slot 0 (its position comes before any tracking id) and
        // slot 1's lift; a second finger lands in slot 1 later.
        Expected(file: "chromeos-touchmtb/data/two_finger_tap.vertical.dat", reports: 13, touches: 2, mostAtOnce: 2, duration: 0.18),
        Expected(file: "chromeos-touchmtb/data/2f_scroll_diagonal.dat", reports: 34, touches: 2, mostAtOnce: 2, duration: 0.82),
        Expected(file: "chromeos-touchmtb/data/drumroll_3.dat", reports: 541, touches: 34, mostAtOnce: 2, duration: 5.55),
        Expected(file: "evemu/3m.event", reports: 3422, touches: 34, mostAtOnce: 10, duration: 29.10),
        Expected(file: "evemu/wetab.event", reports: 42, touches: 11, mostAtOnce: 1, duration: 4.64),
    ])
    func fingerCountsAndDurationsMatchTheREADME(_ expected: Expected) throws {
        let recording = try SharedRecordings.replayable(expected.file)
        let frames = try Replay.frames(of: recording, source: expected.file)
        var audit = FrameAudit()
        audit.check(frames)
        #expect(audit.began.count == expected.touches)
        #expect(audit.mostAtOnce == expected.mostAtOnce)
        #expect(recording.events.filter(\.isSynReport).count == expected.reports)
        let first = try #require(recording.events.first?.time), last = try #require(recording.events.last?.time)
        #expect(abs((last - first) - expected.duration) <= 0.006, "duration \(last - first)")
        #expect(frames.allSatisfy { $0.timestamp >= first && $0.timestamp <= last })
    }

    /// The shared recordings' README's pinch: two fingers spread from 180 to 630 device units. The replay is of
    /// the device described at one unit a millimetre, to compare.
    @Test func thePinchSpreadsAsTheREADMESays() throws {
        let file = "chromeos-touchmtb/data/pinch_to_zoom.zoom_in.dat"
        var recording = try SharedRecordings.replayable(file)
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] { recording.description?.axes[code]?.resolution = 1 }
        let frames = try Replay.frames(of: recording, source: file)
        let twoFinger = frames.filter { $0.touches.filter { !$0.phase.isFinal }.count == 2 }
        func spread(_ frame: TouchFrame) -> Double {
            let down = frame.touches.filter { !$0.phase.isFinal }
            return down[0].location.distance(to: down[1].location)
        }
        // That README's spread is each finger's distance from their centroid: half the distance between them.
        let start = try spread(#require(twoFinger.first)) / 2, end = try spread(#require(twoFinger.last)) / 2
        #expect(abs(start - 180) <= 2, "start \(start)")
        #expect(abs(end - 630) <= 2, "end \(end)")
    }

    @Test func millimetresComeFromTheResolution() throws {
        let file = "chromeos-touchmtb/data/1f_click.dat"
        let recording = try SharedRecordings.recording(file)
        let description = try #require(recording.description)
        #expect(description.name == "Cypress APA Trackpad (cyapa)")
        let axes = try #require(description.positionAxes)
        let geometry = SurfaceGeometry(x: axes.x, y: axes.y)
        #expect(geometry.source == .resolution)
        #expect(abs(geometry.size.width - 1280.0 / 12) < 1e-9)
        #expect(abs(geometry.size.height - 680.0 / 10) < 1e-9)
        let first = try #require(Replay.frames(of: recording, source: file).first?.touches.first)
        // The first touch lands at (535, 391) device units.
        #expect(abs(first.location.x - 535.0 / 12) < 1e-9)
        #expect(abs(first.location.y - 391.0 / 10) < 1e-9)
        #expect(first.type == .indirect)
    }

    @Test func aTouchscreenWithoutResolutionGetsAnEstimatedSize() throws {
        let recording = try SharedRecordings.recording("evemu/3m.event")
        let description = try #require(recording.description)
        #expect(DeviceKind.classify(description) == .touchscreen)
        let axes = try #require(description.positionAxes)
        let estimated = SurfaceGeometry(x: axes.x, y: axes.y)
        #expect(estimated.source == .estimated)
        #expect(estimated.size == Size(width: 260, height: 260 * 9 / 16))
    }

    @Test func touchpadsAnnouncingMoreFingersThanTheyReportGetStandIns() throws {
        // alex has two slots and announces three fingers with BTN_TOOL_TRIPLETAP.
        let file = try #require(
            SharedRecordings.files(under: "chromeos-userstudy/alex", suffix: ".dat").first { $0.contains("three_finger_contact") })
        let recording = try SharedRecordings.recording(file)
        #expect(recording.events.contains { $0.type == EventType.key && $0.code == KeyCode.toolTripleTap && $0.value == 1 })
        let frames = try Replay.frames(of: recording, source: file, kind: .touchpad)
        let threeDown = frames.filter { $0.touches.filter { !$0.phase.isFinal }.count == 3 }
        #expect(!threeDown.isEmpty)
        for frame in threeDown {
            let down = frame.touches.filter { !$0.phase.isFinal }
            // The stand-in sits at the centroid of the two reported fingers.
            let centroid = (down[0].location + down[1].location) / 2
            #expect(down[2].location.distance(to: centroid) < 1e-9)
        }
        var audit = FrameAudit()
        audit.check(frames)
        #expect(audit.problems.isEmpty, "\(audit.problems.prefix(3))")
    }
}
