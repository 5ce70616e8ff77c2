import CaptureFormats
import DeviceFactsDatabase
import Foundation
import GestureConfig
import GestureDaemon
import InputCore
import LabelledRecordings

/// Shapes where none is drawn: every labelled recording of `make quality` (docs/quality.md: real people's taps,
/// pointer moves, scrolls, clicks, palms and thumbs on touchpads, and touchscreen taps and drags) replayed with each
/// shipped configuration of its device's kind, a shape recognizer added to it, as `gestured replay` replays it (the
/// same descriptions, kinds and device identities as `make quality`). A file is a false accept when the shape
/// recognizer recognizes anything in it.
enum FalseAccepts {
    /// The shape recognizer's name in the configurations, unlike any shipped one's.
    static let recognizer = "drawn-shape"

    /// How the shape recognizer stands beside the shipped ones: added as it is, where a pan or a pointer that
    /// begins first makes it fail (R3); or unpreventable, so that it decides on every one-finger drawing, which
    /// is the recognizer's own false accepts, whatever the others do. Both with the recognizer's defaults; and
    /// unpreventable with every score kept (RecognizerSetting.everyScore), for the false accepts at any minimum score.
    /// And unpreventable on touchpads too (`touch_types` naming `indirect`, which a one-finger shape leaves out by
    /// default: there the finger moves the pointer): what the score alone refuses of pointer moves.
    enum Arbitration: String, CaseIterable {
        case unpreventable, added
        case everyScore = "unpreventable, every score"
        case everyType = "unpreventable, on touchpads too"

        static let onTouchpads = "touch_types = [\"direct\", \"indirect\", \"stylus\"]"

        var keys: [String] {
            switch self {
            case .unpreventable: ["cannot_be_prevented_by = [\"*\"]"]
            case .added: []
            case .everyScore: ["cannot_be_prevented_by = [\"*\"]", Self.onTouchpads] + RecognizerSetting.everyScore.keys
            case .everyType: ["cannot_be_prevented_by = [\"*\"]", Self.onTouchpads]
            }
        }
    }

    struct FileResult {
        var name: String
        var configuration: String
        var arbitration: Arbitration
        var recognized: [RecognizerOutcome.Recognized]
        var error: String?
    }

    /// One labelled file with one configuration: its path, label name and how `gestured replay` is told its device.
    struct Work {
        var file: LabelledRecording
        var configuration: String
        var arbitration: Arbitration
    }

    static func work(recordings: String, tables: QualityTables, arbitrations: [Arbitration] = Arbitration.allCases) -> [Work] {
        var list: [Work] = []
        for file in LabelledRecording.all(in: recordings) {
            guard let label = tables.label(for: file.name) else { continue }
            if case .skip = label.expectation { continue }
            for configuration in tables.configurations[file.kind(in: recordings, tables: tables)] ?? [] {
                for arbitration in arbitrations { list.append(Work(file: file, configuration: configuration, arbitration: arbitration)) }
            }
        }
        return list
    }

    /// The file replayed with its configuration: the recording read with the description its table row or evemu
    /// `.prop` gives, as the kind the row says, under the identity of the device it was recorded on.
    static func replay(
        _ work: Work, configuration: Configuration, recordings: String, tables: QualityTables, database: DeviceDatabase
    ) -> FileResult {
        var result = FileResult(name: work.file.name, configuration: work.configuration, arbitration: work.arbitration, recognized: [])
        do {
            let (paths, _) = try work.file.descriptionFiles(in: recordings, tables: tables)
            let given = try paths.last.map { try Recording.deviceDescription(in: String(contentsOfFile: $0, encoding: .utf8), source: $0) }
            let text = try String(contentsOfFile: work.file.path, encoding: .isoLatin1)
            let recording = try Recording.parse(text, source: work.file.path, description: given)
            let row = tables.device(for: work.file.name)
            let knowledge = recording.description.map { database.knowledge(of: identity(of: $0, row?.identity ?? [:])) }
            let input = OfflineReplay.Input(
                source: work.file.path, recording: recording, kind: row?.kind.flatMap(DeviceKind.init(rawValue:)), knowledge: knowledge)
            let outcomes = try ShapeReplay.run([input], configuration: configuration, recognizer: recognizer)
            result.recognized = outcomes[work.file.path]?.recognized ?? []
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    /// The device's identity as `gestured replay --device-name --bus --vendor --product --dmi` gives it.
    static func identity(of description: DeviceDescription, _ cell: [String: String]) -> DeviceIdentity {
        var identity = DeviceIdentity(description, dmi: cell["dmi"])
        if let name = cell["name"] { identity.name = name }
        if let code = cell["bus"].flatMap(Bus.code) { identity.bus = code }
        if let v = cell["vendor"].flatMap({ UInt16($0, radix: 16) }) { identity.vendor = v }
        if let v = cell["product"].flatMap({ UInt16($0, radix: 16) }) { identity.product = v }
        return identity
    }
}
