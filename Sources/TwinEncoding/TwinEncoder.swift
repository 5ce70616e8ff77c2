import GestureEngine
import InputCore

/// The touches applications should see, written as the events of a multitouch device like the one they came
/// from: what gestured writes to a grabbed device's twin (docs/passthrough.md). Each forwarded touch gets a
/// slot and a tracking id of the twin's own; a frame's changes become one evdev frame with the slot protocol
/// (ABS_MT_SLOT, ABS_MT_TRACKING_ID, positions, pressure, size), BTN_TOUCH, the BTN_TOOL_* finger count, the
/// single-touch axes, the physical buttons and SYN_REPORT, each only where the device has the code and only when its value changes,
/// as the kernel itself would pass them on.
public struct TwinEncoder {
    /// A touch as the device reported it, in its own units.
    public struct Contact: Hashable, Sendable {
        public var x: Int32
        public var y: Int32
        public var pressure: Int32?
        public var major: Int32?

        public init(x: Int32, y: Int32, pressure: Int32? = nil, major: Int32? = nil) {
            self.x = x
            self.y = y
            self.pressure = pressure
            self.major = major
        }
    }

    private struct Slot {
        var touch: TouchID
        var contact: Contact
        /// Its tracking id on the twin.
        var trackingID: Int32
        /// The order in which the slot's touch began: the single-touch axes follow the oldest (as the kernel's
        /// pointer emulation does).
        var order: Int
    }

    private let description: DeviceDescription
    private var slots: [Slot?]
    private var slotOf: [TouchID: Int] = [:]
    /// The slot the last ABS_MT_SLOT selected, as the reader's state knows it.
    private var currentSlot: Int32 = 0
    private var nextTrackingID: Int32 = 0
    private var nextOrder = 0
    /// What was last written of the device-wide state: BTN_TOUCH, the finger count, the single-touch axes.
    private var touching = false
    private var buttonsDown: UInt8 = 0
    private var fingers = 0
    private var single: Contact?
    private var pending: [InputEvent] = []
    /// Touches the pending frame changes already.
    private var changed: Set<TouchID> = []
    /// Frames closed this turn, ready to be written.
    private var ready: [InputEvent] = []

    public init(description: DeviceDescription) {
        self.description = description
        slots = Array(repeating: nil, count: max(description.slotCount, 1))
    }

    /// Touches forwarded and still down.
    public var touchesDown: Int { slotOf.count }

    /// A touch begins on the twin. False when every slot is taken (the twin has as many as the device; a
    /// touch beyond them is not forwarded, as the device itself could not have reported it).
    @discardableResult
    public mutating func began(_ touch: TouchID, _ contact: Contact, at time: Timestamp) -> Bool {
        if slotOf[touch] != nil { return moved(touch, contact, at: time) }
        guard let free = slots.firstIndex(where: { $0 == nil }) else { return false }
        change(touch, at: time)
        let trackingID = nextTrackingID
        // Tracking ids wrap within ABS_MT_TRACKING_ID's range, as the kernel's own do (0 to 65535).
        nextTrackingID = (nextTrackingID + 1) & 0xffff
        slots[free] = Slot(touch: touch, contact: contact, trackingID: trackingID, order: nextOrder)
        nextOrder += 1
        slotOf[touch] = free
        select(free, at: time)
        emit(AbsCode.mtTrackingID, trackingID, at: time)
        write(contact, old: nil, at: time)
        return true
    }

    /// A forwarded touch moves; nothing is written where nothing changed. False for a touch not forwarded.
    @discardableResult
    public mutating func moved(_ touch: TouchID, _ contact: Contact, at time: Timestamp) -> Bool {
        guard let index = slotOf[touch], let slot = slots[index] else { return false }
        guard slot.contact != contact else { return true }
        change(touch, at: time)
        select(index, at: time)
        write(contact, old: slot.contact, at: time)
        slots[index]?.contact = contact
        return true
    }

    /// A forwarded touch lifts (evdev has no cancel: a cancelled touch lifts too). False for one not forwarded.
    @discardableResult
    public mutating func ended(_ touch: TouchID, at time: Timestamp) -> Bool {
        guard let index = slotOf[touch] else { return false }
        change(touch, at: time)
        slotOf[touch] = nil
        select(index, at: time)
        emit(AbsCode.mtTrackingID, -1, at: time)
        slots[index] = nil
        return true
    }

