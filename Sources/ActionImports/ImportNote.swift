/// What an imported file's comments say where something of the original has no equivalent, or only an
/// approximate one: every such text is here, in one place.
enum ImportNote {
    /// Touchégg's animations, their colours and delay.
    case animation
    /// A window manager's action that no desktop preset does (a workspace above or below, ...).
    case windowAction(WindowAction)
    /// A window manager's action that only some desktops' presets do: the action is for those.
    case shortcutOnSome(WindowAction)
    /// A window's state set or unset (fusuma's `maximized: add`), where the desktops' shortcuts toggle it.
    case shortcutToggles
    /// Touchégg's CHANGE_DESKTOP `auto`: the way chosen by the swipe's direction and natural scrolling.
    case naturalScrolling
    /// A mouse button, as X numbers them, that gestured's mouse does not have.
    case mouseButton(Int)
    /// A mouse button held while a pinch goes on in its direction, here while it goes on any way (`what`).
    case heldAnyWay(String)
    /// Steps back without steps forward, which an action cannot have.
    case backOnly
    /// Both ways of a gesture as shortcuts, which no desktop has both of by default.
    case noDesktopForBoth
    /// Application names an actions file's `application` cannot take.
    case applicationNames
    /// Touchégg's repeating swipes: steps of a pan along either axis, every so many millimetres.
    case panSteps(every: String)
    /// fusuma's `update:` events, paced by its interval while the fingers move: steps by time.
    case stepsByTime(every: String, back: String?)
    /// fusuma's begin and end below a swipe's direction: a pan's began and ended have none.
    case panDirection
    /// The pointer following the fingers at gestured's speed, not at fusuma's movement.
    case pointerSpeed
    /// A swipe's update: without a direction where each of the four ways has its own.
    case everyWayHasItsOwn
    /// A fusuma context other than an application's (thumbsense, ...).
    case otherContext(String)
    /// fusuma's `interval` on a one-shot action: a pause before it acts again while the fingers go on.
    case timeInterval
    /// Acting only while keys are held on the keyboard (fusuma's `keypress`).
    case keyCondition
    /// Releasing the keyboard's held modifiers before typing (fusuma's `clearmodifiers`).
    case clearModifiers
    /// A pinch or rotation with other than two fingers.
    case fingers(TwoWayKind, Int)
    /// A pinch or rotation with any number of fingers, imported for two.
    case anyFingers(TwoWayKind)
    /// fusuma 0.x's `shortcut:`, typed as its `xdotool key`; fusuma 1.0 and later have none.
    case fusumaShortcut
    /// A swipe along a diagonal.
    case diagonalSwipe
    /// Keys for one way of a pinch or rotation only, or different keys for each way at its end.
    case oneWay(TwoWayKind)
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
    /// A string longer than an actions file takes (a command of more than 4096 bytes).
    case tooLong(String, bytes: Int)
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
            "no desktop preset does this (docs/actions.md, Desktop presets): \(action.advice)"
        case .shortcutOnSome(let action):
            "only \(WindowAction.named(action.desktops)) \(action.desktops.count == 1 ? "has" : "have") a default shortcut for \(action.shortcut ?? "it"), so the action is for "
                + "\(action.desktops.count == 1 ? "that desktop" : "those"); on \(WindowAction.named(action.missing)), \(action.advice)"
        case .shortcutToggles:
            "the desktops' shortcuts toggle it, where this only set (or only unset) it"
        case .naturalScrolling:
            "Touchégg chose the next or previous workspace by the swipe's direction and natural scrolling: here as with natural "
                + "scrolling on (GNOME's default on touchpads), left and up for the next; swap workspace-next and workspace-previous if yours is off"
        case .mouseButton(let button):
            "gestured's mouse has no button \(button) as X numbers them (it has mouse_left, mouse_middle, mouse_right, mouse_back and mouse_forward: 1, 2, 3, 8 and 9, and the wheel's steps: 4 to 7)"
        case .heldAnyWay(let what):
            "Touchégg held the button while the gesture went on in its direction: here while \(what) goes on, whichever way"
        case .backOnly:
            "it acts only as the fingers come back, and an action's steps back need steps forward: give the other way keys or a command too"
        case .noDesktopForBoth:
            "no desktop has default shortcuts for both ways: write the keys of your desktop's for them"
        case .applicationNames:
            "an actions file's application takes 1 to 256 names, each of 1 to 256 bytes"
        case .panSteps(let every):
            "Touchégg stepped every part of the swipe's length (which it measures by the device): here every \(every) along the way the "
                + "fingers began"
        case .stepsByTime(let every, let back):
            "fusuma acted as the fingers moved, at most every \(every)\(back.map { " (back every \($0))" } ?? ""): here every \(every) "
                + "while they stay down, moving or not\(back == nil ? "" : ", both ways: an action has one pace")"
        case .panDirection:
            "a pan's start and end cannot be limited to the direction it goes (begin: and end: below the fingers act whichever way)"
        case .pointerSpeed:
            "the pointer follows the fingers at pointer_speed (5 counts a millimetre unless given), not at fusuma's movement"
        case .everyWayHasItsOwn:
            "each of the four ways of these fingers has an update: of its own, which fusuma runs instead of this one"
        case .otherContext(let context):
            "fusuma's contexts are not yet supported by gesturectl actions (\(context))"
        case .timeInterval:
            "its interval only paced fusuma acting again while the fingers went on: here it acts once a gesture, or in steps of distance, with no pause of its own"
        case .keyCondition:
            "actions that depend on keys held on the keyboard are not yet supported by gesturectl actions"
        case .clearModifiers:
            "releasing the keyboard's held modifiers first is not yet supported by gesturectl actions"
        case .fingers(let kind, let count):
            "the engine's \(kind.name) takes two fingers, not \(count)"
        case .anyFingers(let kind):
            "it acted with any number of fingers: the engine's \(kind.name) takes two"
        case .fusumaShortcut:
            "fusuma 0.x typed shortcut: with xdotool key, as this does; fusuma 1.0 and later have no shortcut: and do nothing with it"
        case .diagonalSwipe:
            "gestured's swipes go four ways, not diagonally (a pan's action at ended can read $GESTURE_TRANSLATION_MM_X and _Y)"
        case .oneWay(let kind):
            "a \(kind.name) action cannot yet be limited to \(kind.ways) with keys (a command can: it reads \(kind.variable))"
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
        case .tooLong(let what, let bytes):
            "its \(what) of \(bytes) bytes is longer than an actions file takes (4096): put it in a script, and run that"
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
