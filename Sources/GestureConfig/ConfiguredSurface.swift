import ConfigSchema
import GestureEngine

/// One device surface set up as a configuration says: an engine with the regions, the recognizers on them, and
/// the rules delegate holding their relations. Regions are placed on the rotated surface, in millimetres.
public final class ConfiguredSurface {
    public let entry: DeviceEntry
    public let engine: GestureEngine
    public let rules = GestureRules()
    /// Millimetres as the kernel reports the surface, before rotation.
    public let rawSize: Size
    /// Millimetres after rotation: the surface the engine sees.
    public let size: Size
    public private(set) var regions: [String: Region] = [:]
    public private(set) var recognizers: [String: GestureRecognizer] = [:]
    /// What each recognizer was made from: its relations are declared again from these when one goes.
    private var entries: [String: RecognizerEntry] = [:]

    public init(configuration: Configuration, entry: DeviceEntry, surface rawSize: Size) {
        self.entry = entry
        self.rawSize = rawSize
        size = entry.rotation.apply(to: rawSize)
        engine = GestureEngine(surface: size, rootName: entry.name)
        regions[entry.name] = engine.root
        for region in configuration.regions where region.device == entry.name {
            // Validation placed every region inside its parent on this device, so adding cannot fail.
            try? addRegion(region)
        }
        for recognizerEntry in configuration.recognizers(on: entry.name) {
            add(recognizerEntry)
        }
    }

    /// Regions whose touches do not pass through to a grabbed device's twin: those marked `pass_through = false`
    /// and every region inside one.
    public private(set) var closedRegions: Set<String> = []

    /// Adds a region given in normalized coordinates of the surface.
    public func addRegion(_ entry: RegionEntry) throws(RegionError) {
        let rect = entry.rect
        let frame = Rect(x: rect.minX * size.width, y: rect.minY * size.height, width: rect.size.width * size.width, height: rect.size.height * size.height)
        let parentRegion = regions[entry.parent]
        regions[entry.name] = try engine.addRegion(name: entry.name, frame: fitted(frame, into: (parentRegion ?? engine.root).frame), parent: parentRegion)
        if !entry.passesThrough || closedRegions.contains(entry.parent) { closedRegions.insert(entry.name) }
    }

    /// `frame` with the edges that miss the parent's only by rounding put on them. Validation allows that much
    /// (`Tolerance.epsilon`), and scaling to millimetres rounds again: 0.95 + 0.05 of 344.2 mm ends at
    /// 344.20000000000005, which the engine refused, so the region was silently left out and its recognizers
    /// ran on the whole surface.
    private func fitted(_ frame: Rect, into parent: Rect) -> Rect {
        let slack = Tolerance.epsilon * max(size.width, size.height, 1)
        func snap(_ edge: Double, _ parentEdge: Double) -> Double { abs(edge - parentEdge) <= slack ? parentEdge : edge }
        let x0 = snap(frame.minX, parent.minX), x1 = snap(frame.maxX, parent.maxX)
        let y0 = snap(frame.minY, parent.minY), y1 = snap(frame.maxY, parent.maxY)
        var width = x1 - x0, height = y1 - y0
        // x0 + (x1 - x0) itself can round past x1.
        while width > 0 && x0 + width > x1 { width = width.nextDown }
        while height > 0 && y0 + height > y1 { height = height.nextDown }
        return Rect(x: x0, y: y0, width: width, height: height)
    }

    /// Removes a region with the recognizers attached to it and to its children.
    public func removeRegion(named name: String) {
        remove(recognizers: [], regions: [name])
    }

    /// Adds a recognizer with its relations; its region must be on this surface.
    public func add(_ recognizerEntry: RecognizerEntry) {
        let recognizer = recognizerEntry.makeRecognizer()
        recognizer.delegate = rules
        declareRelations(of: recognizerEntry)
        entries[recognizerEntry.name] = recognizerEntry
        let region: Region? =
            switch recognizerEntry.placement {
            case .region(let name): regions[name]
            case .device, .everyDevice: engine.root
            }
        recognizers[recognizerEntry.name] = recognizer
        engine.add(recognizer, to: region)
    }

