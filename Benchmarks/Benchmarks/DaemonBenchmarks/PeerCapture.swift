import CaptureFormats
import Conditioning
import Foundation
import GestureEngine
import InputCore

/// The captures `peers` plays into its uinput device, as one schedule of kernel frames: each file after the
/// other (and all of them again for `repeats`), a gap between files, and touches a file leaves down lifted at
/// its end, so that every file starts on an idle device as it was recorded. Each frame also knows how many
/// contacts are down after it, which splits the schedule into gestures (from the first finger down to the
/// last finger up): what first-action times are measured per.
struct PeerCapture {
    struct Frame {
        /// From the start of the playback, in nanoseconds.
        var offset: Int64
        var events: [InputEvent]
        var contacts: Int
    }

    var description: DeviceDescription
    var frames: [Frame] = []
    /// Frame indices of each gesture: its first frame (a contact down on an idle device) to its last (the last up).
    var gestures: [ClosedRange<Int>] = []
    /// Each file played (repeats counted) with its frames, the frame that lifts what it left down included.
    var played: [(path: String, frames: Range<Int>)] = []
    /// The seconds of capture played (the gaps left out).
    var seconds = 0.0

    var files: Int { played.count }

    /// `paths` are files or folders (every file below, sorted); files with no touch in them are skipped (the
    /// ChromeOS user study has keyboard-only ones). `fallback` describes captures that carry no description.
    /// With `touchpad`, a description that lists only axes (ChromeOS's BOARD.touchpad) gets the keys the
    /// captures press and the pointer and button-pad properties, which libinput and udev need to see a touchpad.
    /// `limit` seconds of capture at most (whole files; 0: all of them).
    init(paths: [String], fallback: String?, touchpad: Bool, name: String, repeats: Int, limit: Double, gap: Double) throws {
        var fallbackDescription: DeviceDescription?
        if let fallback {
            fallbackDescription = try Recording.deviceDescription(in: String(contentsOfFile: fallback, encoding: .utf8), source: fallback)
        }
        var recordings: [(path: String, recording: Recording)] = []
        var total = 0.0
        for path in try Self.files(paths) {
            let recording = try Recording.parse(String(contentsOfFile: path, encoding: .utf8), source: path, description: fallbackDescription)
            guard recording.events.contains(where: { $0.type == EventType.abs && $0.code == AbsCode.mtTrackingID }) || recording.events.contains(where: { $0.type == EventType.key && $0.code == KeyCode.touch }),
                let first = recording.events.first, let last = recording.events.last
            else { continue }
            if limit > 0, total > 0, total + (last.time - first.time) > limit { break }
            total += last.time - first.time
            recordings.append((path, recording))
        }
        guard var description = recordings.first?.recording.description else {
            throw BenchmarkError("no capture with touches in \(paths.joined(separator: ", "))\(fallback == nil ? " (bare captures need --description)" : "")")
        }
        if description.name.isEmpty { description.name = name }
        if touchpad {
            var keys = description.codes[EventType.key] ?? []
            keys.formUnion([KeyCode.touch, KeyCode.toolFinger, KeyCode.buttonLeft])
            // Only buttons: a stray keyboard key would make udev call the touchpad a keyboard too.
            for (_, recording) in recordings { keys.formUnion(recording.events.lazy.filter { $0.type == EventType.key && $0.code >= 0x100 }.map(\.code)) }
            description.codes[EventType.key] = keys
            if description.properties.isEmpty { description.properties = [InputProperty.pointer, InputProperty.buttonPad] }
        }
        self.description = description

        var state = ContactState(slotted: description.hasSlots)
        var cursor: Int64 = 0
        for _ in 0..<max(1, repeats) {
            for (path, recording) in recordings {
                let first = frames.count
                let start = recording.events[0].time.nanoseconds
                var pending: [InputEvent] = []
                // A capture's first events go to the slot its device had selected when it began (its header's, the
                // first for bare captures), not to the one the capture before left selected.
                if description.hasSlots, let event = recording.events.first, !(event.type == EventType.abs && event.code == AbsCode.mtSlot) {
                    let slot = recording.description?.axes[AbsCode.mtSlot]?.value ?? 0
                    pending.append(InputEvent(time: event.time, type: EventType.abs, code: AbsCode.mtSlot, value: slot))
                    state.apply(pending[0])
                }
                for event in recording.events {
                    if event.type == EventType.key && event.code < 0x100 { continue }
                    pending.append(event)
                    state.apply(event)
                    if event.isSynReport {
                        frames.append(Frame(offset: cursor + event.time.nanoseconds - start, events: pending, contacts: state.contacts))
                        pending = []
                    }
                }
                let length = recording.events[recording.events.count - 1].time.nanoseconds - start
                cursor += length
                let lift = state.liftEverything()
                if !lift.isEmpty {
                    cursor += 10_000_000
                    frames.append(Frame(offset: cursor, events: lift, contacts: 0))
                }
                cursor += Int64(gap * 1e9)
                played.append((path, first..<frames.count))
                seconds += Double(length) / 1e9
            }
        }
        var begin: Int?
        for (index, frame) in frames.enumerated() {
            let before = index > 0 ? frames[index - 1].contacts : 0
            if before == 0, frame.contacts > 0 { begin = index }
            if frame.contacts == 0, let first = begin {
                gestures.append(first...index)
                begin = nil
            }
        }
        if let first = begin { gestures.append(first...(frames.count - 1)) }
    }

    private static func files(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { throw BenchmarkError("no such capture: \(path)") }
            guard folder.boolValue else { return [path] }
            let below = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            return below.sorted().map { path + "/" + $0 }.filter {
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue
            }
        }
    }
}

/// What the kernel knows of a device's contacts as frames go in: the current slot, the slots with a tracking
/// id, the keys down. Contacts are the slots in use, or BTN_TOUCH for a device without slots.
struct ContactState {
    let slotted: Bool
    private var slot: Int32 = 0
    private var tracked: Set<Int32> = []
    private var keys: Set<UInt16> = []

    init(slotted: Bool) { self.slotted = slotted }

    var contacts: Int { slotted ? tracked.count : (keys.contains(KeyCode.touch) ? 1 : 0) }

    mutating func apply(_ event: InputEvent) {
        switch (event.type, event.code) {
        case (EventType.abs, AbsCode.mtSlot): slot = event.value
        case (EventType.abs, AbsCode.mtTrackingID):
            if event.value < 0 { tracked.remove(slot) } else { tracked.insert(slot) }
        case (EventType.key, _):
            if event.value != 0 { keys.insert(event.code) } else { keys.remove(event.code) }
        default: break
        }
    }

    /// One frame that lifts every contact and releases every key, back in slot 0 as a new device starts; no
    /// events when nothing is down.
    mutating func liftEverything() -> [InputEvent] {
        var events: [InputEvent] = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: .zero, type: type, code: code, value: value)) }
        for s in tracked.sorted() {
            add(EventType.abs, AbsCode.mtSlot, s)
            add(EventType.abs, AbsCode.mtTrackingID, -1)
        }
        for key in keys.sorted() { add(EventType.key, key, 0) }
        guard !events.isEmpty else { return [] }
        if slotted { add(EventType.abs, AbsCode.mtSlot, 0) }
        add(EventType.syn, SynCode.report, 0)
        for event in events { apply(event) }
        return events
    }
}
