import GestureEngine
import Testing

@testable import GestureConfig

/// A surface built from a configuration: regions in millimetres on the rotated surface, recognizers where the
/// file puts them, and the conversions between kernel, surface, normalized and pixel coordinates.
@Suite struct ConfiguredSurfaceTests {
    static let rotated = """
        [[device]]
        name = "screen"
        rotation = 90
        output_px = [1080, 1920]

        [[device]]
        name = "pad"

        [[region]]
        name = "top-right"
        device = "screen"
        rect = [0.5, 0, 0.5, 0.25]

        [[region]]
        name = "corner"
        device = "screen"
        parent = "top-right"
        rect = [0.9, 0, 0.1, 0.1]

        [[region]]
        name = "pad-region"
        device = "pad"
        rect = [0, 0, 1, 1]

        [[recognizer]]
        name = "corner-tap"
        kind = "tap"
        region = "corner"

        [[recognizer]]
        name = "top-tap"
        kind = "tap"
        region = "top-right"

        [[recognizer]]
        name = "screen-pan"
        kind = "pan"
        device = "screen"

        [[recognizer]]
        name = "pad-pan"
        kind = "pan"
        device = "pad"

        [[recognizer]]
        name = "anywhere"
        kind = "long-press"
        """

    /// The screen reports 160 x 100 mm; turned a quarter, the engine sees 100 x 160.
    private func screen() throws -> ConfiguredSurface {
        try surface(try valid(Self.rotated), device: "screen", size: Size(width: 160, height: 100))
    }

    @Test func aQuarterTurnSwapsWidthAndHeight() throws {
        let s = try screen()
        #expect(s.rawSize == Size(width: 160, height: 100))
        #expect(s.size == Size(width: 100, height: 160))
        #expect(s.engine.root.frame == Rect(x: 0, y: 0, width: 100, height: 160))
        #expect(s.engine.root.name == "screen")
    }

    @Test(arguments: [Rotation.none, .half])
    func noTurnOrAHalfTurnKeepsTheSize(rotation: Rotation) throws {
        let configuration = try valid("[[device]]\nname = \"d\"\nrotation = \(rotation.rawValue)\n")
        let s = try surface(configuration, size: Size(width: 160, height: 100))
        #expect(s.size == Size(width: 160, height: 100))
    }

    @Test func regionsArePlacedInMillimetresOnTheRotatedSurface() throws {
        let s = try screen()
        #expect(s.regions["top-right"]?.frame == Rect(x: 50, y: 0, width: 50, height: 40))
        // Normalized over the whole surface, not over the parent.
        #expect(s.regions["corner"]?.frame == Rect(x: 90, y: 0, width: 10, height: 16))
        #expect(s.regions["corner"]?.parent === s.regions["top-right"])
        #expect(s.regions["top-right"]?.parent === s.engine.root)
        #expect(s.regions["pad-region"] == nil)
        #expect(Set(s.regions.keys) == ["screen", "top-right", "corner"])
    }

    @Test func ofOverlappingSiblingsTheOneWrittenLastTakesTheTouchWhereverTheParentIsWritten() throws {
        // "early" is written before its parent and "late" after it: placing regions one pass per level put
        // "early" last, in front, so it took touches config/README.md gives to "late".
        let configuration = try valid(
            """
            [[region]]
            name = "early"
            device = "touch"
            parent = "panel"
            rect = [0, 0, 0.5, 0.5]

            [[region]]
            name = "panel"
            device = "touch"
            rect = [0, 0, 1, 0.5]

            [[region]]
            name = "late"
            device = "touch"
            parent = "panel"
            rect = [0.25, 0, 0.5, 0.5]
            """)
        #expect(configuration.regions.map(\.name) == ["panel", "early", "late"])
        let s = try surface(configuration)
        #expect(s.engine.root.hitTest(Point(x: 30, y: 10))?.name == "late")
        #expect(s.engine.root.hitTest(Point(x: 10, y: 10))?.name == "early")
    }

    @Test func recognizersAreOnTheirRegionsAndDevices() throws {
        let s = try screen()
        #expect(Set(s.recognizers.keys) == ["corner-tap", "top-tap", "screen-pan", "anywhere"])
        #expect(s.recognizers["corner-tap"]?.region === s.regions["corner"])
        #expect(s.recognizers["top-tap"]?.region === s.regions["top-right"])
        #expect(s.recognizers["screen-pan"]?.region === s.engine.root)
        #expect(s.recognizers["anywhere"]?.region === s.engine.root)
        #expect(s.engine.recognizers.count == 4)
        #expect(s.recognizers.values.allSatisfy { $0.delegate === s.rules })
        let pad = try surface(try valid(Self.rotated), device: "pad")
        #expect(Set(pad.recognizers.keys) == ["pad-pan", "anywhere"])
    }

