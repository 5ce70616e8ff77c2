import GestureEngine
import GestureSamples

/// The recognizers a configuration, a client or a trace can ask for: the seven built-ins, drawn shapes and the
/// custom samples. The one list: a new kind is added here, with its parameters in RecognizerParameter.
public enum RecognizerKind: String, CaseIterable, Sendable {
    case tap, longPress = "long-press", pan, swipe, pinch, rotation, edgePan = "edge-pan", shape, checkmark, tickle

    public func make(name: String) -> GestureRecognizer {
        switch self {
        case .tap: TapGestureRecognizer(name: name)
        case .longPress: LongPressGestureRecognizer(name: name)
        case .pan: PanGestureRecognizer(name: name)
        case .swipe: SwipeGestureRecognizer(name: name)
        case .pinch: PinchGestureRecognizer(name: name)
        case .rotation: RotationGestureRecognizer(name: name)
        case .edgePan: ScreenEdgePanGestureRecognizer(name: name)
        case .shape: ShapeGestureRecognizer(name: name)
        case .checkmark: CheckmarkGestureRecognizer(name: name)
        case .tickle: TickleGestureRecognizer(name: name)
        }
    }

    /// The kind's own parameters, in the order the reference lists them.
    public var parameters: [RecognizerParameter] {
        switch self {
        case .tap: RecognizerParameter.tap
        case .longPress: RecognizerParameter.longPress
        case .pan: RecognizerParameter.pan
        case .swipe: RecognizerParameter.swipe
        case .pinch: RecognizerParameter.pinch
        case .rotation: RecognizerParameter.rotation
        case .edgePan: RecognizerParameter.pan + RecognizerParameter.edgePan
        case .shape: RecognizerParameter.shape
        case .checkmark: RecognizerParameter.checkmark
        case .tickle: RecognizerParameter.tickle
        }
    }
}
