import GestureEngine

/// Turns a device's event stream into touch frames: one frame per SYN_REPORT, every touch with its phase,
/// locations in millimetres. Live devices and recordings go through the same builder.
///
/// Multitouch protocol B (slots) and single-touch devices are read directly. Protocol A (positions without
/// slots) needs mtdev first and is refused here.
///
/// Touchpads that announce more fingers with BTN_TOOL_DOUBLETAP ... QUINTTAP than they report positions
/// for (libinput counts fingers from BTN_TOOL_* too): the missing fingers appear as touches at the centroid
/// of the reported ones, moving with it, so a three-finger swipe or tap is seen with three touches. Two of
/// them are always real, so pinch and rotation use real positions.
///
/// Palms (ABS_MT_TOOL_TYPE = MT_TOOL_PALM) are never touches: one that turns into a palm is cancelled.
public struct FrameBuilder {
    /// The kernel's input-mt layer allows no more.
    public static let maximumSlots = 1024

    public let device: String
    public let geometry: SurfaceGeometry
    public let touchType: TouchType

    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var major: Int32?
        var pressure: Int32?
        var tool: Int32 = MTTool.finger
        /// The touch this slot is, once it began, and the tracking id it began with (a slot reused for a
        /// new contact without a lift in between changes the id).
        var touch: Touch?
        var touchTrackingID: Int32 = -1
    }

    private var slots: [Slot]
    /// The slots that may hold a contact or a touch, one bit each: every slot whose tracking id was set since it
    /// was last found empty. A frame looks at these alone; walking all of a many-slot device's (the 3M has 60,
    /// nearly all empty) cost 900 instructions a frame.
    private var inUse: [UInt64]
    private var currentSlot = 0
    private let singleTouch: Bool
    private let pressureAxis: AbsInfo?
    private var announcedFingers = 0
    /// Physical buttons held (BTN_LEFT, BTN_RIGHT, BTN_MIDDLE), one bit each.
    private var buttons: UInt8 = 0
    private var reportedButtons: UInt8 = 0
    private var fakes: [Touch] = []
    private var nextTouchID: TouchID
    private var dropping = false
    private var frame = TouchFrame(timestamp: .zero, touches: [])

    /// `firstTouchID` lets several devices share one engine-wide id space.
    public init(description: DeviceDescription, geometry: SurfaceGeometry, touchType: TouchType, firstTouchID: TouchID = 1)
        throws(InputError)
    {
        guard description.positionAxes != nil else {
            throw InputError(device: description.name, "has no absolute position axes: not a touch device")
        }
        guard description.slotCount <= Self.maximumSlots else {
            throw InputError(
                device: description.name,
                "declares \(description.slotCount) slots; at most \(Self.maximumSlots) are supported (the kernel's own limit)")
        }
        if description.isMultitouch, !description.hasSlots {
            throw InputError(
                device: description.name,
                "uses multitouch protocol A (positions without slots); it needs mtdev, which this reader does not apply")
        }
        device = description.name
        self.geometry = geometry
        self.touchType = touchType
        singleTouch = !description.isMultitouch
        slots = Array(repeating: Slot(), count: max(1, description.slotCount))
        inUse = Array(repeating: 0, count: (slots.count + 63) / 64)
        // A stream starts in whatever slot the device was in (evtest and libevdev report it), not slot 0.
        currentSlot = Int(description.axes[AbsCode.mtSlot]?.value ?? 0)
        pressureAxis = description.axes[AbsCode.mtPressure] ?? description.axes[AbsCode.pressure]
        nextTouchID = firstTouchID
        frame.touches.reserveCapacity(slots.count + 5)
    }

    /// Every frame of a whole event stream, in order, as `handle` makes them one event at a time; touches still
    /// down when it ends are cancelled at its last event's time. In this module, so that `handle` is inlined into the
    /// loop (called from a reader's module, it was not, nor the frames' appending: 230 instructions a frame).
    public mutating func frames(of events: [InputEvent]) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        assumeFirstReportedValues(of: events)
        for event in events {
            if let frame = handle(event) { frames.append(frame) }
        }
        if let last = events.last, let frame = cancelAll(at: last.time) { frames.append(frame) }
        return frames
    }

    /// A capture that starts mid-stream does not say what its slots held before it began (the kernel sends only
    /// changes): each slot takes the first value the capture reports for it, per axis, instead of 0, so a finger
    /// already down when the capture started does not begin at the surface's edge. Live devices need none of this:
    /// libevdev reads their state. A slot whose position is reported, in a report that gives it no tracking id,
    /// before any tracking id was down when the capture began (drivers report positions only of contacts): it is
    /// a contact from the first frame.
    public mutating func assumeFirstReportedValues(of events: [InputEvent]) {
        var slot = currentSlot
        // Bits, not sets of numbers: the pass looks at every event of a capture (sets cost 520 instructions an
        // event). `seen`: each slot's axes taken (axis codes are below 64); the others: a bit per slot.
        var seen = [UInt64](repeating: 0, count: slots.count)
        let words = inUse.count
        var known = [UInt64](repeating: 0, count: words)
        var moved = [UInt64](repeating: 0, count: words)
        var identified = [UInt64](repeating: 0, count: words)
        for event in events {
            if event.type == EventType.syn, event.code == SynCode.report {
                for word in 0..<words {
                    var fresh = moved[word] & ~identified[word] & ~known[word]
                    while fresh != 0 {
                        let s = word << 6 | fresh.trailingZeroBitCount
                        fresh &= fresh &- 1
                        slots[s].trackingID = Self.trackingIDBeforeCapture
                        markInUse(s)
                    }
                    known[word] |= moved[word] | identified[word]
                    moved[word] = 0
                    identified[word] = 0
                }
                continue
            }
            guard event.type == EventType.abs else { continue }
            if !singleTouch, event.code == AbsCode.mtSlot {
                slot = Int(event.value)
                continue
            }
            let target = singleTouch ? 0 : slot
            guard slots.indices.contains(target), event.code < 64 else { continue }
            let slotBit: UInt64 = 1 << UInt64(target & 63)
            if !singleTouch {
                if event.code == AbsCode.mtTrackingID { identified[target >> 6] |= slotBit }
                if event.code == AbsCode.mtPositionX || event.code == AbsCode.mtPositionY { moved[target >> 6] |= slotBit }
            }
            // Each axis of each slot is taken once.
            let axisBit: UInt64 = 1 << UInt64(event.code)
            guard seen[target] & axisBit == 0 else { continue }
            seen[target] |= axisBit
            switch (singleTouch, event.code) {
            case (true, AbsCode.x), (false, AbsCode.mtPositionX): slots[target].x = event.value
            case (true, AbsCode.y), (false, AbsCode.mtPositionY): slots[target].y = event.value
            case (true, AbsCode.pressure), (false, AbsCode.mtPressure): slots[target].pressure = event.value
            case (false, AbsCode.mtTouchMajor): slots[target].major = event.value
            default: break
            }
        }
    }

    /// The tracking id of a contact that was down when a capture began: the capture never says which it was.
    static let trackingIDBeforeCapture = Int32.max

    /// Feeds one event; returns a frame at SYN_REPORT when any touch began, moved or lifted.
    public mutating func handle(_ event: InputEvent) -> TouchFrame? {
        switch event.type {
        case EventType.syn:
            switch event.code {
            case SynCode.report:
                if dropping {
                    // The kernel's rule: what came between SYN_DROPPED and this report is incomplete.
                    dropping = false
                    return nil
                }
                return buildFrame(at: event.time)
            case SynCode.dropped:
                dropping = true
            default:
                break
            }
        case EventType.abs where !dropping || event.code == AbsCode.mtSlot:
            // The slot is kept even while dropping: the kernel sends it only when it changes.
            handleAbs(event.code, event.value)
        case EventType.key where !dropping:
            handleKey(event.code, event.value)
        default:
            break
        }
        return nil
    }

    private mutating func handleAbs(_ code: UInt16, _ value: Int32) {
        if singleTouch {
            switch code {
            case AbsCode.x: slots[0].x = value
            case AbsCode.y: slots[0].y = value
            case AbsCode.pressure: slots[0].pressure = value
            default: break
            }
            return
        }
        switch code {
        case AbsCode.mtSlot:
            // A slot beyond the device's maximum is a lie: its events are ignored.
            currentSlot = Int(value)
        case AbsCode.mtTrackingID:
            withSlot { $0.trackingID = value }
            if slots.indices.contains(currentSlot) { markInUse(currentSlot) }
        case AbsCode.mtPositionX: withSlot { $0.x = value }
        case AbsCode.mtPositionY: withSlot { $0.y = value }
        case AbsCode.mtTouchMajor: withSlot { $0.major = value }
        case AbsCode.mtPressure: withSlot { $0.pressure = value }
        case AbsCode.mtToolType: withSlot { $0.tool = value }
        default: break
        }
    }

    private mutating func withSlot(_ change: (inout Slot) -> Void) {
        guard slots.indices.contains(currentSlot) else { return }
        change(&slots[currentSlot])
    }

    private mutating func handleKey(_ code: UInt16, _ value: Int32) {
        if code == KeyCode.touch {
            if singleTouch {
                slots[0].trackingID = value != 0 ? 0 : -1
                markInUse(0)
            } else if value != 0 {
                touchButtonSeen = true
                hovering = false
            } else {
                hovering = touchButtonSeen
            }
        }
        if code >= KeyCode.buttonLeft, code <= KeyCode.buttonLeft + 2 {
            let bit: UInt8 = 1 << (code - KeyCode.buttonLeft)
            if value != 0 { buttons |= bit } else { buttons &= ~bit }
        }
        if let count = KeyCode.fingerCounts.first(where: { $0.code == code })?.fingers {
            if value != 0 {
                announcedFingers = count
            } else if announcedFingers == count {
                announcedFingers = 0
            }
        }
    }

    private mutating func newTouch(at location: Point, time: Timestamp, type: TouchType) -> Touch {
        defer { nextTouchID = nextTouchID.next }
        return Touch(id: nextTouchID, phase: .began, location: location, timestamp: time, type: type)
    }

    /// BTN_TOUCH released while slots are still in use: the fingers hover (touchpads that track a finger
    /// lifting off, at a pressure too low to be a touch, report its drift). Only once the device has pressed
    /// BTN_TOUCH, so one that never reports it is never hovering.
    private var hovering = false
    private var touchButtonSeen = false

    private mutating func buildFrame(at time: Timestamp) -> TouchFrame? {
        frame.timestamp = time
        frame.touches.removeFewKeepingCapacity()
        var changed = false
        for word in inUse.indices {
            var bits = inUse[word]
            while bits != 0 {
                let i = word << 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                if buildTouch(ofSlot: i, at: time) { changed = true }
                if slots[i].trackingID == -1, slots[i].touch == nil { inUse[word] &= ~(1 << UInt64(i & 63)) }
            }
        }
        if updateFakeFingers(at: time) { changed = true }
        // A click or its release is news even when no finger moved.
        frame.physicalButtons = buttons
        if buttons != reportedButtons {
            reportedButtons = buttons
            changed = true
        }
        return changed ? frame : nil
    }

    private mutating func markInUse(_ slot: Int) { inUse[slot >> 6] |= 1 << UInt64(slot & 63) }

    /// The slot's touch in the frame, if it has one: began, moved, stationary or ended. Whether that changed
    /// anything.
    private mutating func buildTouch(ofSlot i: Int, at time: Timestamp) -> Bool {
        var changed = false
        let slot = slots[i]
        let isPalm = slot.tool == MTTool.palm
        if var touch = slot.touch {
            let lifted = slot.trackingID == -1 || hovering
            let replaced = !lifted && slot.touchTrackingID != slot.trackingID
            if lifted || replaced || isPalm {
                touch.previousLocation = touch.location
                // A palm takes a finger back (cancelled); a lift or a new contact in the slot ends it.
                touch.phase = isPalm && !lifted && !replaced ? .cancelled : .ended
                touch.timestamp = time
                frame.touches.append(touch)
                slots[i].touch = nil
                changed = true
            } else {
                let location = geometry.millimetres(x: slot.x, y: slot.y)
                touch.previousLocation = touch.location
                touch.phase = location == touch.location ? .stationary : .moved
                touch.location = location
                touch.timestamp = time
                fill(&touch, from: slot)
                slots[i].touch = touch
                frame.touches.append(touch)
                if touch.phase == .moved { changed = true }
                return changed
            }
        }
        if slots[i].trackingID != -1, !isPalm, !hovering {
            let type: TouchType = slot.tool == MTTool.pen ? .stylus : touchType
            var touch = newTouch(at: geometry.millimetres(x: slot.x, y: slot.y), time: time, type: type)
            fill(&touch, from: slot)
            slots[i].touch = touch
            slots[i].touchTrackingID = slot.trackingID
            frame.touches.append(touch)
            changed = true
        }
        return changed
    }

    private func fill(_ touch: inout Touch, from slot: Slot) {
        if let major = slot.major { touch.majorRadius = geometry.millimetres(length: major) / 2 }
        if let pressure = slot.pressure, let axis = pressureAxis, axis.maximum > axis.minimum {
            touch.pressure = (Double(pressure) - Double(axis.minimum)) / (Double(axis.maximum) - Double(axis.minimum))
        }
    }

    /// Adds, moves or lifts the fingers BTN_TOOL_* announces beyond the reported ones.
    private mutating func updateFakeFingers(at time: Timestamp) -> Bool {
        // None announced beyond the slots and none made before: nothing to do (the common case, every frame).
        if fakes.isEmpty, announcedFingers <= slots.count { return false }
        var realCount = 0
        var sum = Point.zero
        for touch in frame.touches where !touch.phase.isFinal {
            realCount += 1
            sum += touch.location
        }
        // The kernel counts palms in BTN_TOOL_*; and as libinput, fingers are invented only beyond the slots.
        var palms = 0
        for slot in slots where slot.trackingID != -1 && slot.tool == MTTool.palm { palms += 1 }
        let wanted = realCount == 0 || announcedFingers <= slots.count ? 0 : max(0, announcedFingers - realCount - palms)
        guard wanted > 0 || !fakes.isEmpty else { return false }
        let centroid = realCount == 0 ? Point.zero : sum / Double(realCount)
        var changed = false
        for i in fakes.indices.reversed() {
            var fake = fakes[i]
            fake.previousLocation = fake.location
            fake.timestamp = time
            if i >= wanted {
                fake.phase = .ended
                fakes.remove(at: i)
                changed = true
            } else {
                fake.phase = centroid == fake.location ? .stationary : .moved
                fake.location = centroid
                fakes[i] = fake
                if fake.phase == .moved { changed = true }
            }
            frame.touches.append(fake)
        }
        while fakes.count < wanted {
            let fake = newTouch(at: centroid, time: time, type: touchType)
            fakes.append(fake)
            frame.touches.append(fake)
            changed = true
        }
        return changed
    }

    /// The device vanished, or the recording ended: every touch still down is cancelled.
    public mutating func cancelAll(at time: Timestamp) -> TouchFrame? {
        frame.timestamp = time
        frame.touches.removeFewKeepingCapacity()
        for i in slots.indices {
            guard var touch = slots[i].touch else { continue }
            touch.phase = .cancelled
            touch.previousLocation = touch.location
            touch.timestamp = time
            frame.touches.append(touch)
            slots[i] = Slot()
        }
        for var fake in fakes {
            fake.phase = .cancelled
            fake.timestamp = time
            frame.touches.append(fake)
        }
        fakes.removeAll()
        announcedFingers = 0
        hovering = false
        buttons = 0
        reportedButtons = 0
        frame.physicalButtons = 0
        return frame.touches.isEmpty ? nil : frame
    }
}
