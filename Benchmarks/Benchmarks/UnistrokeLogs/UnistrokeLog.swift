/// Reads the $1 unistroke logs, for the tests and benchmarks that measure drawn shapes on them (the check mark
/// sample's tests, `make shapes`); no part of the daemon. The logs are read where they lie, in the shared
/// recordings, and never copied into the repository.
import Foundation

/// One drawing of the $1 unistroke logs (Wobbrock, Wilson and Li 2007: 10 people, 3 speeds, 16 shapes, 10
/// drawings of each, a stylus on a Pocket PC), as its XML file holds it: `<Gesture Name="arrow01" Subject="2"
/// Speed="medium" ...>` and a `<Point X="50" Y="242" T="11435895" />` per sample, in pixels (y down) and
/// milliseconds. Read from the shared recordings, never copied into the repository.
public struct UnistrokeDrawing: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        /// Milliseconds from the drawing's first point.
        public var ms: Double

        public init(x: Double, y: Double, ms: Double) {
            self.x = x
            self.y = y
            self.ms = ms
        }
    }

    /// The shape drawn: the file's name without its repetition number (`check`, `left_sq_bracket`).
    public var shape: String
    /// The person, as the log's folder names them (`s02`).
    public var subject: String
    public var speed: String
    /// `s02/medium/arrow01.xml`.
    public var file: String
    public var points: [Point]

    public init(shape: String, subject: String, speed: String, file: String, points: [Point]) {
        self.shape = shape
        self.subject = subject
        self.speed = speed
        self.file = file
        self.points = points
    }
}

public enum UnistrokeLog {
    public static let speeds = ["slow", "medium", "fast"]

    /// The logs' folder under the shared recordings.
    public static func folder(in recordings: String) -> String { recordings + "/dollar1-unistroke/xml_logs" }

    /// The people: the log's folders, `s02` to `s11`.
    public static func subjects(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("s") }.sorted()
    }

    /// Every drawing of `subject` at `speed`, sorted by file name.
    public static func drawings(in folder: String, subject: String, speed: String) throws -> [UnistrokeDrawing] {
        let directory = folder + "/" + subject + "/" + speed
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".xml") }.sorted()
        return try files.map { file in
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            return UnistrokeDrawing(
                shape: shape(ofFile: file), subject: subject, speed: speed, file: "\(subject)/\(speed)/\(file)", points: points(inXML: text))
        }
    }

    /// `check07.xml` is a `check`, `left_sq_bracket10.xml` a `left_sq_bracket`.
    public static func shape(ofFile file: String) -> String {
        let stem = file.hasSuffix(".xml") ? file.dropLast(4) : Substring(file)
        return String(stem.reversed().drop(while: \.isNumber).reversed())
    }

    /// The `<Point X=".." Y=".." T=".." />` elements in order, their times from the first point's, by plain
    /// scanning of the bytes (the files are all alike; Foundation's string searches made reading the 4,800 files take
    /// seconds). A point without the three numbers is left out.
    public static func points(inXML xml: String) -> [UnistrokeDrawing.Point] {
        var points: [UnistrokeDrawing.Point] = []
        var first: Double?
        let bytes = Array(xml.utf8)
        let open = Array("<Point ".utf8)
        var i = 0
        while let start = find(open, in: bytes, from: i) {
            var end = start + open.count
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            let tag = bytes[(start + open.count - 1)..<end]
            i = end
            guard let x = attribute("X", in: tag), let y = attribute("Y", in: tag), let t = attribute("T", in: tag) else { continue }
            if first == nil { first = t }
            points.append(UnistrokeDrawing.Point(x: x, y: y, ms: t - first!))
        }
        return points
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The number of ` NAME="..."` in a tag (which starts with the space after `<Point`).
    private static func attribute(_ name: Character, in tag: ArraySlice<UInt8>) -> Double? {
        let key: [UInt8] = [UInt8(ascii: " "), name.asciiValue!, UInt8(ascii: "="), UInt8(ascii: "\"")]
        guard let start = find(key, in: Array(tag), from: 0) else { return nil }
        let value = tag.dropFirst(start + key.count).prefix { $0 != UInt8(ascii: "\"") }
        return Double(String(decoding: value, as: UTF8.self))
    }
}
