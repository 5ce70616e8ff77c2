import GestureActions
import GestureConfig

/// The actions file an import writes, as it is made: the recognizers its actions bind, declared once each, then
/// its actions and the comments on what was left out, in the order of the original, and the same comments as
/// warnings.
struct ActionsDocument {
    /// Where something comes from in the original: its line, and what it was in the original's own terms.
    struct Origin {
        var line: Int
        var what: String
    }

    let source: ImportSource
    let file: String
    /// The applications the actions added now are for (a per-application part of the original); nil for every one.
    var application: [String]?
    private var recognizers: [ImportedRecognizer] = []
    /// Their names: libinput-gestures' holds of 20,000 durations are as many recognizers, each looked for.
    private var declared: Set<String> = []
    /// The tables and comments after the recognizers, each block its lines and the original's line it is from.
    private var blocks: [(line: Int, lines: [String])] = []
    /// Their bytes, each line with its line break and a blank line before each block, as `finished` writes them.
    private var blockBytes = 0
    private var warnings: [ImportWarning] = []

    init(source: ImportSource, file: String) {
        self.source = source
        self.file = file
    }

    /// Declares `recognizer` unless one of its name is already declared; its name, for the actions.
    mutating func declare(_ recognizer: ImportedRecognizer) -> String {
        if declared.insert(recognizer.name).inserted { recognizers.append(recognizer) }
        return recognizer.name
    }

    /// An action imported from `origin`, and what it does differently there (`notes`, approximations).
    mutating func add(_ action: ImportedAction, from origin: Origin, notes: [ImportNote] = []) {
        guard !isFull else { return }
        var action = action
        action.application = action.application ?? application
        // What an actions file would refuse is said instead (ActionsFile takes strings of up to 4096 bytes,
        // ConfigSchema's ConfigLimits.stringBytes).
        for effect in [action.effect, action.back].compactMap({ $0 }) {
            if case .command(let command) = effect, command.utf8.count > 4096 { return leaveOut(origin, .tooLong("command", bytes: command.utf8.count)) }
        }
        var lines = TOMLText.comment("line \(origin.line): \(origin.what)")
        // Each once, though two parts of the original gave it (both ways of a pinch).
        var said: Set<String> = []
        for note in notes where said.insert(note.text).inserted {
            lines += TOMLText.comment("Note: \(note.text).")
            warn(origin, note.text)
        }
        lines.append("[[action]]")
        lines += action.keys.map { "\($0.0) = \($0.1.text)" }
        append(lines, from: origin)
    }

    /// A window manager's action as the desktops' shortcut for it (`action` makes the action of an effect), for
    /// the desktops whose presets have it; said left out when none does.
    mutating func add(_ window: WindowAction, from origin: Origin, notes: [ImportNote] = [], _ action: (Effect) -> ImportedAction) {
        guard let shortcut = window.shortcut else { return leaveOut(origin, .windowAction(window)) }
        var imported = action(.shortcut(shortcut))
        var notes = notes
        if !window.missing.isEmpty {
            imported.desktops = window.desktops
            notes.append(.shortcutOnSome(window))
        }
        add(imported, from: origin, notes: notes)
    }

    /// The names of a per-application part of the original as `application` patterns, those an actions file
    /// takes (1 to 256 of them, each of 1 to 256 bytes); nil, and said, when there are none such.
    mutating func applications(_ names: [String], from origin: Origin) -> [String]? {
        let patterns = names.filter { !$0.isEmpty }
        guard !patterns.isEmpty, patterns.count <= 256, patterns.allSatisfy({ $0.utf8.count <= 256 }) else {
            leaveOut(origin, .applicationNames)
            return nil
        }
        return patterns
    }

    /// Something of the original that is not imported, said in its place.
    mutating func leaveOut(_ origin: Origin, _ note: ImportNote) {
        guard !isFull else { return }
        append(TOMLText.comment("line \(origin.line): \(origin.what)") + TOMLText.comment("Not imported: \(note.text)."), from: origin)
        warn(origin, "not imported: \(note.text)")
    }

