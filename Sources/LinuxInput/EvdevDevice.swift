import CGesturedInput
import CLibevdev
import GestureEngine
import Glibc
import InputCore
import SystemCalls
import SystemPackage

/// An open event device read through libevdev. Owns its file descriptor: closing, ungrabbing and freeing
/// happen on deinit.
public final class EvdevDevice {
    public let path: String
    public let fd: FileDescriptor
    public let description: DeviceDescription
    private let handle: OpaquePointer
    private var grabbed = false
    /// Where libevdev puts each event (unchecked, as TouchDevice's builder: one access an event).
    @exclusivity(unchecked) private var event = input_event()
    /// SYN_DROPPEDs read so far: each is a time the kernel's buffer for this reader overflowed. Unchecked as
    /// `event`: the hub reads it twice a turn.
    @exclusivity(unchecked) public private(set) var drops = 0

    /// Opens `path` non-blocking.
    public init(path: String) throws(SystemCallError) {
        self.path = path
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw SystemCallError("open", on: path, error as? Errno ?? .ioError)
        }
        var device: OpaquePointer?
        do {
            _ = try negativeErrnoCall("libevdev_new_from_fd", on: path) { libevdev_new_from_fd(fd.rawValue, &device) }
        } catch {
            fd.closeReleasing()
            throw error
        }
        self.fd = fd
        // libevdev_new_from_fd sets it whenever it returns 0.
        handle = device!
        // Event times on the monotonic clock, as libinput does: wall-clock jumps must not bend gestures.
        libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        description = Self.describe(handle)
    }

    deinit {
        if grabbed { libevdev_grab(handle, LIBEVDEV_UNGRAB) }
        libevdev_free(handle)
        fd.closeReleasing()
    }

    /// The event node of the device called exactly `name`, or nil: any input device, twins and keyboards
    /// included (the hub opens touch devices only, and never a twin), found by opening each node.
    public static func node(named name: String) -> String? {
        guard let folder = opendir("/dev/input") else { return nil }
        defer { closedir(folder) }
        var nodes: [String] = []
        while let entry = readdir(folder) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if file.hasPrefix("event") { nodes.append("/dev/input/" + file) }
        }
        return nodes.sorted().first { (try? EvdevDevice(path: $0))?.description.name == name }
    }

    /// Takes the device for this process alone (EVIOCGRAB), so that nothing else sees its events.
    public func grab() throws(SystemCallError) {
        _ = try negativeErrnoCall("libevdev_grab", on: path) { libevdev_grab(handle, LIBEVDEV_GRAB) }
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
    ///
    /// The descriptor is non-blocking, but libevdev is told it blocks (LIBEVDEV_READ_FLAG_BLOCKING): then it
    /// reads the kernel only when its queue is empty, one read(2) bringing the whole frame, instead of one
    /// read(2) before every event it hands out (a frame of five events cost six reads, now two). Nothing is
    /// read later for it: this loop always empties the queue, and the last read meets EAGAIN, as before.
    public func readPending(_ body: (InputEvent) -> Void) throws(SystemCallError) -> ReadOutcome {
        while true {
            var rc = libevdev_next_event(handle, Self.readFlags, &event)
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
                throw SystemCallError("libevdev_next_event", on: path, Errno(rawValue: -rc))
            }
        }
    }

    private static let readFlags = LIBEVDEV_READ_FLAG_NORMAL.rawValue | LIBEVDEV_READ_FLAG_BLOCKING.rawValue

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
