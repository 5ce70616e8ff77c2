import DaemonTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `gestured replay --svg`: a picture of a recording that an XML parser accepts, with a path per touch, the
/// gestures' marks and the list of events.
@Suite struct ReplayPictureTests {
    /// Elements by name, attributes of the last of each, and the text of every `text` element.
    final class Reading: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var attributes: [String: [String: String]] = [:]
        var texts: [String] = []
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            self.attributes[name] = attributes
            if name == "text" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text { texts.append(text) }
            text = nil
        }
    }

    static let config = "[[recognizer]]\nname = \"tap\"\nkind = \"tap\"\n\n[[recognizer]]\nname = \"pan\"\nkind = \"pan\"\n"

    @Test func aRecordingBecomesAValidPictureOfItsTouchesAndGestures() throws {
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("c.toml").path, svg = directory.appendingPathComponent("r.svg").path
        // A name with characters XML reserves: the title must escape them.
        let recording = directory.appendingPathComponent("tap & <pan>.evemu").path
        try Self.config.write(toFile: configPath, atomically: true, encoding: .utf8)
        try DaemonProcess.synthesize("at 0.1 tap 150 100\nat 0.4 drag 60 100 to 200 100 over 0.3\n", to: recording)
        let result = try DaemonProcess.run("gestured", ["replay", "--config", configPath, "--svg", svg, recording])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("\"recognizer\":\"pan\""), "the lines are still printed")

        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: svg)))
        let reading = Reading()
        parser.delegate = reading
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reading.counts["svg"] == 1 && reading.attributes["svg"]?["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(reading.counts["polyline"] == 2, "one path per touch: \(reading.counts)")
        #expect(reading.texts.contains { $0.hasPrefix("tap & <pan>.evemu: 2 touches, 300.0 x 200.0 mm") }, "\(reading.texts)")
        let events = reading.texts.filter { $0.contains(" at ") && $0.contains(" mm") }
        #expect(events.count == 3, "tap ended, pan began, pan ended: \(events)")
        #expect(events.first?.contains("tap ended at 150.0, 100.0 mm  (taps 1)") == true, "\(events)")
        #expect(events.last?.contains("pan ended") == true && events.last?.contains("changes") == true, "\(events)")
        #expect(reading.texts.contains("pan began"), "the place where the pan began is marked")
    }

    /// The README shows docs/demo.svg: it must be what the bundled demo draws now (`make demo-svg` draws it again).
    @Test func theReadmesPictureIsTheDemosOwn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("demo.svg").path
        let result = try DaemonProcess.run(
            "gestured",
            ["replay", "--config", root.appendingPathComponent("config/gestured.toml").path, "--svg", svg, root.appendingPathComponent("recordings/demo.evemu").path])
        #expect(result.status == 0, "\(result.err)")
        let drawn = try String(contentsOfFile: svg, encoding: .utf8)
        let shown = try String(contentsOf: root.appendingPathComponent("docs/demo.svg"), encoding: .utf8)
        #expect(drawn == shown, "docs/demo.svg is not what the demo draws now: run make demo-svg")
    }

    @Test func oneRecordingAtATime() throws {
        let result = try DaemonProcess.run("gestured", ["replay", "--config", "c.toml", "--svg", "x.svg", "a.evemu", "b.evemu"])
        #expect(result.status != 0)
        #expect(result.err.contains("--svg draws one recording; 2 were given"), "\(result.err)")
    }
}