    /// A comment in its place on something imported elsewhere (a setting made a recognizer's key).
    mutating func remark(_ origin: Origin, _ text: String) {
        guard !isFull else { return }
        append(TOMLText.comment("line \(origin.line): \(origin.what): \(text)."), from: origin)
    }

    private mutating func append(_ lines: [String], from origin: Origin) {
        blocks.append((origin.line, lines))
        blockBytes += lines.reduce(1) { $0 + $1.utf8.count + 1 }
    }

    /// Whether the blocks so far are more than an actions file may hold: `finished` refuses the import then, so
    /// nothing more is written (writing the rest of a 1 MB file took two thirds of the time of its refusal).
    private var isFull: Bool { blockBytes > ActionsFile.maximumBytes }

    private mutating func warn(_ origin: Origin, _ text: String) {
        warnings.append(ImportWarning(file: file, line: origin.line, message: "\(origin.what): \(text)"))
    }

    /// The file's text and its warnings; refused at the original's line from which it would be larger than an
    /// actions file may be (ActionsFile.maximumBytes), which gesturectl actions would not read: with its comments
    /// saying the original again, an import can write more bytes than it read (a 1 MB fusuma file made 3.4 MB).
    func finished() throws(ImportError) -> ImportedActions {
        var lines = TOMLText.comment(
            """
            gestured actions imported from \(file) (\(source.toolName)) by gesturectl import. Check it with gesturectl \
            actions --check --file THIS-FILE, and stop \(source.toolName) before running gesturectl actions with it, \
            or both act on each gesture (docs/actions.md).
            The recognizers are the file's own: gesturectl actions adds them to the daemon when it connects. A shortcut \
            is the running desktop's (desktop = "gnome", "kde", "sway" or "hyprland" at the top chooses one). Comments \
            say what the original had that is not imported, and why.
            """)
        for recognizer in recognizers {
            lines.append("")
            lines += recognizer.comments
            lines.append("[[recognizer]]")
            lines.append("name = \(TOMLText.string(recognizer.name))")
            lines.append("kind = \(TOMLText.string(recognizer.kind))")
            lines += recognizer.keys.map { "\($0.0) = \($0.1.text)" }
            let together = simultaneous(recognizer)
            if !together.isEmpty { lines.append("simultaneous_with = \(TOMLText.Value.strings(together).text)") }
        }
        // Every line and its line break; a blank line before each block.
        var bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        for block in blocks {
            bytes += block.lines.reduce(1) { $0 + $1.utf8.count + 1 }
            guard bytes <= ActionsFile.maximumBytes else {
                throw ImportError(
                    file: file, line: block.line,
                    "from here on, the actions file would be larger than 1 MiB, the most gesturectl actions reads "
                        + "(\(ActionsFile.maximumBytes) bytes): import the file in parts")
            }
            lines.append("")
            lines += block.lines
        }
        return ImportedActions(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }

    /// The recognizers `recognizer` must be allowed to recognize with, or it would keep them from recognizing: a
    /// pan (which begins as soon as the fingers move) with the swipes of its fingers (fusuma and libinput-gestures
    /// act on a swipe's start and end and on its direction in one movement); a pinch with a rotation where the tool
    /// can act on both in one movement (fusuma, between its intervals). libinput-gestures runs one of the two when
    /// the fingers lift (the rotation when they turned more than 15 degrees): there they keep each other out,
    /// and whichever begins first is the one.
    private func simultaneous(_ recognizer: ImportedRecognizer) -> [String] {
        switch recognizer.kind {
        case "pan": recognizers.filter { $0.kind == "swipe" && $0.fingers == recognizer.fingers }.map(\.name)
        case "pinch" where source != .libinputGestures: recognizers.filter { $0.kind == "rotation" }.map(\.name)
        default: []
        }
    }
}