    /// The physical buttons as the device reports them (bit 0 BTN_LEFT, 1 BTN_RIGHT, 2 BTN_MIDDLE): a
    /// clickpad's click reaches the twin with the frame it came in.
    public mutating func buttons(_ bits: UInt8, at time: Timestamp) {
        guard bits != buttonsDown else { return }
        for i in 0..<3 where (bits ^ buttonsDown) & (1 << i) != 0 {
            emitKey(KeyCode.buttonLeft + UInt16(i), bits & (1 << i) != 0, at: time)
        }
        buttonsDown = bits
    }

    /// Every forwarded touch lifts (the device went, or forwarding stops).
    public mutating func endAll(at time: Timestamp) {
        for touch in slotOf.keys.sorted() { ended(touch, at: time) }
    }

    /// The events of the changes since the last call, as frames each ending in SYN_REPORT; nothing when nothing
    /// changed.
    public mutating func frame(at time: Timestamp, into events: inout [InputEvent]) {
        closeFrame(at: time)
        events.append(contentsOf: ready)
        ready.removeAll(keepingCapacity: true)
    }

    /// A touch changes again within one turn (held deliveries replayed at once: a began and its end, or several
    /// moves): the frame so far is closed first, so that each change is a frame of its own. A reader of evdev
    /// keeps only a slot's state at SYN_REPORT, and a touch that began and ended in one frame would be lost.
    private mutating func change(_ touch: TouchID, at time: Timestamp) {
        if !changed.insert(touch).inserted {
            closeFrame(at: time)
            changed.insert(touch)
        }
    }

    private mutating func closeFrame(at time: Timestamp) {
        writeDeviceState(at: time)
        changed.removeAll(keepingCapacity: true)
        guard !pending.isEmpty else { return }
        ready.append(contentsOf: pending)
        ready.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func select(_ index: Int, at time: Timestamp) {
        guard description.hasSlots, currentSlot != Int32(index) else { return }
        currentSlot = Int32(index)
        emit(AbsCode.mtSlot, Int32(index), at: time)
    }

    private mutating func write(_ contact: Contact, old: Contact?, at time: Timestamp) {
        if contact.x != old?.x { emit(AbsCode.mtPositionX, contact.x, at: time) }
        if contact.y != old?.y { emit(AbsCode.mtPositionY, contact.y, at: time) }
        if let pressure = contact.pressure, pressure != old?.pressure { emit(AbsCode.mtPressure, pressure, at: time) }
        if let major = contact.major, major != old?.major { emit(AbsCode.mtTouchMajor, major, at: time) }
    }

    /// BTN_TOUCH, the BTN_TOOL_* that says how many fingers are down, and the single-touch axes following the
    /// oldest touch.
    private mutating func writeDeviceState(at time: Timestamp) {
        let count = slotOf.count
        if (count > 0) != touching {
            touching = count > 0
            emitKey(KeyCode.touch, touching, at: time)
        }
        if count != fingers {
            let old = Self.toolCode(for: fingers, on: description), new = Self.toolCode(for: count, on: description)
            if old != new {
                if let old { emitKey(old, false, at: time) }
                if let new { emitKey(new, true, at: time) }
            }
            fingers = count
        }
        let oldest = slots.compactMap { $0 }.min { $0.order < $1.order }?.contact
        if let oldest, oldest != single {
            if oldest.x != single?.x, description.has(EventType.abs, AbsCode.x) { pending.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.x, value: oldest.x)) }
            if oldest.y != single?.y, description.has(EventType.abs, AbsCode.y) { pending.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.y, value: oldest.y)) }
            if let p = oldest.pressure, p != single?.pressure, description.has(EventType.abs, AbsCode.pressure) {
                pending.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.pressure, value: p))
            }
        }
        if oldest == nil, let last = single, last.pressure != nil, description.has(EventType.abs, AbsCode.pressure) {
            pending.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.pressure, value: 0))
        }
        single = oldest
    }

    /// The BTN_TOOL_* code for `count` fingers among those the device has; nil for none.
    static func toolCode(for count: Int, on description: DeviceDescription) -> UInt16? {
        guard count > 0 else { return nil }
        // The largest count the device announces that does not exceed `count` (a device with only
        // BTN_TOOL_FINGER reports any number of fingers with it).
        return KeyCode.fingerCounts.filter { $0.fingers <= count && description.has(EventType.key, $0.code) }.max { $0.fingers < $1.fingers }?.code
    }

    private mutating func emit(_ code: UInt16, _ value: Int32, at time: Timestamp) {
        guard description.has(EventType.abs, code) else { return }
        pending.append(InputEvent(time: time, type: EventType.abs, code: code, value: value))
    }

    private mutating func emitKey(_ code: UInt16, _ down: Bool, at time: Timestamp) {
        guard description.has(EventType.key, code) else { return }
        pending.append(InputEvent(time: time, type: EventType.key, code: code, value: down ? 1 : 0))
    }
}
