import CaptureFormats
import Foundation
import InputCore

/// The device a labelled recording was made on, from docs/quality.md's device table or the recording itself:
/// what `make quality` replays it as, and what `first-action` makes a uinput device of.
extension LabelledRecording {
    /// The description files of a recording that carries none of its own (its row's, or evemu's NAME.prop), in the
    /// order `gestured replay --description` takes them, and the description the last one holds.
    package func descriptionFiles(in recordings: String, tables: QualityTables) throws -> (paths: [String], description: DeviceDescription?) {
        var paths: [String] = []
        if let d = tables.device(for: name)?.description { paths.append(recordings + "/" + d) }
        if name.hasPrefix("evemu/") {
            let stem = String(path.dropLast(".event".count))
            if let found = [stem + ".prop", recordings + "/evemu/ntrig-xt2.device"].first(where: { FileManager.default.fileExists(atPath: $0) }) {
                paths.append(found)
            }
        }
        guard let last = paths.last else { return ([], nil) }
        return (paths, try Recording.parse(String(contentsOfFile: last, encoding: .utf8), source: last).description)
    }

    /// The device kind the recording is scored as: its row's, or what its own description says.
    package func kind(in recordings: String, tables: QualityTables) -> String {
        if let kind = tables.device(for: name)?.kind { return kind }
        guard let (_, description) = try? descriptionFiles(in: recordings, tables: tables),
            let text = try? String(contentsOfFile: path, encoding: .isoLatin1),
            let recording = try? Recording.parse(text, source: path, description: description)
        else { return "touchscreen" }
        return recording.description.map { DeviceKind.classify($0).rawValue } ?? "touchscreen"
    }
}
