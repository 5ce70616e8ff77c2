import CaptureFormats
import DeviceFactsDatabase
import GestureConfig
import GestureCore
import GestureEngine
import GestureProtocol
import InputCore
import LinuxInput
import Logging

/// The whole pipeline on recordings, with their timestamps as the clock: each recording is a device that is
/// added, plays, has its pending timers run out, and is removed. What comes out is exactly what a subscriber
/// to everything would read, so the same input always gives the same lines.
public enum OfflineReplay {
    /// One recording to replay, and what its device is when its description does not say.
    public struct Input: Sendable {
        public var source: String
        public var recording: Recording
        public var kind: DeviceKind?
        /// What the device database knows of its device; the recording is corrected by it here.
        public var knowledge: DeviceKnowledge?

        public init(source: String, recording: Recording, kind: DeviceKind? = nil, knowledge: DeviceKnowledge? = nil) {
            self.source = source
            self.recording = recording
            self.kind = kind
            self.knowledge = knowledge
        }
    }

    /// `write` gets each line as the core produces it. A recording whose device no `[[device]]` entry claims is
    /// an error: replaying it would print nothing, which looks like a recording in which nothing happened.
    /// With `explain`, every recognizer transition and every contact's change in touch conditioning come too, as
    /// they happen, as lines that start with `#`:
    /// `# 1288981454.520952 touch tap: possible -> ended, touches ended #12: tap 1 of 1 lifted`,
    /// `# 1288981454.510003 touchpad contact 12: settling #12 -> palm, pressure 0.98 > 0.45`.
    public static func run(
        configuration: Configuration, recordings: [Input], touches: Bool, explain: Bool = false, logger: Logger,
        write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(InputError) {
        let outbox = LineCollector(write: write)
        let core = DaemonCore(configuration: configuration, access: .replay, outbox: outbox, logLevel: logger.logLevel, explainTo: explain ? 0 : nil)
        // What the core asks of a replay: its log lines; a recording cannot be grabbed, and no client asks for a
        // reload or the status.
        func carryOut() {
            core.takeActions { action in
                switch action {
                case .log(let level, let message, let metadata): logger.log(level: level, message, metadata: metadata)
                case .grab(let id, _, _): core.grabFailed(id, because: .recording)
                case .release, .writeTwin, .readConfiguration, .answerStatus: break
                }
            }
        }
        var subscription = Subscription()
        if touches { subscription.events.insert(.touches) }
        core.addLocalSubscriber(0, subscription)
        for (index, input) in recordings.enumerated() {
            let source = input.source
            // Protocol A (no slots) goes through mtdev, as a live device of that kind would.
            let recording = (input.knowledge?.correct(input.recording) ?? input.recording).slotted()
            let info = try DeviceInfo(recording: recording, source: source, id: DeviceID(index), node: source, kind: input.kind, knowledge: input.knowledge)
            guard configuration.deviceEntry(for: info.description, kind: info.kind) != nil else {
                throw InputError(
                    device: source,
                    "no [[device]] entry of \(configuration.file) claims its device, \"\(info.description.name)\" (\(info.kind.rawValue)); give its kind with --kind if that is wrong, or add an entry that matches it")
            }
            let frames = try Replay.frames(of: recording, source: source, kind: info.kind)
            core.deviceAdded(info)
            carryOut()
            var last = frames.first?.timestamp ?? .zero
            // Each frame fires the deadlines due before it (DaemonCore.frame), as in the live loop.
            for frame in frames {
                core.frame(frame, from: info.id)
                carryOut()
                last = frame.timestamp
            }
            while let deadline = core.nextDeadline {
                core.advance(to: deadline)
                carryOut()
                last = deadline
            }
            core.deviceRemoved(info.id, at: last)
            carryOut()
        }
    }
}

/// An outbox that hands every line to a function, for replays and tests; the bytes are valid during the call.
final class LineCollector: Outbox {
    let write: (UnsafeBufferPointer<UInt8>) -> Void

    init(write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) { self.write = write }

    func send(_ line: [UInt8], to client: ClientID) { line.withUnsafeBufferPointer(write) }
    func send(_ line: UnsafeBufferPointer<UInt8>, to client: ClientID) { write(line) }
    func close(_ client: ClientID, reason: String) {}
}
