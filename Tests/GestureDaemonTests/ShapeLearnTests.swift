import Foundation
import GestureConfig
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

        let config = directory.appendingPathComponent("c.toml").path
        try "[[recognizer]]\nname = \"drawn\"\nkind = \"shape\"\nshapes = [\"zigzag.shape\", \"hook.shape\"]\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let drawn = try recording("new.evemu", "at 1 draw 150 60 to 165 75 to 180 60 to 195 75 over 0.3\nat 3 \(Self.hook)\n")
        let replay = try DaemonProcess.run("gestured", ["replay", "--config", config, drawn])
        #expect(replay.status == 0, "\(replay.err)")
        let shapes = try replay.out.split(separator: "\n").compactMap { line -> String? in
            let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return (m["values"] as? [String: Any])?["shape"] as? String
        }
        #expect(shapes == ["zigzag", "hook"], "\(replay.out)")
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
