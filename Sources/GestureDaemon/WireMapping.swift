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
    /// What a recognizer's action reports, by its kind.
    init(_ detail: GestureDetail) {
        switch detail {
        case .none: self.init()
        case .tap(let taps): self.init(taps: taps)
        case .pan(let translation, let velocity): self.init(translation: Pair(translation), velocity: Pair(velocity))
        case .swipe(let direction): self.init(direction: direction.description)
        case .pinch(let scale, let velocity): self.init(scale: scale, scaleVelocity: velocity)
        case .rotation(let rotation, let velocity): self.init(rotation: rotation, rotationVelocity: velocity)
        case .edgePan(let edge, let translation, let velocity):
            self.init(edge: edge.description, translation: Pair(translation), velocity: Pair(velocity))
        case .custom(let values): self.init(custom: values)
        }
    }
}

extension DaemonTime {
    init(_ time: Timestamp) { self.init(microseconds: time.nanoseconds / 1000) }
}
