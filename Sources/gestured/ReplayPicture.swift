import Foundation
import GestureEngine

/// A recording as a picture (`gestured replay --svg`): the device's surface with each touch's path on it, a
/// colour per touch and its time along the path, where each gesture began, changed and ended, and the list of
/// gesture events beside it. Millimetres of the surface as the input layer measured them.
struct ReplayPicture {
    /// One sample of a touch's path.
    struct Sample {
        var location: Point
        var time: Double
    }

    /// A gesture event as the replay printed it.
    struct Mark {
        var recognizer: String
        var state: String
        var location: Point
        var time: Double
        var detail: String
    }

    var surface: Size
    var title: String
    private(set) var paths: [(id: TouchID, samples: [Sample])] = []
    private(set) var marks: [Mark] = []

    init(surface: Size, title: String) {
        self.surface = surface
        self.title = title
    }

    /// The touches of the recording's frames, each a path from touch-down to lift.
    mutating func add(_ frames: [TouchFrame]) {
        var index: [TouchID: Int] = [:]
        for frame in frames {
            for touch in frame.touches {
                let sample = Sample(location: touch.location, time: frame.timestamp.seconds)
                if let i = index[touch.id] {
                    paths[i].samples.append(sample)
                } else {
                    index[touch.id] = paths.count
                    paths.append((touch.id, [sample]))
                }
            }
        }
    }

    /// A gesture line of the replay's output; other lines are left out.
    mutating func add(line: [String: Any]) {
        guard line["type"] as? String == "gesture", let recognizer = line["recognizer"] as? String, let state = line["state"] as? String,
            let location = (line["location"] as? [String: Any])?["mm"] as? [Any], location.count == 2,
            let x = Self.number(location[0]), let y = Self.number(location[1]), let time = Self.number(line["time"])
        else { return }
        let values = (line["values"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }.map { key, value -> String in
            if let number = Self.number(value) { return "\(key) \(Self.short(number))" }
            if let pair = value as? [Any], pair.count == 2, let a = Self.number(pair[0]), let b = Self.number(pair[1]) {
                return "\(key) \(Self.short(a)), \(Self.short(b))"
            }
            return "\(key) \(value)"
        }
        marks.append(Mark(recognizer: recognizer, state: state, location: Point(x: x, y: y), time: time, detail: values.joined(separator: "; ")))
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: d
        case let i as Int: Double(i)
        default: nil
        }
    }

    private static func short(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    // MARK: Drawing

    /// Pixels per millimetre, and the room the event list takes on the right.
    private static let scale = 3.0
    private static let margin = 20.0
    private static let listWidth = 760.0
    private static let lineHeight = 15.0
    /// Colours that stay apart on white, one per touch in turn.
    private static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]

    /// The events listed: every one but `changed`, which are counted on the line of the gesture's end.
    private var listed: [(mark: Mark, changes: Int)] {
        var rows: [(mark: Mark, changes: Int)] = []
        var changes: [String: Int] = [:]
        for mark in marks {
            if mark.state == "changed" {
                changes[mark.recognizer, default: 0] += 1
                continue
            }
            rows.append((mark, mark.state == "began" ? 0 : changes.removeValue(forKey: mark.recognizer) ?? 0))
        }
        return rows
    }

