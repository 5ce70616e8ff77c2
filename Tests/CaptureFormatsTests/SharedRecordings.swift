import CaptureFormats
import Foundation
import InputCore

/// The recordings other people made, in the workspace's shared folder (never copied into the repository).
/// GESTURED_RECORDINGS overrides where they are.
enum SharedRecordings {
    static let folder: String = {
        if let path = ProcessInfo.processInfo.environment["GESTURED_RECORDINGS"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder + "/README.md") }

    static let missing = "the shared recordings are not at \(folder) (set GESTURED_RECORDINGS to the folder)"

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: folder + "/" + relative, encoding: .isoLatin1)
    }

    /// Every file below `relative` whose name ends with `suffix`, as paths relative to the folder.
    static func files(under relative: String, suffix: String) -> [String] {
        let base = folder + "/" + relative
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted().map { relative + "/" + $0 }
    }

    /// Reads a recording; evemu `.event` files take their description from the `.prop` or `.device` beside them.
    static func recording(_ relative: String) throws -> Recording {
        var description: DeviceDescription?
        if relative.hasPrefix("evemu/") {
            let stem = String(relative.dropLast(".event".count))
            for candidate in [stem + ".prop", "evemu/ntrig-xt2.device"] where FileManager.default.fileExists(atPath: folder + "/" + candidate) {
                description = try Recording.parse(text(candidate), source: candidate).description
                break
            }
        }
        if relative.hasPrefix("chromeos-userstudy/") {
            let board = relative.split(separator: "/")[1]
            let device = "chromeos-touchmtb/device/\(board).touchpad"
            if FileManager.default.fileExists(atPath: folder + "/" + device) {
                description = try Recording.parse(text(device), source: device).description
            }
        }
        return try Recording.parse(text(relative), source: relative, description: description)
    }

    /// As `recording`, with axes inferred from the values when the file and the folder name no device.
    static func replayable(_ relative: String) throws -> Recording {
        try recording(relative).inferringDescription(name: relative)
    }
}
