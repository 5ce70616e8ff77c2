import CGesturedInput
import CLibevdev
import GestureEngine
import Glibc
import InputCore

/// An open event device read through libevdev. Owns its file descriptor: closing, ungrabbing and freeing
/// happen on deinit.
public final class EvdevDevice {
    public let path: String
    public let fd: Int32
    public let description: DeviceDescription
    private let handle: OpaquePointer
    private var grabbed = false
    private var event = input_event()
    /// SYN_DROPPEDs read so far: each is a time the kernel's buffer for this reader overflowed.
    public private(set) var drops = 0

    /// Opens `path` non-blocking.
    public init(path: String) throws(DeviceError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DeviceError(call: "open", device: path, code: errno) }
        var device: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &device)
        guard rc == 0, let device else {
            close(fd)
            throw DeviceError(call: "libevdev_new_from_fd", device: path, code: -rc)
        }
        self.fd = fd
        handle = device
        // Event times on the monotonic clock, as libinput does: wall-clock jumps must not bend gestures.
        libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        description = Self.describe(device)
    }

    deinit {
        if grabbed { libevdev_grab(handle, LIBEVDEV_UNGRAB) }
        libevdev_free(handle)
        close(fd)
    }

    /// Takes the device for this process alone (EVIOCGRAB), so that nothing else sees its events.
    public func grab() throws(DeviceError) {
        let rc = libevdev_grab(handle, LIBEVDEV_GRAB)
        guard rc == 0 else { throw DeviceError(call: "libevdev_grab", device: path, code: -rc) }
        grabbed = true
    }

    public func ungrab() {
        guard grabbed else { return }
        libevdev_grab(handle, LIBEVDEV_UNGRAB)
        grabbed = false
    }

    /// What reading found.
    public enum ReadOutcome: Equatable {
        /// Every pending event was read.
        case drained
        /// The device is gone (ENODEV): unplugged.
        case gone
    }

    /// Reads every pending event without blocking. After SYN_DROPPED, libevdev's sync mode replays the
    /// difference between the state the events told and the device's real state, ending in a SYN_REPORT,
    /// so a frame builder fed these events is reconciled: touches that lifted meanwhile end, none is stuck.
    public func readPending(_ body: (InputEvent) -> Void) throws(DeviceError) -> ReadOutcome {
        while true {
            var rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &event)
            if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // `event` is the SYN_DROPPED itself: not passed on, the sync events stand for what was lost.
                drops += 1
                repeat {
                    rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &event)
                    if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { body(Self.convert(&event)) }
                } while rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
                if rc == -EAGAIN { continue }
            }
            switch rc {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                body(Self.convert(&event))
            case -EAGAIN:
                return .drained
            case -ENODEV:
                return .gone
            default:
                throw DeviceError(call: "libevdev_next_event", device: path, code: -rc)
            }
        }
    }

    private static func convert(_ event: inout input_event) -> InputEvent {
        InputEvent(
            seconds: gestured_input_event_sec(&event), microseconds: gestured_input_event_usec(&event),
            type: event.type, code: event.code, value: event.value)
    }

    private static func describe(_ device: OpaquePointer) -> DeviceDescription {
        var properties: Set<UInt16> = []
        for property in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(device, property) == 1 {
            properties.insert(UInt16(property))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        var axes: [UInt16: AbsInfo] = [:]
        for type in 1...UInt32(EV_MAX) where libevdev_has_event_type(device, type) == 1 {
            let highest = libevdev_event_type_get_max(type)
            guard highest > 0 else { continue }
            for code in 0...UInt32(highest) where libevdev_has_event_code(device, type, code) == 1 {
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(device, code)?.pointee {
                    axes[UInt16(code)] = AbsInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
                        resolution: info.resolution)
                } else {
                    codes[UInt16(type), default: []].insert(UInt16(code))
                }
            }
        }
        return DeviceDescription(
            name: String(cString: libevdev_get_name(device)), bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)),
            properties: properties, codes: codes, axes: axes)
    }
}
