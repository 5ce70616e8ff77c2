import InputCore
import Testing

@Suite struct DeviceSelectionTests {
    static let pad = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad", vendor: 0x0002, product: 0x0007,
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        codes: [EventType.key: [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.touch]],
        axes: [
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 5000, resolution: 50),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 3000, resolution: 50),
            AbsCode.x: AbsInfo(minimum: 0, maximum: 5000), AbsCode.y: AbsInfo(minimum: 0, maximum: 3000),
        ])

    @Test func kindsFromCapabilitiesAndFromUdev() {
        #expect(DeviceKind.classify(Self.pad) == .touchpad)
        #expect(Self.pad.maximumAnnouncedFingers == 3)
        #expect(Self.pad.slotCount == 2)
        // udev's database wins when it has an answer.
        #expect(DeviceKind.classify(Self.pad, udevProperties: ["ID_INPUT_TOUCHSCREEN": "1"]) == .touchscreen)
        var screen = Self.pad
        screen.properties = [InputProperty.direct]
        screen.codes = [EventType.key: [KeyCode.touch]]
        #expect(DeviceKind.classify(screen) == .touchscreen)
        var pen = screen
        pen.codes = [EventType.key: [KeyCode.toolPen, KeyCode.touch]]
        pen.properties = []
        #expect(DeviceKind.classify(pen) == .tablet)
        let keyboard = DeviceDescription(name: "keyboard", codes: [EventType.key: [30, 31]])
        #expect(DeviceKind.classify(keyboard) == .other)
    }

    @Test(arguments: [
        ("*TouchPad", true), ("SynPS/2*", true), ("*Synaptics*", true), ("SynPS/? Synaptics TouchPad", true),
        ("*Touchscreen*", false), ("Synaptics", false), ("*", true),
    ])
    func namesMatchGlobs(pattern: String, matches: Bool) {
        #expect(DeviceSelector(name: pattern).matches(Self.pad, kind: .touchpad) == matches)
    }

    @Test func idsAndKindsNarrowTheChoice() {
        #expect(DeviceSelector(vendor: 0x0002, product: 0x0007).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector(vendor: 0x0002, product: 0x0008).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector(kinds: [.touchscreen]).matches(Self.pad, kind: .touchpad))
        #expect(!DeviceSelector().matches(Self.pad, kind: .tablet))
    }
}
