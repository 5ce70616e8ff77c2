import CMtdev
import CaptureFormats
import GestureEngine
import Glibc
import InputCore

/// Multitouch protocol A (contacts without slots, each ended by SYN_MT_REPORT) made into protocol B with
/// mtdev, event by event, so that the frame builder reads such devices and recordings like any other: live
/// devices, `gestured replay` and `gestured run --replay` alike. mtdev matches contacts from frame to frame and
/// gives them slots and tracking ids.
public final class ProtocolAConverter {
    /// mtdev's own limit on contacts at once (DIM_FINGER in its sources).
    public static let slots: Int32 = 32

    /// The description the converted events match: the device's, with slots and tracking ids.
    public let description: DeviceDescription
    private let mtdev: UnsafeMutablePointer<mtdev>
    private var scratch = input_event()

    /// nil when the device is not protocol A (it has slots already, or no multitouch positions).
    public init?(description original: DeviceDescription) {
        guard original.isMultitouch, !original.hasSlots, let dev = mtdev_new() else { return nil }
        guard mtdev_init(dev) == 0 else {
            mtdev_close_delete(dev)
            return nil
        }
        mtdev = dev
        // mtdev converts the codes it is told the device has, with their ranges (it matches contacts by distance).
        for (code, info) in original.axes where code >= AbsCode.mtTouchMajor && code <= AbsCode.mtDistance {
            mtdev_set_mt_event(dev, Int32(code), 1)
            mtdev_set_abs_minimum(dev, Int32(code), info.minimum)
            mtdev_set_abs_maximum(dev, Int32(code), info.maximum)
            mtdev_set_abs_fuzz(dev, Int32(code), info.fuzz)
            mtdev_set_abs_resolution(dev, Int32(code), info.resolution)
        }
        var slotted = original
        slotted.axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Self.slots - 1)
        if slotted.axes[AbsCode.mtTrackingID] == nil { slotted.axes[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535) }
        description = slotted
    }

    deinit {
        // mtdev_init allocated its state; mtdev_delete alone frees only the struct (LeakSanitizer found it).
        mtdev_close_delete(mtdev)
    }

    /// Feeds one event; the converted events of a frame come out at its SYN_REPORT, in order, with its time.
    public func convert(_ event: InputEvent, _ body: (InputEvent) -> Void) {
        scratch.type = event.type
        scratch.code = event.code
        scratch.value = event.value
        let ns = event.time.nanoseconds
        scratch.time.tv_sec = Int(ns / 1_000_000_000)
        scratch.time.tv_usec = Int((ns % 1_000_000_000) / 1000)
        mtdev_put_event(mtdev, &scratch)
        while mtdev_empty(mtdev) == 0 {
            mtdev_get_event(mtdev, &scratch)
            // mtdev stamps what it makes with the time of the SYN_REPORT that released it.
            body(InputEvent(time: event.time, type: scratch.type, code: scratch.code, value: scratch.value))
        }
    }
}

extension Recording {
    /// The recording as protocol B when it is protocol A (through mtdev); as it is otherwise.
    public func slotted() -> Recording {
        guard let description, let converter = ProtocolAConverter(description: description) else { return self }
        var events: [InputEvent] = []
        events.reserveCapacity(self.events.count)
        for event in self.events { converter.convert(event) { events.append($0) } }
        return Recording(description: converter.description, events: events)
    }
}
