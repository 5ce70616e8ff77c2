/// What a pinch or rotation does each way, as the tools bind the two ways apart (pinch in and pinch out):
/// gestured's actions on a pinch or rotation act on both ways, so the two become one action.
struct TwoWayEffects {
    var kind: TwoWayKind
    /// Pinching out, turning clockwise: the gesture's value growing.
    var forward: Effect?
    /// Pinching in, turning counterclockwise.
    var backward: Effect?

    /// One action that steps every `step` of the value as the fingers go on, forward steps doing `forward` and
    /// backward ones `backward`; nil without `forward` (an action needs keys or a command for forward steps).
    func steps(every step: Double, gesture: String) -> ImportedAction? {
        guard let forward else { return nil }
        return ImportedAction(gesture: gesture, forward, repeatEvery: step, back: backward)
    }

    /// One action when the gesture ends, doing what the way it went does: the same effect both ways, or a shell
    /// `case` on the direction of the ended event when each way has a command; nil otherwise (keys cannot be
    /// chosen by the direction yet).
    func atEnd(gesture: String) -> ImportedAction? {
        if let forward, forward == backward { return ImportedAction(gesture: gesture, forward) }
        let forwardCommand = forward?.shellCommand, backwardCommand = backward?.shellCommand
        guard (forward == nil || forwardCommand != nil) && (backward == nil || backwardCommand != nil) else { return nil }
        // A scale below 1 prints as 0.something, a rotation counterclockwise with a minus. Each command on lines of
        // its own, so that a '#' in one comments out nothing of the case.
        let backwardPattern =
            switch kind {
            case .pinch: "0.*"
            case .rotation: "-*"
            }
        let command = """
            case \(kind.variable) in
            \(backwardPattern))
            \(backwardCommand ?? ":")
            ;;
            *)
            \(forwardCommand ?? ":")
            ;;
            esac
            """
        return ImportedAction(gesture: gesture, .command(command))
    }
}
