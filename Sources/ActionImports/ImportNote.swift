/// What an imported file's comments say where something of the original has no equivalent, or only an
/// approximate one: every such text is here, in one place. Held keys, mouse clicks, per-application rules, steps by
/// time and the desktops' shortcuts exist in actions files but are not imported yet: their notes say what to write.
enum ImportNote {
    /// Touchégg's animations, their colours and delay.
    case animation
    /// Maximize, minimize, tile, close, workspaces...: window managers' actions.
    case windowAction(WindowAction)
    /// Keys held down for the whole gesture (Touchégg's modifiers with `repeat`).
    case holdKeys
    /// A mouse button clicked, pressed or released; `button` as X numbers them (1 left, 2 middle, 3 right).
    case mouseClick(button: Int?)
    /// Gestures of one application only.
    case perApplication
    /// A fusuma context other than an application's (thumbsense, ...).
    case otherContext(String)
    /// Acting at most once every so long (fusuma's `interval`), or on every movement at such a pace.
    case timeInterval
    /// Acting only while keys are held on the keyboard (fusuma's `keypress`).
    case keyCondition
    /// Releasing the keyboard's held modifiers before typing (fusuma's `clearmodifiers`).
    case clearModifiers
    /// A pinch or rotation with other than two fingers.
    case fingers(TwoWayKind, Int)
    /// A pinch or rotation with any number of fingers, imported for two.
    case anyFingers(TwoWayKind)
    /// A swipe along a diagonal.
    case diagonalSwipe
    /// Keys for one way of a pinch or rotation only, or different keys for each way at its end.
    case oneWay(TwoWayKind)
    /// Acting while a swipe goes on, one way only (Touchégg's `repeat` swipes, fusuma's `left: update:`).
    case panDirection
    /// A key name gestured's virtual keyboard does not have.
    case unknownKey(String)
    /// Which devices the tool reads.
    case devices
    /// fusuma's plugin settings.
    case pluginSettings
    /// How far or how fast a gesture must go before it acts, as the tool measures it.
    case threshold
    /// The tool's own variables in a command's environment; gestured's nearest ones.
    case toolVariables([String], nearest: String)
    /// Acting at a gesture's start and again at its end, on a gesture gestured recognizes once.
    case once
    /// A pinch or rotation acted on before it ended, here at its end (where its direction is known).
    case atEnd
    /// libinput-gestures' holds: only the longest reached acts.
    case longestHold
    /// fusuma's one-shot pinches and rotations, repeated at its interval while the fingers go on.
    case steps(every: String)
    /// Something the tool itself never runs or reads, and why.
    case ignoredByTool(String)
    /// An entry the tool replaces by a later one for the same gesture.
    case replaced(byLine: Int)

    /// The comment's words.
    var text: String {
        switch self {
        case .animation:
            "gestured draws nothing on the screen: animations and their colours have no equivalent"
        case .windowAction(let action):
            "window actions are not imported yet: the desktop's own shortcut does it (shortcut = \"...\", docs/actions.md, Desktop presets), or \(action.advice)"
        case .holdKeys:
            "keys held for the whole gesture are not imported yet, so they are pressed with each step: hold = \"...\" holds them (docs/actions.md)"
        case .mouseClick(let button):
            "mouse clicks are not imported yet: keys = \"mouse_left\" (mouse_middle, mouse_right) clicks on gesturectl actions' virtual mouse"
                + (button.map { " (button \($0) as X numbers them)" } ?? "")
        case .perApplication:
            "per-application gestures are not imported yet: an action's application = \"...\" limits it to an application (docs/actions.md, Per-application rules)"
        case .otherContext(let context):
            "fusuma's contexts are not yet supported by gesturectl actions (\(context))"
        case .timeInterval:
            "time intervals are not imported yet: repeat_interval steps by time (docs/actions.md)"
        case .keyCondition:
            "actions that depend on keys held on the keyboard are not yet supported by gesturectl actions"
        case .clearModifiers:
            "releasing the keyboard's held modifiers first is not yet supported by gesturectl actions"
        case .fingers(let kind, let count):
            "the engine's \(kind.name) takes two fingers, not \(count)"
        case .anyFingers(let kind):
            "it acted with any number of fingers: the engine's \(kind.name) takes two"
        case .diagonalSwipe:
            "gestured's swipes go four ways, not diagonally (a pan's action at ended can read $GESTURE_TRANSLATION_MM_X and _Y)"
        case .oneWay(let kind):
            "a \(kind.name) action cannot yet be limited to \(kind.ways) with keys (a command can: it reads \(kind.variable))"
        case .panDirection:
            "acting while a swipe goes on needs a pan action limited to one direction, which gesturectl actions does not support yet"
        case .unknownKey(let name):
            "'\(name)' is not a key gestured's virtual keyboard has (docs/actions.md lists them)"
        case .devices:
            "the daemon's configuration chooses the devices: [[device]] match = { name = \"...\" } in /etc/gestured/gestured.toml"
        case .pluginSettings:
            "fusuma's plugin settings have no equivalent here: the daemon's configuration chooses the devices, and keys are typed on gestured's own keyboard"
        case .threshold:
            "its threshold has no equivalent: a gestured recognizer has its own distances ([[recognizer]] keys such as minimum_distance_mm)"
        case .toolVariables(let names, let nearest):
            "gesturectl actions does not set \(names.map { "$" + $0 }.joined(separator: ", ")): the nearest are \(nearest)"
        case .once:
            "it acted at the gesture's start and again at its end: gestured recognizes a swipe or tap once"
        case .atEnd:
            "it acted before the gesture ended: here at its end, when its direction is known"
        case .longestHold:
            "libinput-gestures ran only the longest hold reached: here every long press reached acts when the fingers lift"
        case .steps(let every):
            "it acted again at every interval while the fingers went on: here every \(every)"
        case .ignoredByTool(let why):
            why
        case .replaced(let line):
            "replaced by the one at line \(line), which is the one the tool uses"
        }
    }
}

