import Conditioning
import GestureEngine
import Testing

@testable import GestureConfig

/// `[device.conditioning]`: the defaults of the device's kind, each key over them, `false` for a part that is
/// off, `conditioning = false` for none at all, and every mistake with its position.
@Suite struct ConditioningConfigTests {
    static let pad = Size(width: 100, height: 70)

    private func entry(_ conditioning: String) throws -> DeviceEntry {
        let configuration = try valid(
            """
            [[device]]
            name = "pad"
            match = { kinds = ["touchpad"] }
            \(conditioning)
            """)
        return configuration.devices[0]
    }

    @Test func withoutKeysADeviceGetsItsKindsDefaults() throws {
        let e = try entry("")
        #expect(e.conditioning(for: .touchpad, surface: Self.pad) == .defaults(for: .touchpad, surface: Self.pad))
        #expect(e.conditioning(for: .touchscreen, surface: Self.pad) == .none)
    }

    @Test func keysChangeTheirPartAndFalseTurnsItOff() throws {
        let e = try entry("conditioning = { settle_mm = 2.5, settle_time = 0.1, palm_pressure = false, thumb_zone = 0.2, reassign_mm = 3, palm_reach_mm = false, piece_mm = 8 }")
        let c = e.conditioning(for: .touchpad, surface: Self.pad)
        #expect(c.reassignDistance == 3)
        #expect(c.palmReach == nil)
        #expect(c.pieceDistance == 8)
        #expect(c.settleDistance == 2.5)
        #expect(c.settleTime == 0.1)
        #expect(c.palmPressure == nil)
        #expect(c.thumbZone == 0.2)
        #expect(c.jumpDistance == TouchConditioning.defaults(for: .touchpad, surface: Self.pad).jumpDistance)
        // On a touchscreen the same keys turn those parts on: its defaults are none.
        let screen = e.conditioning(for: .touchscreen, surface: Self.pad)
        #expect(screen.settleDistance == 2.5 && screen.jumpDistance == nil)
    }

    @Test func conditioningFalseIsNoneAtAll() throws {
        #expect(try entry("conditioning = false").conditioning(for: .touchpad, surface: Self.pad) == .none)
    }

    @Test func eachMistakeIsReportedWhereItIs() {
        expectErrors(
            """
            [[device]]
            name = "pad"
            conditioning = { setle_mm = 2, jump_mm = -1, settle_time = false, palm_pressure = true }
            """,
            [
                "3:18: unknown key 'setle_mm' in device.conditioning; did you mean 'settle_mm'?",
                "3:42: jump_mm must be from 0.1 to 1000 mm, got -1",
                "3:60: settle_time must be a number in s, got a boolean",
                "3:83: palm_pressure may be false (off) or a number from 0 to 1, not true",
            ])
        expectErrors(
            """
            [[device]]
            name = "pad"
            conditioning = true
            """,
            ["3:16: conditioning must be false (none at all) or a table of keys; the defaults of the device's kind need no key"])
    }
}
