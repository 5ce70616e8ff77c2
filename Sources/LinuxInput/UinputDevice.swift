import CLibevdev
import GestureEngine
import Glibc
import InputCore

/// A virtual kernel input device made through uinput from a device description: what tests use to have
/// real kernel touch devices. Owns it: destroyed (unplugged) on deinit or `unplug()`.
public final class UinputDevice {
    private var handle: OpaquePointer?
    private let template: OpaquePointer
    /// The event node the kernel made, /dev/input/eventN.
    public let node: String
    public let name: String

    public init(_ description: DeviceDescription) throws(DeviceError) {
        name = description.name
        guard let device = libevdev_new() else { throw DeviceError(call: "libevdev_new", device: description.name, code: ENOMEM) }
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
        let rc = libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard rc == 0, let uinput else {
            libevdev_free(device)
            throw DeviceError(call: "libevdev_uinput_create_from_device", device: description.name, code: -rc)
        }
        guard let cNode = libevdev_uinput_get_devnode(uinput) else {
            libevdev_uinput_destroy(uinput)
            libevdev_free(device)
            throw DeviceError(call: "libevdev_uinput_get_devnode", device: description.name, code: ENODEV)
        }
        handle = uinput
        node = String(cString: cNode)
    }

    deinit {
        unplug()
        libevdev_free(template)
    }

    /// Sends events as the device; the kernel stamps them with its own time.
    public func write(_ events: [InputEvent]) throws(DeviceError) {
        guard let handle else { throw DeviceError(call: "libevdev_uinput_write_event", device: name, code: ENODEV) }
        for event in events {
            let rc = libevdev_uinput_write_event(handle, UInt32(event.type), UInt32(event.code), event.value)
            guard rc == 0 else { throw DeviceError(call: "libevdev_uinput_write_event", device: name, code: -rc) }
        }
    }

    /// Removes the device from the system, as pulling its cable does.
    public func unplug() {
        guard let handle else { return }
        libevdev_uinput_destroy(handle)
        self.handle = nil
    }
}
