import Foundation

/// One program's first action of the kind a file's label asks for.
struct FirstAction: Codable, Equatable {
    /// The frame of the file it is about, counted from the file's first (0).
    var frame: Int
    /// When the benchmark read it, in milliseconds after the file's first frame was written.
    var ms: Double
    /// The line, shortly.
    var what: String
}

/// One file's first actions, as `first-action play` prints them (a `FIRST-ACTION` line) and `first-action table`
/// reads them.
struct FirstActionResult: Codable, Equatable {
    var name: String
    var path: String
    var board: String
    var category: String
    /// The classes of the gestures its label asks for.
    var classes: [String]
    var frames: Int
    var gestured: FirstAction?
    var libinput: FirstAction?
}

/// Which frame each program's output line is about, which gesture class it is, and each file's first line of
/// a class its label asks for.
enum FirstActions {
    /// One output line: the frame of the whole playback it is about, when it arrived, the classes of gesture it
    /// is the start of, and the line, shortly.
    struct Line: Equatable {
        var frame: Int
        var arrived: Int64
        var classes: Set<String>
        var what: String
    }

    /// The frame a kernel time is about: the last one written at or before it. The programs give their times to the
    /// microsecond (gestured's `time`, libinput's usec), so the frames' times are cut to the microsecond too: the
    /// kernel may stamp a frame within the microsecond its write began.
    static func frame(at time: Int64, written: [Int64]) -> Int? {
        var low = 0, high = written.count
        while low < high {
            let mid = (low + high) / 2
            if written[mid] / 1000 * 1000 <= time { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }

    /// gestured's gesture lines (through gesturectl), each the class of its recognizer, about the frame of its
    /// `time` (the kernel's time of the input that caused it).
    static func gestured(_ lines: [OutputLine], classOf: (String) -> String, written: [Int64]) -> [Line] {
        lines.compactMap { line in
            guard let time = line.time, let frame = frame(at: time, written: written) else { return nil }
            let recognizer = String(line.text.split(separator: " ").first ?? "")
            return Line(frame: frame, arrived: line.arrived, classes: [classOf(recognizer)], what: line.text)
        }
    }

    /// The libinput peer's lines (Benchmarks/Peers/libinput-peer.c) as the classes of touchpad-desktop.toml's
    /// recognizers that do the same: a pointer motion, a finger scroll, a tap's button press (libinput's tap
    /// button map: one finger left, two right, three middle), a pinch (libinput's pinch rotates too) and a swipe.
    /// A line is about the frame of its kernel time, except a tap's press: libinput dates it to when the finger
    /// landed, though it knows it is a tap only once the finger lifts (or a timer runs out), so it is about the
    /// last frame written before it arrived.
    static func libinput(_ lines: [(arrived: Int64, text: String)], written: [Int64]) -> [Line] {
        lines.compactMap { line in
            let words = line.text.split(separator: " ").map(String.init)
            guard words.count >= 3, let usec = Int64(words[1]) else { return nil }
            var classes: Set<String>
            var time = usec * 1000
            switch words[0] {
            case "POINTER_MOTION": classes = ["pointer"]
            case "POINTER_SCROLL_FINGER": classes = ["scroll"]
            case "GESTURE_PINCH_BEGIN": classes = ["pinch", "rotation"]
            case "GESTURE_SWIPE_BEGIN": classes = ["swipe"]
            case "POINTER_BUTTON" where words.count >= 5 && words[3] == "pressed":
                guard let tap = ["272": "tap", "273": "two-finger-tap", "274": "three-finger-tap"][words[2]] else { return nil }
                classes = [tap]
                time = line.arrived
            default: return nil
            }
            guard let frame = frame(at: time, written: written) else { return nil }
            // The type, and a button's code and state: not the two times.
            return Line(frame: frame, arrived: line.arrived, classes: classes, what: ([words[0]] + words[2..<(words.count - 1)]).joined(separator: " "))
        }
    }

    /// The classes of touchpad-desktop.toml's recognizers that `libinput` has a counterpart for.
    static let libinputClasses: Set<String> = ["pointer", "scroll", "pinch", "rotation", "swipe", "tap", "two-finger-tap", "three-finger-tap"]

    /// The first line, in the order they arrived, about a frame in `frames` and of one of `classes`, with its frame
    /// counted from the first of `frames` and its arrival from when that frame was written.
    static func first(_ lines: [Line], in frames: Range<Int>, of classes: Set<String>, written: [Int64]) -> FirstAction? {
        lines.first { frames.contains($0.frame) && !$0.classes.isDisjoint(with: classes) }.map {
            FirstAction(frame: $0.frame - frames.lowerBound, ms: Double($0.arrived - written[frames.lowerBound]) / 1e6, what: $0.what)
        }
    }
}
