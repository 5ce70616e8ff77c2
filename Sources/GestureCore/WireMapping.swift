import GestureEngine
import GestureProtocol

// The engine's values as the wire has them: where the daemon's types meet the protocol's (GestureProtocol knows
// nothing of the engine).

extension RecognizerState {
    init(_ state: GestureState) {
        switch state {
        case .possible: self = .possible
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}

extension TouchEvent.Phase {
    init(_ phase: TouchPhase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .stationary: self = .stationary
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}

extension TouchEvent.TouchType {
    init(_ type: TouchType) {
        switch type {
        case .direct: self = .direct
        case .indirect: self = .indirect
        case .stylus: self = .stylus
        }
    }
}

extension Pair {
    init(_ p: Point) { self.init(p.x, p.y) }
}

extension Extent {
    init(_ s: Size) { self.init(s.width, s.height) }
}

extension GestureValues {
    /// What a recognizer's action reports, by its kind. From the action, borrowed: its values taken out of it
    /// (`action.detail` as an argument) were a copy of the engine's enum, 60 instructions a line.
    init(of action: borrowing GestureAction) {
        switch action.detail {
        case .none: self = .none
        case .tap(let taps): self = .tap(taps: taps)
        case .pan(let translation, let velocity): self = .pan(translation: Pair(translation), velocity: Pair(velocity))
        case .swipe(let direction): self = .swipe(direction: direction.description)
        case .pinch(let scale, let velocity): self = .pinch(scale: scale, velocity: velocity)
        case .rotation(let rotation, let velocity): self = .rotation(radians: rotation, velocity: velocity)
        case .edgePan(let edge, let translation, let velocity):
            self = .edgePan(edge: edge.description, translation: Pair(translation), velocity: Pair(velocity))
        case .shape(let name, let score): self = .shape(name: name, score: score)
        case .custom(let values): self = .custom(values)
        }
    }
}

extension DaemonTime {
    init(_ time: Timestamp) { self.init(microseconds: time.nanoseconds / 1000) }
}
