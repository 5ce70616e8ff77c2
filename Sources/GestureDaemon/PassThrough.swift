import GestureEngine
import InputCore
import TwinEncoding

/// Where a grabbed device's passed-through touches are written: its twin on uinput (the input loop makes it
/// with LinuxInput), or a test's list.
public protocol TwinOutput: AnyObject {
    /// The twin's device node, for the log.
    var node: String { get }
    func write(_ events: [InputEvent]) throws
}

/// What grabbing takes from the input layer: the device for gestured alone, and a twin for the applications
/// (docs/passthrough.md). A replay has none.
public protocol DeviceGrabber: AnyObject {
    /// Grabs the device at `node` and makes its twin from `description`; throws, saying why, when either fails
    /// (another process holds the device, say), leaving the device as it was.
    func grab(node: String, description: DeviceDescription) throws -> TwinOutput
    /// Lets the device go and removes its twin.
    func release(node: String)
}

/// A grabbed device's touches on their way to its twin: the deliveries of one loop turn turned back into the
/// device's units and encoded as its frames.
final class PassThrough {
    let output: TwinOutput
    private var encoder: TwinEncoder
    private var events: [InputEvent] = []
    /// Write failures since the last logged one (a twin that cannot be written to is logged once a burst).
    var failures = 0

    init(output: TwinOutput, description: DeviceDescription) {
        self.output = output
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

    /// Writes what the turn changed as one frame; throws what the twin's write threw.
    func flush(at time: Timestamp) throws {
        events.removeAll(keepingCapacity: true)
        encoder.frame(at: time, into: &events)
        guard !events.isEmpty else { return }
        try output.write(events)
    }
}
