import GestureEngine
import InputCore
import TwinEncoding

/// A grabbed device's touches on their way to its twin: the deliveries of one loop turn turned back into the
/// device's units and encoded as its frames.
final class PassThrough {
    private var encoder: TwinEncoder

    init(description: DeviceDescription) {
        encoder = TwinEncoder(description: description)
    }

    func deliver(_ delivery: TouchDelivery, as contact: TwinEncoder.Contact) {
        switch delivery.phase {
        case .began: encoder.began(delivery.touch.id, contact, at: delivery.time)
        case .moved, .stationary: encoder.moved(delivery.touch.id, contact, at: delivery.time)
        case .ended, .cancelled: encoder.ended(delivery.touch.id, at: delivery.time)
        }
    }

    func buttons(_ bits: UInt8, at time: Timestamp) { encoder.buttons(bits, at: time) }

    /// What the turn changed, as one frame of the twin's events; nil when nothing did.
    func frame(at time: Timestamp) -> [InputEvent]? {
        var events: [InputEvent] = []
        encoder.frame(at: time, into: &events)
        return events.isEmpty ? nil : events
    }
}
