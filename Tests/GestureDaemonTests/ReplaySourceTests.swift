import GestureEngine
@testable import GestureCore
@testable import GestureDaemon
import CaptureFormats
import Testing

/// A recording served as a device: when frames enter, and what times they carry.
@Suite struct ReplaySourceTests {
    /// Frames 10 ms apart (the scripts' 100 Hz).
    static func source(loop: Bool = false) throws -> ReplaySource {
        let recording = try GestureScript("at 0 drag 100 100 to 140 100 over 0.05", source: "drag").recording
        return try ReplaySource(recording: recording, source: "drag", loop: loop)
    }

    static func ms(_ t: Double) -> Timestamp { Timestamp(nanoseconds: Int64(t * 1_000_000)) }

    @Test func playingStartsALeadInAfterTheFirstSubscription() throws {
        var replay = try Self.source()
        #expect(replay.nextTime == nil)
        replay.start(at: Self.ms(500))
        #expect(replay.nextTime == Self.ms(1500))
        var played: [TouchFrame] = []
        replay.due(at: Self.ms(1499)) { frame, _ in played.append(frame) }
        #expect(played.isEmpty)
    }

    /// Woken 0.3 ms late, the frame carries the time it was played, and the next one stays 10 ms after it: the
    /// recorded intervals are kept and no frame claims a time before it entered.
    @Test func aLateWakeUpSlipsTheClockAndKeepsTheIntervals() throws {
        var replay = try Self.source()
        replay.start(at: .zero)
        var played: [TouchFrame] = []
        var due: [Timestamp] = []
        replay.due(at: Self.ms(1000)) { played.append($0); due.append($1) }
        #expect(played.map(\.timestamp) == [Self.ms(1000)])
        #expect(replay.nextTime == Self.ms(1010))
        replay.due(at: Self.ms(1010.3)) { played.append($0); due.append($1) }
        #expect(played.map(\.timestamp) == [Self.ms(1000), Self.ms(1010.3)])
        // When each was due: the loop's input share for a replayed frame is how late it was played.
        #expect(due == [Self.ms(1000), Self.ms(1010)])
        #expect(played[1].touches.map(\.timestamp) == [Self.ms(1010.3)])
        #expect(replay.nextTime == Self.ms(1020.3))
    }

    /// After a stall, one frame enters at a time: each wake plays the frame that was due and moves the rest on.
    @Test func afterAStallFramesStillEnterOneIntervalApart() throws {
        var replay = try Self.source()
        replay.start(at: .zero)
        var played: [Timestamp] = []
        replay.due(at: Self.ms(1000)) { frame, _ in played.append(frame.timestamp) }
        replay.due(at: Self.ms(1045)) { frame, _ in played.append(frame.timestamp) }
        #expect(played == [Self.ms(1000), Self.ms(1045)])
        #expect(replay.nextTime == Self.ms(1055))
    }

    /// Looping, the second pass's touches take ids of their own; the frames a caller kept stay as they were played
    /// (the touches of each frame are made in storage the source reuses).
    @Test func aLoopTakesNewIDsAndKeptFramesStayAsPlayed() throws {
        var replay = try Self.source(loop: true)
        replay.start(at: .zero)
        var played: [TouchFrame] = []
        var asPlayed: [[Touch]] = []
        while played.count < 14, let t = replay.nextTime {
            replay.due(at: t) { frame, _ in
                played.append(frame)
                asPlayed.append(Array(frame.touches))
            }
        }
        #expect(played.map(\.touches) == asPlayed)
        let firstPass = played.prefix { $0.timestamp.nanoseconds - played[0].timestamp.nanoseconds < 500_000_000 }
        let secondPass = played.dropFirst(firstPass.count)
        #expect(!firstPass.isEmpty && !secondPass.isEmpty)
        let firstIDs = Set(firstPass.flatMap(\.touches).map(\.id))
        let secondIDs = Set(secondPass.flatMap(\.touches).map(\.id))
        #expect(firstIDs.count == 1 && secondIDs.count == 1 && firstIDs.isDisjoint(with: secondIDs))
        #expect(secondPass.first!.timestamp.nanoseconds - firstPass.last!.timestamp.nanoseconds >= 1_000_000_000)
    }
}
