import CaptureFormats
import Foundation
import InputCore
import LabelledRecordings

/// The labelled touchpad recordings of `make quality` whose label asks a configuration for a gesture, grouped by
/// the device they were made on (docs/quality.md: the label, device and class tables): what `first-action` plays.
struct LabelledTouchpads {
    /// One recording and what its label asks of the configuration.
    struct File {
        var name: String
        var path: String
        var category: String
        /// The classes of the gestures the label asks for (docs/quality.md's class table).
        var classes: Set<String>
        /// From its first event to its last.
        var seconds: Double
    }

    /// One device: its description as the recordings give it with the identity of the machine they were made on,
    /// and its recordings in the order they are played.
    struct Board {
        var label: String
        var description: DeviceDescription
        /// The description file of captures that carry none (ChromeOS's BOARD.touchpad).
        var descriptionFile: String?
        /// The machine's DMI modalias, as the table gives it (dmi:svnSAMSUNG:pnLumpy:), if it names one.
        var dmi: String?
        var files: [File]
    }

    var boards: [Board] = []
    /// The configuration's recognizers and the class each counts as.
    var recognizerClasses: [String: String]
    /// Touchpad recordings left out, with why (their label skips them or asks for nothing).
    var leftOut: [(name: String, reason: String)] = []

    /// Every labelled recording under `recordings` (docs/quality.md read from `project`) whose name matches `only`.
    init(recordings: String, project: String, configuration: String, only: String?) throws {
        let path = project + "/docs/quality.md"
        let tables = try QualityTables(markdown: String(contentsOfFile: path, encoding: .utf8), source: path)
        guard let classes = tables.classes[configuration] else { throw BenchmarkError("docs/quality.md's class table has no \(configuration)") }
        recognizerClasses = classes
        // One board per description and machine.
        struct Key: Hashable {
            var description: DeviceDescription
            var dmi: String?
        }
        var index: [Key: Int] = [:]
        for recording in LabelledRecording.all(in: recordings) where only.map({ glob($0, matches: recording.name) }) ?? true {
            guard let label = tables.label(for: recording.name), recording.kind(in: recordings, tables: tables) == "touchpad" else { continue }
            if case .skip(let reason) = label.expectation {
                leftOut.append((recording.name, "skip: \(reason)"))
                continue
            }
            let expected = tables.label(label, for: configuration).expectation.classes
            guard !expected.isEmpty else {
                leftOut.append((recording.name, "expects nothing of \(configuration)"))
                continue
            }
            let unmatched = expected.subtracting(FirstActions.libinputClasses)
            guard unmatched.isEmpty else {
                throw BenchmarkError("\(recording.name) asks for \(unmatched.sorted().joined(separator: ", ")), which the libinput peer has no counterpart of")
            }
            let (paths, fallback) = try recording.descriptionFiles(in: recordings, tables: tables)
            let text = try String(contentsOfFile: recording.path, encoding: .utf8)
            let parsed = try Recording.parse(text, source: recording.path, description: fallback)
            guard var description = parsed.description, let first = parsed.events.first, let last = parsed.events.last else {
                throw BenchmarkError("\(recording.path) has no events or no description (and docs/quality.md's device table gives none)")
            }
            let identity = tables.device(for: recording.name)?.identity ?? [:]
            try Self.apply(identity, to: &description)
            // The axes' current values (evtest's header gives them as they were when its capture began) do not tell
            // devices apart.
            for code in description.axes.keys { description.axes[code]?.value = 0 }
            let dmi = identity["dmi"]
            let key = Key(description: description, dmi: dmi)
            if index[key] == nil {
                index[key] = boards.count
                // Named after the machine, else the device; two devices of one name (different axes) apart by number.
                var label = dmi.flatMap { Self.dmiField("pn", of: $0) }?.lowercased() ?? description.name
                let same = boards.filter { $0.label == label || $0.label.hasPrefix(label + " #") }.count
                if same > 0 { label += " #\(same + 1)" }
                boards.append(Board(label: label, description: description, descriptionFile: paths.last, dmi: dmi, files: []))
            }
            boards[index[key]!].files.append(
                File(name: recording.name, path: recording.path, category: label.category, classes: expected, seconds: Double(last.time.nanoseconds - first.time.nanoseconds) / 1e9))
        }
    }

    /// The identity cell's name, bus, vendor and product in place of the description's (the DMI modalias is the
    /// machine's, which the VM is given instead).
    static func apply(_ identity: [String: String], to description: inout DeviceDescription) throws {
        func hex(_ key: String) throws -> UInt16? {
            guard let text = identity[key] else { return nil }
            guard let value = UInt16(text, radix: 16) else { throw BenchmarkError("the identity's \(key) \(text) is not a hexadecimal id") }
            return value
        }
        if let name = identity["name"] { description.name = name }
        if let bus = identity["bus"] {
            guard let code = Bus.code(bus) else { throw BenchmarkError("the identity's bus \(bus) is not one of \(Bus.names.map(\.0).joined(separator: ", "))") }
            description.bus = code
        }
        if let vendor = try hex("vendor") { description.vendor = vendor }
        if let product = try hex("product") { description.product = product }
    }

    /// One field of a DMI modalias, by its key: `pn` of dmi:svnSAMSUNG:pnLumpy: is Lumpy.
    static func dmiField(_ key: String, of modalias: String) -> String? {
        modalias.split(separator: ":").dropFirst().first { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
    }
}
