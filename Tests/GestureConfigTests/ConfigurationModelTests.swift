import GestureEngine
import GestureSamples
import InputCore
import Testing

@testable import GestureConfig

/// A valid configuration becomes the model the daemon runs: settings, devices, regions parents first, and
/// recognizers with their parameters applied.
@Suite struct ConfigurationModelTests {
    static let full = """
        [daemon]
        socket = "/run/gestured/test.sock"
        socket_group = "input"
        socket_mode = 0o600
        log_level = "debug"
        max_clients = 8
        client_queue_bytes = 65536

        [daemon.raw_touches]
        users = ["kiosk", 1000]
        groups = ["gestured-raw"]

        [[device]]
        name = "screen"
        match = { name = "*Touchscreen*", vendor = 0x04f3, product = 0x2c5a, kinds = ["touchscreen"] }
        size_mm = [293.5, 165]
        rotation = 90
        output_px = [1080, 1920]

        [[device]]
        name = "pad"
        match.kinds = ["touchpad"]

        # A child written before its parent.
        [[region]]
        name = "button"
        device = "screen"
        parent = "toolbar"
        rect = [0.9, 0, 0.1, 0.1]

        [[region]]
        name = "toolbar"
        device = "screen"
        rect = [0, 0, 1, 0.1]

        [[region]]
        name = "pad-left"
        device = "pad"
        rect = [0, 0, 0.5, 1]

        [[recognizer]]
        name = "single"
        kind = "tap"
        device = "screen"
        require_to_fail = ["double"]
        allowable_movement_mm = 4
        maximum_tap_duration = 0.5

        [[recognizer]]
        name = "double"
        kind = "tap"
        device = "screen"
        number_of_taps_required = 2
        maximum_interval_between_taps = 0.3
        touches_down_window = 0.05

        [[recognizer]]
        name = "two-finger-tap"
        kind = "tap"
        number_of_touches_required = 2

        [[recognizer]]
        name = "hold"
        kind = "long-press"
        region = "button"
        minimum_press_duration = 1.5
        allowable_movement_mm = 3
        number_of_touches_required = 2
        number_of_taps_required = 1
        maximum_tap_duration = 0.4
        maximum_interval_between_taps = 0.2
        tap_allowable_movement_mm = 6
        enabled = false
        touch_types = ["direct", "stylus"]
        cancels_touches_in_view = false
        delays_touches_began = true
        delays_touches_ended = false
        requires_exclusive_touch_type = false

        [[recognizer]]
        name = "scroll"
        kind = "pan"
        region = "pad-left"
        minimum_number_of_touches = 2
        maximum_number_of_touches = 3
        start_threshold_mm = 2
        touch_types = ["indirect"]
        should_receive = { touch_types = ["indirect"], regions = ["pad-left"], exclude_regions = ["pad"] }

        [[recognizer]]
        name = "swipe"
        kind = "swipe"
        direction = ["up", "down"]
        number_of_touches_required = 3
        maximum_duration = 0.4
        minimum_distance_mm = 20
        distance_decay = 0.9
        maximum_sideways_distance_mm = 10
        sideways_decay = 0.95
        allowed_backward_movement_mm = 1
        minimum_speed_mm_s = 30

        [[recognizer]]
        name = "zoom"
        kind = "pinch"
        start_threshold_mm = 3
        simultaneous_with = ["turn"]

        [[recognizer]]
        name = "turn"
        kind = "rotation"
        base_threshold_degrees = 10
        spread_threshold_degrees = 20
        rotation_weight = 2
        pinch_weight = 0.5
        translation_weight = 0
        simultaneous_with = ["zoom"]

        [[recognizer]]
        name = "back"
        kind = "edge-pan"
        device = "screen"
        edges = ["left", "bottom"]
        edge_width_mm = 5
        decision_time = 0.2
        projection_time = 0.02
        minimum_number_of_touches = 1
        start_threshold_mm = 4
        cannot_prevent = ["*"]
        cannot_be_prevented_by = ["zoom"]

        [recognizer.should_begin]
        minimum_touches = 1
        maximum_touches = 1
        regions = ["screen"]
        unless_active = ["zoom", "turn"]

        [[recognizer]]
        name = "check"
        kind = "checkmark"
        minimum_stroke_height_mm = 5
        jitter_tolerance_mm = 1
        up_stroke_ratio = 1.5

        [[recognizer]]
        name = "tickle"
        kind = "tickle"
        required_tickles = 3
        minimum_distance_mm = 6
        jitter_tolerance_mm = 0.8
        """

