/// `gesturectl import`: another gesture tool's configuration (Touchégg, fusuma, libinput-gestures) made into a
/// gestured actions file (docs/actions.md) that `ActionsFile.parse` reads. This module owns the translation, text
/// in and text out, with no I/O: the recognizers the imported actions need, declared in the file itself; the
/// actions, in the order of the original; and a comment at each place where something of the original has no
/// equivalent yet (`ImportNote` says why, all in one place). Each tool's format has its file: `ToucheggImport`,
/// `FusumaImport`, `LibinputGesturesImport`.

/// The tools whose configurations are imported, by the names the command line gives them.
public enum ImportSource: String, CaseIterable, Sendable {
    case touchegg
    case fusuma
    case libinputGestures = "libinput-gestures"

    /// The tool's name as its users write it, for comments and messages.
    var toolName: String {
        switch self {
        case .touchegg: "Touchégg"
        case .fusuma: "fusuma"
        case .libinputGestures: "libinput-gestures"
        }
    }
}

/// An imported actions file: its text, and every place where the original had something without an equivalent,
/// as the file's comments say it.
public struct ImportedActions: Sendable {
    public var text: String
    public var warnings: [ImportWarning]
}

/// Makes `text`, a configuration of `source` read from `file` (the name in messages and in the file's heading), into
/// an actions file. Throws at the first mistake that stops the tool itself reading it, and at a text beyond
/// `ImportLimits`.
public func importActions(from source: ImportSource, text: String, file: String) throws(ImportError) -> ImportedActions {
    try ImportLimits.checkSize(text.utf8.count, file: file)
    return switch source {
    case .touchegg: try ToucheggImport.convert(text, file: file)
    case .fusuma: try FusumaImport.convert(text, file: file)
    case .libinputGestures: try LibinputGesturesImport.convert(text, file: file)
    }
}
