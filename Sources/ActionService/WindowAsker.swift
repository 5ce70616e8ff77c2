import DesktopFocus
import Foundation
import GestureActions

/// Asks the running desktop which application is in front, and which window is under the pointer, for the
/// actions with application rules (docs/actions.md, Per-application rules). Made when an action first needs it;
/// a desktop that cannot be asked, or a question it cannot answer, is said in the log once (again only when the
/// reason changes), and the rules that need the answer do not run. The window in front comes from the desktop's
/// own word of its changes where it gives it (FrontWatch: sway, Hyprland, X11, KWin), so that a gesture costs no round
/// trip; else, and for the window under the pointer, the desktop is asked.
final class WindowAsker: WindowSource {
    private let detection: DesktopFocus.Detection
    private let watch: FrontWatch?
    private var said: String?
    private let say: (String) -> Void

    init(environment: [String: String] = ProcessInfo.processInfo.environment, say: @escaping (String) -> Void) {
        detection = DesktopFocus.detect(environment: environment)
        // A source of its own for the watch's thread: a source is used from one thread at a time.
        if case .source = detection, case .source(let watched) = DesktopFocus.detect(environment: environment) {
            watch = FrontWatch(watched)
        } else {
            watch = nil
        }
        self.say = say
    }

    deinit { watch?.stop() }

    /// What the desktop says now of the windows `question` names, and only those (sway cannot tell the one under
    /// the pointer, and each question costs a round trip or more: docs/desktop-focus.md, Cost).
    func windows(_ question: ActionRunner.WindowQuestion) -> ActionRunner.Windows {
        guard case .source(let source) = detection else {
            if case .unavailable(_, let reason) = detection { sayOnce("actions: which application is in front cannot be asked: \(reason); actions for applications do not run") }
            return ActionRunner.Windows()
        }
        var windows = ActionRunner.Windows()
        do {
            if question.front {
                let front = try watch?.front.map { (known) throws(FocusError) in try known.get() } ?? source.front()
                windows.front = front.map(Self.names) ?? []
            }
            if question.underPointer { windows.underPointer = try source.underPointer().map(Self.names) ?? [] }
        } catch {
            sayOnce("actions: \(error); actions for applications do not run while it cannot be told")
        }
        return windows
    }

    /// Every name a rule may match: the app id or X11 class, and the X11 instance.
    private static func names(_ window: WindowIdentity) -> [String] {
        [window.appID, window.instance].compactMap { $0 }.filter { !$0.isEmpty }
    }

    private func sayOnce(_ line: String) {
        guard line != said else { return }
        said = line
        say(line)
    }
}
