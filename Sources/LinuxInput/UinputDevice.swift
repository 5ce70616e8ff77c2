import CLibevdev
import GestureEngine
import Glibc
import InputCore
import SystemCalls

/// A virtual kernel input device made through uinput from a device description: a grabbed device's twin, and
/// what tests use to have real kernel touch devices. Owns it: destroyed (unplugged) on deinit or `unplug()`.
public final class UinputDevice {
    private var handle: OpaquePointer?
    private let template: OpaquePointer
    /// The event node the kernel made, /dev/input/eventN.
    public let node: String
    public let name: String

    public init(_ description: DeviceDescription) throws(SystemCallError) {
        name = description.name
        let device = try pointerCall("libevdev_new", on: description.name) { libevdev_new() }
        template = device
        libevdev_set_name(device, description.name)
        libevdev_set_id_bustype(device, Int32(description.bus == 0 ? 0x06 : description.bus))  // BUS_VIRTUAL
        libevdev_set_id_vendor(device, Int32(description.vendor))
        libevdev_set_id_product(device, Int32(description.product))
        libevdev_set_id_version(device, Int32(description.version))
        for property in description.properties { libevdev_enable_property(device, UInt32(property)) }
        for (type, codes) in description.codes {
            for code in codes { libevdev_enable_event_code(device, UInt32(type), UInt32(code), nil) }
        }
        for (code, axis) in description.axes {
            var info = input_absinfo(
                value: axis.value, minimum: axis.minimum, maximum: axis.maximum, fuzz: axis.fuzz, flat: axis.flat,
                resolution: axis.resolution)
            libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(code), &info)
        }
        libevdev_enable_event_code(device, UInt32(EV_SYN), UInt32(SYN_REPORT), nil)
        var uinput: OpaquePointer?
        do {
            _ = try negativeErrnoCall("libevdev_uinput_create_from_device", on: description.name) {
                libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
            }
        } catch {
            libevdev_free(device)
            throw error
        }
        // Both are set whenever libevdev_uinput_create_from_device returns 0 (the kernel made the node).
        handle = uinput!
        node = String(cString: libevdev_uinput_get_devnode(uinput)!)
    }

    deinit {
        unplug()
        libevdev_free(template)
    }

    /// Sends events as the device, all in one write(2): a frame costs one system call however many events it
    /// has (a twin's forwarded frames are on the input path). The kernel stamps them with its own time.
    public func write(_ events: [InputEvent]) throws(SystemCallError) {
        guard let handle else { throw SystemCallError("write", on: name, .operationNotSupportedByDevice) }
        let fd = libevdev_uinput_get_fd(handle)
        buffer.removeAll(keepingCapacity: true)
        for event in events {
            buffer.append(input_event(time: timeval(), type: event.type, code: event.code, value: event.value))
        }
        let bytes = buffer.count * MemoryLayout<input_event>.stride
        let written = try systemCall("write", on: name) { buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, bytes) } }
        // uinput takes whole events or fails; a short write would be a kernel that no longer does.
        guard written == bytes else { throw SystemCallError("write", on: name, .ioError) }
    }

    private var buffer: [input_event] = []

    /// Removes the device from the system, as pulling its cable does.
    public func unplug() {
        guard let handle else { return }
        libevdev_uinput_destroy(handle)
        self.handle = nil
    }
}
