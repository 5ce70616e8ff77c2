import InputCore
import Testing

/// The constants the code reads events with are the kernel's values for their names (KernelEventCodes, generated
/// from linux/input-event-codes.h by scripts/event-codes), and names are printed as the kernel's.
@Suite struct EventCodeTests {
    static func value(_ name: String) -> Int? {
        let tables: [[(name: String, value: UInt16)]] = [
            KernelEventCodes.types, KernelEventCodes.synchronization, KernelEventCodes.keys, KernelEventCodes.relativeAxes,
            KernelEventCodes.absoluteAxes, KernelEventCodes.properties,
        ]
        return tables.lazy.compactMap { KernelEventCodes.value(of: name, in: $0).map(Int.init) }.first
            ?? KernelEventCodes.value(of: name, in: KernelEventCodes.tools).map(Int.init)
    }

    @Test func everyConstantIsTheKernelsValueForItsName() {
        let constants: [(String, Int)] = [
            ("EV_SYN", Int(EventType.syn)), ("EV_KEY", Int(EventType.key)), ("EV_REL", Int(EventType.rel)),
            ("EV_ABS", Int(EventType.abs)), ("EV_MSC", Int(EventType.msc)),
            ("REL_X", Int(RelCode.x)), ("REL_Y", Int(RelCode.y)), ("REL_HWHEEL", Int(RelCode.horizontalWheel)),
            ("REL_WHEEL", Int(RelCode.wheel)),
            ("SYN_REPORT", Int(SynCode.report)), ("SYN_CONFIG", Int(SynCode.config)), ("SYN_MT_REPORT", Int(SynCode.mtReport)),
            ("SYN_DROPPED", Int(SynCode.dropped)),
            ("ABS_X", Int(AbsCode.x)), ("ABS_Y", Int(AbsCode.y)), ("ABS_PRESSURE", Int(AbsCode.pressure)),
            ("ABS_MT_SLOT", Int(AbsCode.mtSlot)), ("ABS_MT_TOUCH_MAJOR", Int(AbsCode.mtTouchMajor)),
            ("ABS_MT_TOUCH_MINOR", Int(AbsCode.mtTouchMinor)), ("ABS_MT_WIDTH_MAJOR", Int(AbsCode.mtWidthMajor)),
            ("ABS_MT_WIDTH_MINOR", Int(AbsCode.mtWidthMinor)), ("ABS_MT_ORIENTATION", Int(AbsCode.mtOrientation)),
            ("ABS_MT_POSITION_X", Int(AbsCode.mtPositionX)), ("ABS_MT_POSITION_Y", Int(AbsCode.mtPositionY)),
            ("ABS_MT_TOOL_TYPE", Int(AbsCode.mtToolType)), ("ABS_MT_BLOB_ID", Int(AbsCode.mtBlobID)),
            ("ABS_MT_TRACKING_ID", Int(AbsCode.mtTrackingID)), ("ABS_MT_PRESSURE", Int(AbsCode.mtPressure)),
            ("ABS_MT_DISTANCE", Int(AbsCode.mtDistance)),
            ("BTN_LEFT", Int(KeyCode.buttonLeft)), ("BTN_TOOL_PEN", Int(KeyCode.toolPen)), ("BTN_TOOL_RUBBER", Int(KeyCode.toolRubber)),
            ("BTN_TOOL_FINGER", Int(KeyCode.toolFinger)), ("BTN_TOOL_QUINTTAP", Int(KeyCode.toolQuintTap)),
            ("BTN_TOUCH", Int(KeyCode.touch)), ("BTN_STYLUS", Int(KeyCode.stylus)), ("BTN_TOOL_DOUBLETAP", Int(KeyCode.toolDoubleTap)),
            ("BTN_TOOL_TRIPLETAP", Int(KeyCode.toolTripleTap)), ("BTN_TOOL_QUADTAP", Int(KeyCode.toolQuadTap)),
            ("INPUT_PROP_POINTER", Int(InputProperty.pointer)), ("INPUT_PROP_DIRECT", Int(InputProperty.direct)),
            ("INPUT_PROP_BUTTONPAD", Int(InputProperty.buttonPad)), ("INPUT_PROP_SEMI_MT", Int(InputProperty.semiMT)),
            ("MT_TOOL_FINGER", Int(MTTool.finger)), ("MT_TOOL_PEN", Int(MTTool.pen)), ("MT_TOOL_PALM", Int(MTTool.palm)),
        ]
        for (name, constant) in constants {
            #expect(Self.value(name) == constant, "\(name)")
        }
    }

    @Test func namesAreTheKernelsTheLastOfSeveralForOneValue() {
        #expect(EventNames.type(EventType.abs) == "EV_ABS")
        #expect(EventNames.code(EventType.abs, AbsCode.mtPositionX) == "ABS_MT_POSITION_X")
        #expect(EventNames.code(EventType.key, 0x140) == "BTN_TOOL_PEN")
        #expect(EventNames.code(EventType.key, 0x100) == "BTN_0")
        #expect(EventNames.code(EventType.key, 30) == "KEY_A")
        #expect(EventNames.code(EventType.syn, SynCode.config) == "SYN_CONFIG")
        #expect(EventNames.code(EventType.abs, 0x3f) == "ABS_63")
        #expect(EventNames.type(0x1e) == "EV_30")
    }

    @Test func theTableHasNoBoundsAndEveryNameOnce() {
        let all = [KernelEventCodes.types, KernelEventCodes.synchronization, KernelEventCodes.keys, KernelEventCodes.relativeAxes,
            KernelEventCodes.absoluteAxes, KernelEventCodes.miscellaneous, KernelEventCodes.switches, KernelEventCodes.lights,
            KernelEventCodes.properties].flatMap { $0.map(\.name) }
        #expect(Set(all).count == all.count)
        #expect(!all.contains { $0.hasSuffix("_MAX") || $0.hasSuffix("_CNT") })
        #expect(KernelEventCodes.keys.count > 500)
    }
}