    public func removeRecognizer(named name: String) {
        remove(recognizers: [name], regions: [])
    }

    /// Removes recognizers, then regions with the recognizers on them and on their children, and declares the
    /// relations of those left once: a connection leaving with all it added costs one pass over the relations,
    /// not one per recognizer (with 20 connections of 32 recognizers each, one per recognizer held a frame back
    /// by tens of milliseconds).
    public func remove(recognizers names: [String], regions regionNames: [String]) {
        var removedAny = false
        for name in names {
            guard let recognizer = recognizers.removeValue(forKey: name) else { continue }
            engine.remove(recognizer)
            entries[name] = nil
            removedAny = true
        }
        for name in regionNames {
            guard let region = regions[name], region !== engine.root else { continue }
            var doomed: [Region] = [region]
            var i = 0
            while i < doomed.count {
                doomed += doomed[i].children
                i += 1
            }
            for r in doomed {
                for recognizer in r.recognizers {
                    recognizers[recognizer.name] = nil
                    entries[recognizer.name] = nil
                }
                regions[r.name] = nil
                closedRegions.remove(r.name)
            }
            engine.removeRegion(region)
            removedAny = true
        }
        if removedAny { redeclareRelations() }
    }

    private func declareRelations(of recognizerEntry: RecognizerEntry) {
        for other in recognizerEntry.requireToFail { rules.require(recognizerEntry.name, toFail: other) }
        for other in recognizerEntry.simultaneousWith { rules.allowSimultaneous(recognizerEntry.name, other) }
        for other in recognizerEntry.cannotPrevent { rules.preventNot(recognizerEntry.name, other) }
        for other in recognizerEntry.cannotBePreventedBy { rules.notPreventable(recognizerEntry.name, by: other) }
        if let rule = recognizerEntry.shouldReceive { rules.shouldReceive[recognizerEntry.name] = shouldReceive(rule) }
        if let rule = recognizerEntry.shouldBegin { rules.shouldBegin[recognizerEntry.name] = shouldBegin(rule) }
    }

    /// A recognizer went: the relations are those its remaining fellows declare, no more. Its own go with it,
    /// so one added again under its name starts with none, and client churn never grows the sets.
    private func redeclareRelations() {
        rules.removeAll()
        for recognizerEntry in entries.values { declareRelations(of: recognizerEntry) }
    }

    /// A location on the rotated surface in 0...1.
    public func normalized(_ p: Point) -> Point {
        Point(x: size.width > 0 ? p.x / size.width : 0, y: size.height > 0 ? p.y / size.height : 0)
    }

    /// A location in pixels of the configured output, if there is one.
    public func pixels(_ p: Point) -> Point? {
        guard let output = entry.outputSize else { return nil }
        let n = normalized(p)
        return Point(x: n.x * output.width, y: n.y * output.height)
    }

    private func inAny(_ names: [String], _ point: Point) -> Bool {
        guard let hit = engine.root.hitTest(point) else { return false }
        return hit.lineage.contains { names.contains($0.name) }
    }

    private func shouldReceive(_ rule: ShouldReceiveRule) -> (GestureRecognizer, Touch) -> Bool {
        { [unowned self] _, touch in
            rule.touchTypes.contains(touch.type) && (rule.regions.isEmpty || inAny(rule.regions, touch.location))
                && !inAny(rule.excludeRegions, touch.location)
        }
    }

    private func shouldBegin(_ rule: ShouldBeginRule) -> (GestureRecognizer) -> Bool {
        { [unowned self] recognizer in
            let n = recognizer.numberOfTouches
            if let lo = rule.minimumTouches, n < lo { return false }
            if let hi = rule.maximumTouches, n > hi { return false }
            if !rule.regions.isEmpty && !inAny(rule.regions, recognizer.location) { return false }
            return !rule.unlessActive.contains { name in
                guard let other = recognizers[name] else { return false }
                return other.state == .began || other.state == .changed
            }
        }
    }
}
