import ConfigFiles
import ConfigSchema
import Foundation
import GestureConfig
import GestureEngine
import ShapeFormat
import Testing

/// A shape recognizer in the configuration (config/README.md, shape): its shape files read beside the
/// configuration, every mistake said where it is, nothing half loaded; and a connection's shape recognizer,
/// which never names a file.
@Suite struct ShapeRecognizerConfigTests {
    /// A folder with `shapes` (file name to text) and a configuration `toml` beside them; the configuration's path.
    static func folder(_ shapes: [String: String], _ toml: String) throws -> (folder: URL, configuration: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shapes"), withIntermediateDirectories: true)
        for (name, text) in shapes { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let path = folder.appendingPathComponent("gestured.toml").path
        try toml.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    /// A shape file of one example: a stroke through `points` (x, y), a point every 10 ms.
    static func shape(_ name: String, fingers: Int = 1, _ points: [(Double, Double)]) -> String {
        "shape \(name)\nfingers \(fingers)\nexample\nstroke\n"
            + points.enumerated().map { i, p in "\(p.0) \(p.1) \(Double(i) / 100)" }.joined(separator: "\n") + "\n"
    }

    static let line = shape("line", [(0, 0), (20, 0), (40, 0)])
    static let vee = shape("vee", [(0, 0), (10, 20), (20, 0)])

    static func recognizer(_ shapes: String, _ more: String = "") -> String {
        "[[recognizer]]\nname = \"drawn\"\nkind = \"shape\"\nshapes = \(shapes)\n\(more)"
    }

    static func load(_ path: String) -> Result<Configuration, ConfigErrors> { Configuration.load(path, files: SystemFiles()) }

    @Test func shapeFilesAreReadBesideTheConfigurationAndShared() throws {
        let (folder, path) = try Self.folder(
            ["shapes/line.shape": Self.line, "shapes/vee.shape": Self.vee],
            Self.recognizer(#"["shapes/line.shape", "shapes/vee.shape"]"#, "minimum_score = 0.7\nrotation_invariant = true\n"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try Self.load(path).get()
        let entry = try #require(configuration.recognizers.first)
        let shapes = try #require(entry.shapes)
        #expect(shapes.templates.map(\.name) == ["line", "vee"])
        #expect(shapes.matcher.options.rotationInvariant && shapes.matcher.options.orderInvariant)
        let made = try #require(entry.makeRecognizer() as? ShapeGestureRecognizer)
        #expect(made.matcher === shapes.matcher, "every device's recognizer shares the one matcher")
        #expect(made.minimumScore == 0.7)
    }

    /// Files the configuration names, in memory, counting each read: the configuration asks its FileSource for
    /// them and reads nothing itself.
    final class CountedFiles: FileSource, @unchecked Sendable {
        let contents: [String: String]
        private(set) var reads: [String] = []

        init(_ contents: [String: String]) { self.contents = contents }

        func bytes(of path: String) throws(ConfigErrors) -> [UInt8] {
            reads.append(path)
            guard let text = contents[path] else { return try NoFiles().bytes(of: path) }
            return Array(text.utf8)
        }

        func tomlFiles(in folder: String) -> [String] { [] }
    }

    @Test func shapeFilesComeFromTheSourceGivenRelativeToTheConfigurationEachOnce() throws {
        let toml = Self.recognizer(#"["shapes/line.shape", "/abs/vee.shape"]"#) + "\n"
            + Self.recognizer(#"["shapes/line.shape"]"#).replacingOccurrences(of: "\"drawn\"", with: "\"again\"")
        let files = CountedFiles(["/etc/gestured/gestured.toml": toml, "/etc/gestured/shapes/line.shape": Self.line, "/abs/vee.shape": Self.vee])
        let configuration = try Configuration.load("/etc/gestured/gestured.toml", files: files).get()
        #expect(configuration.recognizers.map { $0.shapes?.templates.map(\.name) ?? [] } == [["line", "vee"], ["line"]])
        #expect(files.reads == ["/etc/gestured/gestured.toml", "/etc/gestured/shapes/line.shape", "/abs/vee.shape"])
        // Text checked on its own reads no file: the shape is refused where it is named.
        #expect(throws: ConfigErrors.self) { try Configuration.parse(toml, file: "/etc/gestured/gestured.toml") }
        do {
            _ = try Configuration.parse(toml, file: "/etc/gestured/gestured.toml")
        } catch {
            #expect(
                error.errors.first?.description
                    == "/etc/gestured/gestured.toml:4:11: shape file /etc/gestured/shapes/line.shape is not read: the text was checked on its own")
        }
    }

    /// A touchpad's one finger moves the pointer: a one-finger shape is drawn there only when its touch_types say
    /// so; a shape of two fingers is drawn on a touchpad as on a touchscreen.
    @Test func aOneFingerShapeLeavesTheTouchpadToThePointerUnlessTold() throws {
        let two = Self.shape("two", fingers: 2, [(0, 0), (20, 0), (40, 0)])
        let (folder, path) = try Self.folder(
            ["shapes/line.shape": Self.line, "shapes/two.shape": two],
            Self.recognizer(#"["shapes/line.shape"]"#) + "\n"
                + Self.recognizer(#"["shapes/line.shape"]"#, "touch_types = [\"indirect\"]\n").replacingOccurrences(of: "\"drawn\"", with: "\"pad\"") + "\n"
                + Self.recognizer(#"["shapes/two.shape"]"#, "number_of_touches_required = 2\n").replacingOccurrences(of: "\"drawn\"", with: "\"two\""))
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try Self.load(path).get().recognizers.map { $0.makeRecognizer() }
        #expect(made.map(\.allowedTouchTypes) == [[.direct, .stylus], .indirect, .all])
    }

    @Test func aShapeRecognizerNeedsShapes() {
        expectErrors(
            "[[recognizer]]\nname = \"drawn\"\nkind = \"shape\"\n",
            ["1:1: a shape recognizer needs shapes: the shape files it tells apart (docs/shapes.md)"])
        expectErrors(Self.recognizer("[]"), ["4:10: shapes must name at least one shape"])
    }

    @Test func aMissingFileIsSaidWhereTheConfigurationNamesIt() throws {
        let (folder, path) = try Self.folder(["shapes/line.shape": Self.line], Self.recognizer(#"["shapes/line.shape", "shapes/star.shape"]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = Self.load(path).failure?.errors.map(\.description) ?? []
        #expect(errors == ["\(path):4:32: shape file \(folder.path)/shapes/star.shape does not exist"])
    }

    @Test func aMistakeInAShapeFileIsSaidAtItsOwnLine() throws {
        let (folder, path) = try Self.folder(
            ["shapes/line.shape": "shape line\nexample\nstroke\n0 0 0\n1 nan 0.01\n"], Self.recognizer(#"["shapes/line.shape"]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = try #require(Self.load(path).failure).errors
        #expect(errors.count == 1 && errors[0].file == "\(folder.path)/shapes/line.shape" && errors[0].position.line == 5, "\(errors)")
    }

    /// Two recognizers naming one wrong file, and a missing one: the file's mistake said once, at its line; the
    /// missing one where each recognizer names it.
    @Test func aFileNamedTwiceIsReadOnce() throws {
        let (folder, path) = try Self.folder(
            ["shapes/line.shape": "shape line\nexample\nstroke\n0 0 0\n1 nan 0.01\n"],
            Self.recognizer(#"["shapes/line.shape", "shapes/gone.shape"]"#) + "\n"
                + Self.recognizer(#"["shapes/line.shape", "shapes/gone.shape"]"#).replacingOccurrences(of: "drawn", with: "again"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = try #require(Self.load(path).failure).errors.map(\.description)
        #expect(errors.filter { $0.hasPrefix("\(folder.path)/shapes/line.shape:5:") }.count == 1, "\(errors)")
        #expect(errors.filter { $0.hasSuffix("shape file \(folder.path)/shapes/gone.shape does not exist") }.count == 2, "\(errors)")
    }

    /// At most 256 shape files, and 100,000 points in them together: the file past either bound is refused where
    /// the configuration names it.
    @Test func shapeFilesAreBoundedInNumberAndPoints() throws {
        // 257 files of three points each.
        var files: [String: String] = [:]
        for i in 0..<257 { files["shapes/s\(i).shape"] = Self.shape("s\(i)", [(0, 0), (Double(i % 7) + 5, 10), (20, 0)]) }
        let names = (0..<257).map { "\"shapes/s\($0).shape\"" }
        let toml = (0..<2).map { r in
            Self.recognizer("[" + names[(r * 200)..<min(257, r * 200 + 200)].joined(separator: ", ") + "]").replacingOccurrences(of: "drawn", with: "r\(r)")
        }.joined(separator: "\n")
        let (folder, path) = try Self.folder(files, toml)
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = try #require(Self.load(path).failure).errors.map(\.description)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("\(path):9:") == true, "the second recognizer's shapes")
        #expect(errors.first?.hasSuffix(": shape file \(folder.path)/shapes/s256.shape is one shape file too many: a configuration names at most 256") == true)

        // Eleven files of 10,000 points: the eleventh is one too many points.
        let big = "shape big\nexample\nstroke\n" + (0..<10_000).map { "\($0 % 100) \($0 / 100) \(Double($0) / 1000)" }.joined(separator: "\n") + "\n"
        var bigFiles: [String: String] = [:]
        for i in 0..<11 { bigFiles["shapes/b\(i).shape"] = big.replacingOccurrences(of: "shape big", with: "shape b\(i)") }
        let (bigFolder, bigPath) = try Self.folder(bigFiles, Self.recognizer("[" + (0..<11).map { "\"shapes/b\($0).shape\"" }.joined(separator: ", ") + "]"))
        defer { try? FileManager.default.removeItem(at: bigFolder) }
        let bigErrors = try #require(Self.load(bigPath).failure).errors.map(\.description)
        #expect(bigErrors.count == 1 && bigErrors[0].hasSuffix(
            "shape file \(bigFolder.path)/shapes/b10.shape brings the points of the configuration's shape files to 110000, more than the 100000 they may hold together"), "\(bigErrors)")
    }

    @Test func twoFilesOfOneNameAreRefused() throws {
        let (folder, path) = try Self.folder(
            ["shapes/a.shape": Self.line, "shapes/b.shape": Self.line], Self.recognizer(#"["shapes/a.shape", "shapes/b.shape"]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = Self.load(path).failure?.errors.map(\.description) ?? []
        #expect(errors == ["\(path):4:29: shapes/b.shape is shape 'line', as shapes/a.shape is: each shape needs a name of its own"])
    }

    @Test func aShapeDrawnWithOtherFingersIsRefused() throws {
        let (folder, path) = try Self.folder(
            ["shapes/two.shape": Self.shape("two", fingers: 2, [(0, 0), (30, 0)])], Self.recognizer(#"["shapes/two.shape"]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = Self.load(path).failure?.errors.map(\.description) ?? []
        #expect(errors == ["\(path):4:11: shapes/two.shape is drawn with 2 finger(s), but this recognizer's number_of_touches_required is 1"])
    }

    @Test func shapeKeysBelongToShapeRecognizers() {
        expectErrors(
            "[[recognizer]]\nname = \"t\"\nkind = \"tap\"\nshapes = [\"x.shape\"]\n",
            ["4:1: unknown key 'shapes' in [[recognizer]] of kind tap"])
    }

    /// A connection names its own shapes (add_shape), never a file: naming one the daemon could read is refused
    /// without the daemon opening it.
    @Test func aConnectionsShapeRecognizerNamesItsOwnShapesNotFiles() throws {
        let configuration = try Configuration.parse("", file: "test.toml")
        let value = ConfigValue.table([
            "name": .string("mine"), "kind": .string("shape"), "shapes": .array([.string("/etc/shadow")]),
        ])
        #expect(throws: ConfigErrors.self) {
            _ = try configuration.clientRecognizer(value, recognizers: [], regions: configuration.devices.map { .wholeSurface(of: $0.name) })
        }
        do {
            _ = try configuration.clientRecognizer(value, recognizers: [], regions: [])
        } catch {
            #expect(error.errors.map(\.message).contains { $0.contains("this connection added no shape '/etc/shadow'") }, "\(error)")
        }
        let line = try ShapeFile.parse(Self.line, file: "line.shape")
        let mine = ConfigValue.table(["name": .string("mine"), "kind": .string("shape"), "shapes": .array([.string("line")])])
        let entry = try configuration.clientRecognizer(mine, recognizers: [], regions: [], shapes: [line])
        #expect(entry.shapes?.templates.map(\.name) == ["line"])
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { e } else { nil } }
}