/// The two-way gestures: a pinch opens (forward) or closes, a rotation turns clockwise (forward) or back.
enum TwoWayKind: Equatable {
    case pinch
    case rotation

    var name: String {
        switch self {
        case .pinch: "pinch"
        case .rotation: "rotation"
        }
    }

    /// The two ways, as a user says them.
    var ways: String {
        switch self {
        case .pinch: "pinching in or out"
        case .rotation: "turning clockwise or counterclockwise"
        }
    }

    /// The variable of an ended event's command that says which way it went.
    var variable: String {
        switch self {
        case .pinch: "$GESTURE_SCALE"
        case .rotation: "$GESTURE_ROTATION_RAD"
        }
    }
}

/// The window managers' actions the tools have built in, and what does them without: the desktops' default
/// shortcuts (GNOME 43-47, KDE Plasma 5.27 and 6, sway) or an X11 command.
enum WindowAction {
    case maximize
    case minimize
    case tile(left: Bool)
    case fullscreen
    case close
    case showDesktop
    /// Switching workspace: "next", "previous", "up", "down", "left", "right", or how the tool chose.
    case workspace(String)
    /// Moving the window to the next or previous workspace.
    case moveWindow(next: Bool)

    var advice: String {
        switch self {
        case .maximize:
            "bind your desktop's shortcut as keys (GNOME \"alt+f10\", KDE Plasma \"super+pageup\") or run a command (X11: wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz)"
        case .minimize:
            "bind your desktop's shortcut as keys (GNOME \"super+h\", KDE Plasma \"super+pagedown\") or run a command (X11: xdotool getactivewindow windowminimize)"
        case .tile(let left):
            "bind your desktop's shortcut as keys (GNOME and KDE Plasma \"\(left ? "super+left" : "super+right")\")"
        case .fullscreen:
            "bind your desktop's shortcut as keys (sway \"super+f\") or run a command (X11: wmctrl -r :ACTIVE: -b toggle,fullscreen)"
        case .close:
            "bind your desktop's shortcut as keys (GNOME and KDE Plasma \"alt+f4\", sway \"super+shift+q\")"
        case .showDesktop:
            "bind your desktop's shortcut as keys (KDE Plasma \"super+d\") or run a command (X11: wmctrl -k on)"
        case .workspace(let way):
            switch way {
            case "next":
                "bind your desktop's shortcut as keys (GNOME \"super+pagedown\", KDE Plasma \"ctrl+super+right\") or run a command (sway: swaymsg workspace next)"
            case "previous":
                "bind your desktop's shortcut as keys (GNOME \"super+pageup\", KDE Plasma \"ctrl+super+left\") or run a command (sway: swaymsg workspace prev)"
            case "up", "down", "left", "right":
                "bind your desktop's shortcut as keys (GNOME \"ctrl+alt+\(way)\", KDE Plasma \"ctrl+super+\(way)\")"
            default:
                "bind your desktop's shortcuts as keys for \(way) (GNOME \"super+pagedown\" and \"super+pageup\", KDE Plasma \"ctrl+super+right\" and \"ctrl+super+left\") or run a command (X11: wmctrl -s NUMBER)"
            }
        case .moveWindow(let next):
            next
                ? "bind your desktop's shortcut as keys (GNOME \"super+shift+pagedown\", KDE Plasma \"ctrl+super+shift+right\") or run a command (sway: swaymsg move container to workspace next)"
                : "bind your desktop's shortcut as keys (GNOME \"super+shift+pageup\", KDE Plasma \"ctrl+super+shift+left\") or run a command (sway: swaymsg move container to workspace prev)"
        }
    }
}
