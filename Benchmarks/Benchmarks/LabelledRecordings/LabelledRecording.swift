import CaptureFormats
import Foundation
import InputCore

/// One recording of the shared set: its name in the label table, where it is, and what it holds according to
/// itself (its contacts), independently of what gestured makes of it.
package struct LabelledRecording {
    package var name: String
    package var path: String

    /// Every recording of the sets the labels cover, by name.
    package static func all(in folder: String) -> [LabelledRecording] {
        var found: [LabelledRecording] = []
        let files = FileManager.default
        func walk(_ relative: String, suffix: String, _ name: (String) -> String?) {
            guard let walker = files.enumerator(atPath: folder + "/" + relative) else { return }
            for case let file as String in walker where file.hasSuffix(suffix) {
                if let n = name(file) { found.append(LabelledRecording(name: n, path: folder + "/" + relative + "/" + file)) }
            }
        }
        // chromeos-userstudy/BOARD/user_*/LABEL-BOARD-user-TIME.dat
        walk("chromeos-userstudy", suffix: ".dat") { file in
            let parts = file.split(separator: "/")
            guard parts.count == 3, let cut = parts[2].range(of: "-\(parts[0])-user-") else { return nil }
            return "userstudy/\(parts[0])/\(parts[2][..<cut.lowerBound])"
        }
        walk("chromeos-touchmtb/data", suffix: ".dat") { "touchmtb/" + $0.dropLast(4) }
        walk("evemu", suffix: ".event") { "evemu/" + $0.dropLast(6) }
        return found.sorted { $0.name < $1.name || ($0.name == $1.name && $0.path < $1.path) }
    }

    /// Contacts and two-finger landings, counted from the events: tracking ids that begin, and the moments
    /// two or more slots hold a contact after fewer did. A slot whose first event is a position held a contact
    /// when the capture began. Single-touch and protocol A devices have no tracking ids: their BTN_TOUCH and
    /// BTN_TOOL_DOUBLETAP presses count instead.
    /// When the recording's first contact landed (its first tracking id, or its first position if it has none),
    /// in seconds of the recording's clock.
    package static func firstLanding(in recording: Recording) -> Double? {
        let first = recording.events.first { $0.type == EventType.abs && $0.code == AbsCode.mtTrackingID && $0.value >= 0 }
            ?? recording.events.first { $0.type == EventType.abs && ($0.code == AbsCode.mtPositionX || $0.code == AbsCode.x) }
        return first?.time.seconds
    }

    package static func contacts(of recording: Recording) -> (touches: Int, pairs: Int) {
        var touches = 0, pairs = 0, presses = 0, doubles = 0
        var slot = Int(recording.description?.axes[AbsCode.mtSlot]?.value ?? 0)
        var active: [Int: Bool] = [:]
        var down = 0
        for event in recording.events {
            if event.type == EventType.abs, event.code == AbsCode.mtSlot {
                slot = Int(event.value)
            } else if event.type == EventType.abs, event.code == AbsCode.mtPositionX || event.code == AbsCode.mtPositionY,
                active[slot] == nil
            {
                active[slot] = true
                touches += 1
                down += 1
                if down == 2 { pairs += 1 }
            } else if event.type == EventType.abs, event.code == AbsCode.mtTrackingID {
                let was = active[slot] ?? false
                let now = event.value >= 0
                if now { touches += 1 }
                active[slot] = now
                let before = down
                down += (now ? 1 : 0) - (was ? 1 : 0)
                if before < 2, down >= 2 { pairs += 1 }
            } else if event.type == EventType.key, event.value == 1 {
                if event.code == KeyCode.touch { presses += 1 }
                if event.code == KeyCode.toolDoubleTap { doubles += 1 }
            }
        }
        return touches > 0 ? (touches, pairs) : (presses, doubles)
    }
}