    @Test func aQuarterTurnAndThreeQuartersUndoEachOther() {
        let size = Size(width: 160, height: 100)
        for p in [Point(x: 0, y: 0), Point(x: 10, y: 20), Point(x: 160, y: 100), Point(x: 33.5, y: 99)] {
            let there = Rotation.quarter.apply(to: p, in: size)
            #expect(Rotation.threeQuarters.apply(to: there, in: Rotation.quarter.apply(to: size)) == p)
            let half = Rotation.half.apply(to: p, in: size)
            #expect(Rotation.half.apply(to: half, in: size) == p)
        }
    }

    @Test func normalizedAndPixels() throws {
        let s = try screen()
        #expect(s.normalized(Point(x: 50, y: 40)) == Point(x: 0.5, y: 0.25))
        #expect(s.normalized(Point(x: 100, y: 160)) == Point(x: 1, y: 1))
        #expect(s.pixels(Point(x: 50, y: 40)) == Point(x: 540, y: 480))
        #expect(s.pixels(Point(x: 0, y: 160)) == Point(x: 0, y: 1920))
        let pad = try surface(try valid(Self.rotated), device: "pad", size: Size(width: 100, height: 60))
        #expect(pad.pixels(Point(x: 50, y: 30)) == nil)
        #expect(pad.normalized(Point(x: 25, y: 15)) == Point(x: 0.25, y: 0.25))
    }

    @Test func aTouchOnTheKernelSurfaceReachesTheRegionItIsInAfterRotation() throws {
        let s = try screen()
        // Kernel (10, 20) on the 160 x 100 surface is (80, 10) once turned: inside top-right, outside corner.
        let t0 = Timestamp(seconds: 0)
        let down = Touch(id: 1, phase: .began, location: Point(x: 10, y: 20), timestamp: t0)
        var events: [EngineEvent] = []
        s.engine.process(turned(TouchFrame(timestamp: t0, touches: [down]), on: s), into: &events)
        var up = down
        up.phase = .ended
        up.timestamp = .seconds(0.05)
        s.engine.process(turned(TouchFrame(timestamp: .seconds(0.05), touches: [up]), on: s), into: &events)
        let actions = events.compactMap { event -> GestureAction? in
            if case .action(let a) = event { return a }
            return nil
        }
        #expect(actions.map(\.recognizer) == ["top-tap"])
        #expect(actions.first?.location == Point(x: 80, y: 10))
        #expect(actions.first?.region == "top-right")
    }

    @Test func removingARegionTakesItsChildrenAndTheirRecognizers() throws {
        let s = try screen()
        s.removeRegion(named: "top-right")
        #expect(Set(s.regions.keys) == ["screen"])
        #expect(Set(s.recognizers.keys) == ["screen-pan", "anywhere"])
        #expect(s.engine.recognizers.map(\.name).sorted() == ["anywhere", "screen-pan"])
        #expect(s.engine.root.children.isEmpty)
        // The root stays.
        s.removeRegion(named: "screen")
        #expect(s.regions["screen"] === s.engine.root)
    }

    @Test func addingAndRemovingRecognizersAndRegionsAtRunTime() throws {
        let configuration = try valid(
            """
            [[recognizer]]
            name = "extra"
            kind = "tap"
            region = "left"

            [[region]]
            name = "left"
            device = "touch"
            rect = [0, 0, 0.5, 1]
            """)
        let s = try surface(configuration)
        try s.addRegion(RegionEntry(name: "right", device: "touch", parent: "touch", rect: Rect(x: 0.5, y: 0, width: 0.5, height: 1)))
        #expect(s.regions["right"]?.frame == Rect(x: 50, y: 0, width: 50, height: 60))
        #expect(throws: RegionError.self) {
            try s.addRegion(RegionEntry(name: "too-big", device: "touch", parent: "right", rect: Rect(x: 0, y: 0, width: 1, height: 1)))
        }
        var entry = try #require(configuration.recognizers.first)
        entry.name = "extra-2"
        entry.placement = .region("right")
        s.add(entry)
        #expect(s.recognizers["extra-2"]?.region === s.regions["right"])
        s.removeRecognizer(named: "extra")
        #expect(s.recognizers["extra"] == nil)
        #expect(s.engine.recognizers.map(\.name) == ["extra-2"])
    }

    /// A grabbed device's twin gets its touches turned back: undoing a rotation gives the point it was made from.
    @Test func undoingARotationGivesThePointBack() {
        let size = Size(width: 300, height: 200), p = Point(x: 40, y: 170)
        for rotation in Rotation.allCases {
            #expect(rotation.undo(rotation.apply(to: p, in: size), in: size) == p, "\(rotation)")
        }
        #expect(Rotation.quarter.undo(Point(x: 30, y: 40), in: size) == Point(x: 40, y: 170))
    }
}