    @Test func daemonSettings() throws {
        let d = try valid(Self.full).daemon
        #expect(d.socketPath == "/run/gestured/test.sock")
        #expect(d.socketGroup == "input")
        #expect(d.socketMode == 0o600)
        #expect(d.logLevel == "debug")
        #expect(d.maxClients == 8)
        #expect(d.clientQueueBytes == 65536)
        #expect(d.rawTouchUsers == ["kiosk", "1000"])
        #expect(d.rawTouchGroups == ["gestured-raw"])
    }

    @Test func anEmptyFileHasTheDefaults() throws {
        let configuration = try valid("")
        #expect(configuration.daemon == DaemonSettings())
        #expect(configuration.daemon.socketPath == "/run/gestured/gestured.sock")
        #expect(configuration.daemon.socketMode == 0o660)
        #expect(configuration.daemon.socketGroup == nil)
        #expect(configuration.daemon.logLevel == "info")
        #expect(configuration.daemon.rawTouchUsers.isEmpty && configuration.daemon.rawTouchGroups.isEmpty)
        #expect(configuration.regions.isEmpty && configuration.recognizers.isEmpty)
        #expect(configuration.file == testFile)
    }

    @Test func devices() throws {
        let devices = try valid(Self.full).devices
        #expect(devices.map(\.name) == ["screen", "pad"])
        let screen = devices[0]
        #expect(screen.selector == DeviceSelector(name: "*Touchscreen*", vendor: 0x04f3, product: 0x2c5a, kinds: [.touchscreen]))
        #expect(screen.size == Size(width: 293.5, height: 165))
        #expect(screen.rotation == .quarter)
        #expect(screen.outputSize == Size(width: 1080, height: 1920))
        let pad = devices[1]
        #expect(pad.selector == DeviceSelector(kinds: [.touchpad]))
        #expect(pad.size == nil && pad.outputSize == nil)
        #expect(pad.rotation == Rotation.none)
    }

    @Test func everyRotationIsAccepted() throws {
        for rotation in Rotation.allCases {
            let configuration = try valid("[[device]]\nname = \"d\"\nrotation = \(rotation.rawValue)\n")
            #expect(configuration.devices.first?.rotation == rotation)
        }
    }

    @Test func theFirstMatchingDeviceEntryClaimsADevice() throws {
        let configuration = try valid(Self.full)
        let elan = DeviceDescription(name: "ELAN Touchscreen", vendor: 0x04f3, product: 0x2c5a)
        #expect(configuration.deviceEntry(for: elan, kind: .touchscreen)?.name == "screen")
        // The screen entry wants this vendor and product; the pad entry wants touchpads.
        var other = elan
        other.product = 0x0001
        #expect(configuration.deviceEntry(for: other, kind: .touchscreen) == nil)
        #expect(configuration.deviceEntry(for: DeviceDescription(name: "ELAN Touchscreen Pen"), kind: .tablet) == nil)
        #expect(configuration.deviceEntry(for: DeviceDescription(name: "SynPS/2 Synaptics TouchPad"), kind: .touchpad)?.name == "pad")
        // The name glob: the same ids under another name do not match.
        var renamed = elan
        renamed.name = "ELAN Digitizer"
        #expect(configuration.deviceEntry(for: renamed, kind: .touchscreen) == nil)
    }

    @Test func withoutDevicesOneNamedTouchTakesEveryTouchscreenAndTouchpad() throws {
        let configuration = try valid(
            """
            [[region]]
            name = "left"
            device = "touch"
            rect = [0, 0, 0.5, 1]

            [[recognizer]]
            name = "tap"
            kind = "tap"
            """)
        #expect(configuration.devices.count == 1)
        let touch = try #require(configuration.devices.first)
        #expect(touch.name == "touch")
        #expect(touch.selector == DeviceSelector())
        #expect(touch.rotation == Rotation.none && touch.size == nil && touch.outputSize == nil)
        let anything = DeviceDescription(name: "Any Device")
        #expect(configuration.deviceEntry(for: anything, kind: .touchscreen)?.name == "touch")
        #expect(configuration.deviceEntry(for: anything, kind: .touchpad)?.name == "touch")
        #expect(configuration.deviceEntry(for: anything, kind: .tablet) == nil)
        #expect(configuration.deviceEntry(for: anything, kind: .other) == nil)
        #expect(configuration.regions.map(\.device) == ["touch"])
        #expect(configuration.recognizers(on: "touch").map(\.name) == ["tap"])
    }

    @Test func anEmptyDeviceListHasNoDevices() throws {
        // `device = []` says "no devices", unlike leaving the key out.
        let configuration = try valid("device = []\n")
        #expect(configuration.devices.isEmpty)
    }