    var svg: String {
        let s = Self.scale, m = Self.margin
        let width = surface.width * s, height = surface.height * s
        let start = (paths.compactMap { $0.samples.first?.time } + marks.map(\.time)).min() ?? 0
        let rows = listed
        let totalHeight = max(height + 2 * m + 30, Double(rows.count + 3) * Self.lineHeight + 2 * m)
        func x(_ p: Point) -> String { String(format: "%.1f", m + p.x * s) }
        func y(_ p: Point) -> String { String(format: "%.1f", m + 30 + p.y * s) }
        func t(_ time: Double) -> String { String(format: "%.2f s", time - start) }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width + 3 * m + Self.listWidth))" height="\(Int(totalHeight))" \
            font-family="sans-serif" font-size="11">
            <title>\(Self.escaped(title))</title>
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(m)" y="\(m + 12)" font-size="14">\(Self.escaped(title)): \(paths.count) touches, \
            \(Self.format(surface.width)) x \(Self.format(surface.height)) mm</text>
            <rect x="\(m)" y="\(m + 30)" width="\(Self.format(width))" height="\(Self.format(height))" fill="#f7f7f7" stroke="#333"/>

            """
        for (n, path) in paths.enumerated() {
            let colour = Self.palette[n % Self.palette.count]
            let points = path.samples.map { "\(x($0.location)),\(y($0.location))" }.joined(separator: " ")
            out += "<g class=\"touch\" stroke=\"\(colour)\" fill=\"\(colour)\">\n"
            out += "<polyline points=\"\(points)\" fill=\"none\" stroke-width=\"2\" stroke-opacity=\"0.8\"/>\n"
            // Time along the path: a dot every 0.1 s, the touch-down filled and labelled, the lift hollow.
            var nextTick = (path.samples.first?.time ?? 0) + 0.1
            for sample in path.samples.dropFirst() where sample.time >= nextTick {
                out += "<circle cx=\"\(x(sample.location))\" cy=\"\(y(sample.location))\" r=\"1.5\"/>\n"
                nextTick = sample.time + 0.1
            }
            if let first = path.samples.first, let last = path.samples.last {
                out += "<circle cx=\"\(x(first.location))\" cy=\"\(y(first.location))\" r=\"4\"/>\n"
                out += "<circle cx=\"\(x(last.location))\" cy=\"\(y(last.location))\" r=\"4\" fill=\"white\" stroke-width=\"1.5\"/>\n"
                out += "<text x=\"\(x(first.location))\" y=\"\(y(first.location))\" dx=\"6\" dy=\"-6\" stroke=\"none\">#\(n + 1) \(t(first.time))</text>\n"
            }
            out += "</g>\n"
        }
        // Where gestures began (triangle), changed (small square) and ended (ring; a cross when cancelled).
        for mark in marks {
            let cx = x(mark.location), cy = y(mark.location)
            switch mark.state {
            case "began":
                out += "<path class=\"began\" d=\"M \(cx) \(cy) m 0 -7 l 6 11 l -12 0 z\" fill=\"#2ca02c\" fill-opacity=\"0.7\"/>\n"
                out += "<text x=\"\(cx)\" y=\"\(cy)\" dx=\"8\" dy=\"12\" fill=\"#2ca02c\">\(Self.escaped(mark.recognizer)) began</text>\n"
            case "changed":
                out += "<rect class=\"changed\" x=\"\(cx)\" y=\"\(cy)\" width=\"3\" height=\"3\" transform=\"translate(-1.5 -1.5)\" fill=\"#555\" fill-opacity=\"0.5\"/>\n"
            case "ended":
                out += "<circle class=\"ended\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"9\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>\n"
                out += "<text x=\"\(cx)\" y=\"\(cy)\" dx=\"11\" dy=\"4\" font-weight=\"bold\">\(Self.escaped(mark.recognizer))</text>\n"
            default:
                out += "<path class=\"\(Self.escaped(mark.state))\" d=\"M \(cx) \(cy) m -6 -6 l 12 12 m 0 -12 l -12 12\" stroke=\"#d62728\" stroke-width=\"2\"/>\n"
                out += "<text x=\"\(cx)\" y=\"\(cy)\" dx=\"8\" dy=\"-8\" fill=\"#d62728\">\(Self.escaped(mark.recognizer)) \(Self.escaped(mark.state))</text>\n"
            }
        }
        // The events, in order.
        let listX = width + 2 * m + m
        out += "<text x=\"\(Self.format(listX))\" y=\"\(m + 12)\" font-size=\"14\">Gesture events (time from the first touch)</text>\n"
        for (row, entry) in rows.enumerated() {
            let mark = entry.mark
            var text = "\(t(mark.time))  \(mark.recognizer) \(mark.state) at \(Self.format(mark.location.x)), \(Self.format(mark.location.y)) mm"
            if entry.changes > 0 { text += " after \(entry.changes) changes" }
            if !mark.detail.isEmpty { text += "  (\(mark.detail))" }
            let rowY = m + 30 + Double(row) * Self.lineHeight + 11
            out += "<text class=\"event\" x=\"\(Self.format(listX))\" y=\"\(Self.format(rowY))\" font-family=\"monospace\">\(Self.escaped(text))</text>\n"
        }
        if rows.isEmpty {
            out += "<text x=\"\(Self.format(listX))\" y=\"\(m + 41)\">no gesture was recognized</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Text as XML character data: a recognizer or device name may hold any character.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 allows no other control characters, not even escaped.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n": out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
