import DaemonTestSupport
import Foundation
import GestureConfig
import GestureEngine
import ShapeFormat
import Testing

/// Shapes as a user makes them: drawings recorded (here synthesized), `gestured shape learn` writing a shape file
/// from them, a configuration naming it, and `gestured replay` of a new drawing printing the shape.
@Suite struct ShapeLearnTests {
    static let zigzag = "draw 40 40 to 60 60 to 80 40 to 100 60 over 0.4"
    static let hook = "draw 40 40 to 100 40 to 100 90 over 0.4"

    @Test func aShapeLearnedFromRecordingsIsRecognizedInAReplay() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func recording(_ name: String, _ script: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try DaemonProcess.synthesize(script, to: path)
            return path
        }
        let examples = [
            try recording("z1.evemu", "at 1 \(Self.zigzag)\n"),
            try recording("z2.evemu", "at 1 draw 20 100 to 50 130 to 80 100 to 110 130 over 0.6\n"),
        ]
        let learned = try DaemonProcess.run("gestured", ["shape", "learn", "zigzag"] + examples)
        #expect(learned.status == 0, "\(learned.err)")
        let template = try ShapeFile.parse(learned.out, file: "zigzag.shape")
        #expect(template.name == "zigzag" && template.fingers == 1 && template.examples.count == 2)
        #expect(template.examples.allSatisfy { $0.strokes.count == 1 && $0.strokes[0].count > 20 })
        try learned.out.write(to: directory.appendingPathComponent("zigzag.shape"), atomically: true, encoding: .utf8)
        let hook = try DaemonProcess.run("gestured", ["shape", "learn", "hook", try recording("h.evemu", "at 1 \(Self.hook)\n")])
        try hook.out.write(to: directory.appendingPathComponent("hook.shape"), atomically: true, encoding: .utf8)

        let drawn = try recording("new.evemu", "at 1 draw 150 60 to 165 75 to 180 60 to 195 75 over 0.3\nat 3 \(Self.hook)\n")
        #expect(try Self.shapesReplayed(drawn, with: ["zigzag.shape", "hook.shape"], in: directory) == ["zigzag", "hook"])
    }

    /// The shapes a shape recognizer of `files` (in `directory`) recognizes in `recording`, replayed by `gestured
    /// replay`.
    static func shapesReplayed(_ recording: String, with files: [String], in directory: URL) throws -> [String] {
        let config = directory.appendingPathComponent("c.toml").path
        let names = files.map { "\"\($0)\"" }.joined(separator: ", ")
        try "[[recognizer]]\nname = \"drawn\"\nkind = \"shape\"\nshapes = [\(names)]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let replay = try DaemonProcess.run("gestured", ["replay", "--config", config, recording])
        #expect(replay.status == 0, "\(replay.err)")
        return try replay.out.split(separator: "\n").compactMap { line -> String? in
            let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return (m["values"] as? [String: Any])?["shape"] as? String
        }
    }

    /// A dot is a stroke (a finger that touches and lifts without moving): an exclamation mark learned from a line
    /// and a tap under it, told apart from a bar in a replay.
    @Test func aShapeWithADotIsLearnedAndToldFromOneWithout() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func learn(_ name: String, _ script: String) throws -> ShapeTemplate {
            let path = directory.appendingPathComponent("\(name).evemu").path
            try DaemonProcess.synthesize(script, to: path)
            let learned = try DaemonProcess.run("gestured", ["shape", "learn", name, path])
            #expect(learned.status == 0, "\(learned.err)")
            try learned.out.write(to: directory.appendingPathComponent("\(name).shape"), atomically: true, encoding: .utf8)
            return try ShapeFile.parse(learned.out, file: "\(name).shape")
        }
        let exclamation = try learn("exclamation", "at 1 draw 60 30 to 60 70 over 0.3\nat 1.5 tap 60 82\n")
        #expect(exclamation.examples.first?.strokes.map(\.count).last == 1, "the dot, one point")
        _ = try learn("bar", "at 1 draw 60 30 to 60 70 over 0.3\n")
        let drawn = directory.appendingPathComponent("new.evemu").path
        try DaemonProcess.synthesize("at 1 draw 120 40 to 121 85 over 0.35\nat 1.6 tap 121 99\nat 4 draw 120 40 to 121 85 over 0.35\n", to: drawn)
        #expect(try Self.shapesReplayed(drawn, with: ["exclamation.shape", "bar.shape"], in: directory) == ["exclamation", "bar"])
    }

    @Test func aRecordingWithoutAStrokeOfTheFingersIsRefusedSayingWhich() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("one.evemu").path
        try DaemonProcess.synthesize("at 1 \(Self.zigzag)\n", to: path)
        let result = try DaemonProcess.run("gestured", ["shape", "learn", "zigzag", "--fingers", "2", path])
        #expect(result.status != 0)
        #expect(result.err.contains("\(path): no stroke of 2 finger(s) together"), "\(result.err)")
        let badName = try DaemonProcess.run("gestured", ["shape", "learn", "zig zag", path])
        #expect(badName.status != 0 && badName.err.contains("zig"), "\(badName.err)")
    }
}

/// `gesturectl shape record` against a daemon serving a recording of drawings, as a user records on a live
/// device: each drawing, ended by the pause after its lift, one example.
@Suite struct ShapeRecordTests {
    @Test func drawingsOnTheDeviceBecomeAShapeFile() throws {
        let daemon = try DaemonProcess(
            config: "[daemon]\nraw_touches = { users = [\(getuid())] }\n\n[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n",
            script: "at 1 draw 40 40 to 60 60 to 80 40 over 0.3\nat 2 draw 100 100 to 130 130 to 160 100 over 0.4\n")
        let result = try DaemonProcess.run("gesturectl", ["shape", "record", "vee", "--examples", "2", "--pause", "0.5", "--socket", daemon.socket])
        #expect(result.status == 0, "\(result.err)")
        let template = try ShapeFile.parse(result.out, file: "vee.shape")
        #expect(template.name == "vee" && template.examples.count == 2, "\(result.out)")
        #expect(template.examples.allSatisfy { $0.strokes.count == 1 && $0.strokes[0].count >= 20 })
        #expect(result.err.contains("draw 'vee' (2 of 2)"), "\(result.err)")
    }

    @Test func aUserWithoutRawTouchesIsToldWhy() throws {
        let daemon = try DaemonProcess(config: "[daemon]\nraw_touches = { users = [] }\n", script: "at 1 tap 50 50\n")
        let result = try DaemonProcess.run("gesturectl", ["shape", "record", "vee", "--socket", daemon.socket])
        #expect(result.status != 0 && result.err.contains("raw touches are not allowed"), "\(result.err)")
    }
}