    @Test func regionsComeParentsFirst() throws {
        // button is written before its parent: it waits for it, and then goes before pad-left, written after both.
        let regions = try valid(Self.full).regions
        #expect(regions.map(\.name) == ["toolbar", "button", "pad-left"])
        #expect(regions.map(\.parent) == ["screen", "toolbar", "pad"])
        #expect(regions.map(\.device) == ["screen", "screen", "pad"])
        #expect(regions[1].rect == Rect(x: 0.9, y: 0, width: 0.1, height: 0.1))
        for (i, region) in regions.enumerated() {
            if let parent = regions.firstIndex(where: { $0.name == region.parent }) { #expect(parent < i) }
        }
    }

    @Test func aDeepChainWrittenBackwardsIsOrdered() throws {
        var text = ""
        for depth in (1...5).reversed() {
            let parent = depth == 1 ? "touch" : "r\(depth - 1)"
            let inset = Double(depth) * 0.05
            text += "[[region]]\nname = \"r\(depth)\"\ndevice = \"touch\"\nparent = \"\(parent)\"\n"
            text += "rect = [\(inset), \(inset), \(1 - 2 * inset), \(1 - 2 * inset)]\n\n"
        }
        #expect(try valid(text).regions.map(\.name) == ["r1", "r2", "r3", "r4", "r5"])
    }

    @Test func recognizersKeepFileOrderAndPlacement() throws {
        let configuration = try valid(Self.full)
        #expect(configuration.recognizers.map(\.name) == ["single", "double", "two-finger-tap", "hold", "scroll", "swipe", "zoom", "turn", "back", "check", "tickle"])
        #expect(configuration.recognizers.map(\.kind) == [.tap, .tap, .tap, .longPress, .pan, .swipe, .pinch, .rotation, .edgePan, .checkmark, .tickle])
        #expect(configuration.recognizers[0].placement == .device("screen"))
        #expect(configuration.recognizers[2].placement == .everyDevice)
        #expect(configuration.recognizers[3].placement == .region("button"))
    }

    @Test func recognizersOnADevice() throws {
        let configuration = try valid(Self.full)
        #expect(configuration.recognizers(on: "screen").map(\.name) == ["single", "double", "two-finger-tap", "hold", "swipe", "zoom", "turn", "back", "check", "tickle"])
        #expect(configuration.recognizers(on: "pad").map(\.name) == ["two-finger-tap", "scroll", "swipe", "zoom", "turn", "check", "tickle"])
        #expect(configuration.recognizers(on: "nothing").map(\.name) == ["two-finger-tap", "swipe", "zoom", "turn", "check", "tickle"])
    }

    @Test func aRecognizerOnADevicesWholeRegionRunsOnThatDevice() throws {
        // Device names are regions too: `region = "pad"` is the pad's whole surface.
        let configuration = try valid(
            """
            [[device]]
            name = "screen"

            [[device]]
            name = "pad"

            [[recognizer]]
            name = "tap"
            kind = "tap"
            region = "pad"
            """)
        #expect(configuration.recognizers(on: "pad").map(\.name) == ["tap"])
        #expect(configuration.recognizers(on: "screen").isEmpty)
        let pad = try surface(configuration, device: "pad")
        #expect(pad.recognizers["tap"]?.region === pad.engine.root)
    }

    @Test func relationsAndRules() throws {
        let configuration = try valid(Self.full)
        let byName = Dictionary(uniqueKeysWithValues: configuration.recognizers.map { ($0.name, $0) })
        #expect(byName["single"]?.requireToFail == ["double"])
        #expect(byName["zoom"]?.simultaneousWith == ["turn"])
        #expect(byName["back"]?.cannotPrevent == ["*"])
        #expect(byName["back"]?.cannotBePreventedBy == ["zoom"])
        #expect(byName["back"]?.shouldBegin == ShouldBeginRule(minimumTouches: 1, maximumTouches: 1, regions: ["screen"], unlessActive: ["zoom", "turn"]))
        #expect(byName["scroll"]?.shouldReceive == ShouldReceiveRule(touchTypes: .indirect, regions: ["pad-left"], excludeRegions: ["pad"]))
        #expect(byName["single"]?.shouldBegin == nil && byName["single"]?.shouldReceive == nil)
    }

    @Test func tapParameters() throws {
        let configuration = try valid(Self.full)
        let single = try recognizer(configuration, "single", as: TapGestureRecognizer.self)
        #expect(single.name == "single")
        #expect(single.numberOfTapsRequired == 1)
        #expect(single.allowableMovement == 4)
        #expect(single.maximumTapDuration == 0.5)
        let double = try recognizer(configuration, "double", as: TapGestureRecognizer.self)
        #expect(double.numberOfTapsRequired == 2)
        #expect(double.maximumIntervalBetweenTaps == 0.3)
        #expect(double.touchesDownWindow == 0.05)
        #expect(try recognizer(configuration, "two-finger-tap", as: TapGestureRecognizer.self).numberOfTouchesRequired == 2)
    }

    @Test func longPressParametersAndCommonSettings() throws {
        let hold = try recognizer(try valid(Self.full), "hold", as: LongPressGestureRecognizer.self)
        #expect(hold.minimumPressDuration == 1.5)
        #expect(hold.allowableMovement == 3)
        #expect(hold.numberOfTouchesRequired == 2)
        #expect(hold.numberOfTapsRequired == 1)
        #expect(hold.maximumTapDuration == 0.4)
        #expect(hold.maximumIntervalBetweenTaps == 0.2)
        #expect(hold.tapAllowableMovement == 6)
        #expect(hold.isEnabled == false)
        #expect(hold.allowedTouchTypes == [.direct, .stylus])
        #expect(hold.cancelsTouchesInView == false)
        #expect(hold.delaysTouchesBegan == true)
        #expect(hold.delaysTouchesEnded == false)
        #expect(hold.requiresExclusiveTouchType == false)
    }

    @Test func commonSettingsDefaultAsInUIKit() throws {
        let single = try recognizer(try valid(Self.full), "single", as: TapGestureRecognizer.self)
        #expect(single.isEnabled)
        #expect(single.allowedTouchTypes == .all)
        #expect(single.cancelsTouchesInView)
        #expect(!single.delaysTouchesBegan)
        #expect(single.delaysTouchesEnded)
        #expect(single.requiresExclusiveTouchType)
    }

    @Test func anEdgePanKeepsItsOwnDefaultsUnlessTheFileSaysOtherwise() throws {
        // ScreenEdgePanGestureRecognizer delays touches began and takes one finger; an entry that does not
        // mention them must not reset them to the base class's defaults.
        let configuration = try valid(
            """
            [[recognizer]]
            name = "back"
            kind = "edge-pan"
            edges = ["left"]

            [[recognizer]]
            name = "back-2"
            kind = "edge-pan"
            edges = ["left"]
            delays_touches_began = false
            """)
        let back = try recognizer(configuration, "back", as: ScreenEdgePanGestureRecognizer.self)
        #expect(back.delaysTouchesBegan)
        #expect(back.maximumNumberOfTouches == 1)
        #expect(back.startThreshold == Points.mm(15))
        #expect(try recognizer(configuration, "back-2", as: ScreenEdgePanGestureRecognizer.self).delaysTouchesBegan == false)
        #expect(configuration.recognizers[0].delaysTouchesBegan == nil)
        #expect(configuration.recognizers[1].delaysTouchesBegan == false)
    }

    @Test func panAndSwipeParameters() throws {
        let configuration = try valid(Self.full)
        let scroll = try recognizer(configuration, "scroll", as: PanGestureRecognizer.self)
        #expect(scroll.minimumNumberOfTouches == 2)
        #expect(scroll.maximumNumberOfTouches == 3)
        #expect(scroll.startThreshold == 2)
        #expect(scroll.allowedTouchTypes == .indirect)
        let swipe = try recognizer(configuration, "swipe", as: SwipeGestureRecognizer.self)
        #expect(swipe.direction == [.up, .down])
        #expect(swipe.numberOfTouchesRequired == 3)
        #expect(swipe.maximumDuration == 0.4)
        #expect(swipe.minimumDistance == 20)
        #expect(swipe.distanceDecay == 0.9)
        #expect(swipe.maximumSidewaysDistance == 10)
        #expect(swipe.sidewaysDecay == 0.95)
        #expect(swipe.allowedBackwardMovement == 1)
        #expect(swipe.minimumSpeed == 30)
    }

    @Test func everyDirectionAndEdgeWord() throws {
        let configuration = try valid(
            """
            [[recognizer]]
            name = "s"
            kind = "swipe"
            direction = ["right", "left"]

            [[recognizer]]
            name = "v"
            kind = "swipe"
            direction = ["up", "down"]

            [[recognizer]]
            name = "e"
            kind = "edge-pan"
            edges = ["top", "left", "bottom", "right"]

            [[recognizer]]
            name = "r"
            kind = "swipe"
            direction = ["left"]

            [[recognizer]]
            name = "t"
            kind = "edge-pan"
            edges = ["right"]
            """)
        #expect(try recognizer(configuration, "s", as: SwipeGestureRecognizer.self).direction == [.right, .left])
        #expect(try recognizer(configuration, "v", as: SwipeGestureRecognizer.self).direction == [.up, .down])
        #expect(try recognizer(configuration, "e", as: ScreenEdgePanGestureRecognizer.self).edges == .all)
        #expect(try recognizer(configuration, "r", as: SwipeGestureRecognizer.self).direction == .left)
        #expect(try recognizer(configuration, "t", as: ScreenEdgePanGestureRecognizer.self).edges == .right)
    }

    @Test func pinchRotationAndEdgePanParameters() throws {
        let configuration = try valid(Self.full)
        #expect(try recognizer(configuration, "zoom", as: PinchGestureRecognizer.self).startThreshold == 3)
        let turn = try recognizer(configuration, "turn", as: RotationGestureRecognizer.self)
        // Degrees in the file, radians in the engine.
        #expect(abs(turn.baseThreshold - 10 * Double.pi / 180) < 1e-12)
        #expect(abs(turn.spreadThreshold - 20 * Double.pi / 180) < 1e-12)
        #expect(turn.rotationWeight == 2)
        #expect(turn.pinchWeight == 0.5)
        #expect(turn.translationWeight == 0)
        let back = try recognizer(configuration, "back", as: ScreenEdgePanGestureRecognizer.self)
        #expect(back.edges == [.left, .bottom])
        #expect(back.edgeWidth == 5)
        #expect(back.decisionTime == 0.2)
        #expect(back.projectionTime == 0.02)
        #expect(back.minimumNumberOfTouches == 1)
        #expect(back.startThreshold == 4)
    }

    @Test func sampleRecognizerParameters() throws {
        let configuration = try valid(Self.full)
        let check = try recognizer(configuration, "check", as: CheckmarkGestureRecognizer.self)
        #expect(check.minimumStrokeHeight == 5)
        #expect(check.jitterTolerance == 1)
        #expect(check.upStrokeRatio == 1.5)
        let tickle = try recognizer(configuration, "tickle", as: TickleGestureRecognizer.self)
        #expect(tickle.requiredTickles == 3)
        #expect(tickle.minimumDistance == 6)
        #expect(tickle.jitterTolerance == 0.8)
    }

    @Test func parametersReadBackAsGiven() throws {
        // value(of:) undoes apply's unit conversion: what the reference shows is what the file said.
        for entry in try valid(Self.full).recognizers {
            let made = entry.makeRecognizer()
            for (parameter, value) in entry.parameters {
                switch (parameter.value(of: made), value) {
                case (.number(let a), .number(let b)): #expect(abs(a - b) < 1e-12, "\(entry.name).\(parameter.name)")
                case (let a, let b): #expect(a == b, "\(entry.name).\(parameter.name)")
                }
            }
        }
    }

    @Test(arguments: RecognizerKind.allCases)
    func everyDefaultLiesWithinItsRange(kind: RecognizerKind) {
        // Writing a recognizer's default into the file must be valid.
        let fresh = kind.make(name: "x")
        for parameter in kind.parameters {
            switch (parameter.shape, parameter.value(of: fresh)) {
            case (.count(let range), .count(let n)): #expect(range.contains(n), "\(kind.rawValue).\(parameter.name) = \(n)")
            case (.number(let range, _), .number(let d)): #expect(range.contains(d), "\(kind.rawValue).\(parameter.name) = \(d)")
            case (.directions, .directions), (.edges, .edges): break
            case (let shape, let value): Issue.record("\(kind.rawValue).\(parameter.name): \(value) for \(shape)")
            }
        }
    }

    @Test(arguments: RecognizerKind.allCases)
    func eachKindMakesItsRecognizer(kind: RecognizerKind) {
        let made = kind.make(name: "n")
        #expect(made.name == "n")
        let expected: GestureRecognizer.Type =
            switch kind {
            case .tap: TapGestureRecognizer.self
            case .longPress: LongPressGestureRecognizer.self
            case .pan: PanGestureRecognizer.self
            case .swipe: SwipeGestureRecognizer.self
            case .pinch: PinchGestureRecognizer.self
            case .rotation: RotationGestureRecognizer.self
            case .edgePan: ScreenEdgePanGestureRecognizer.self
            case .shape: ShapeGestureRecognizer.self
            case .checkmark: CheckmarkGestureRecognizer.self
            case .tickle: TickleGestureRecognizer.self
            }
        #expect(type(of: made) == expected)
    }

    @Test func parameterNamesAreUniquePerKind() {
        for kind in RecognizerKind.allCases {
            let names = kind.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(kind.rawValue)")
        }
    }
}
