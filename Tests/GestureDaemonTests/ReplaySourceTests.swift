import GestureEngine
@testable import GestureDaemon
import InputCore
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
}
