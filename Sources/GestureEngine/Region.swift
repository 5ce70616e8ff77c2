/// A rectangle of the device surface that plays the role of a UIKit view: recognizers are attached to it,
/// raw touches are delivered to it. The root region is the whole surface; children lie within their parent.
public final class Region {
    public let id: Int
    public let name: String
    public let frame: Rect
    public private(set) weak var parent: Region?
    /// Back to front: the last child is on top and wins a hit test.
    public private(set) var children: [Region] = []
    /// In the order they were added, which is their order within one pass (rule R11). Read for every new touch,
    /// changed only when recognizers are added or removed, never during a pass: unchecked for exclusivity.
    @exclusivity(unchecked) public internal(set) var recognizers: [GestureRecognizer] = []
    public let depth: Int

    init(id: Int, name: String, frame: Rect, parent: Region?) {
        self.id = id
        self.name = name
        self.frame = frame
        self.parent = parent
        self.depth = (parent?.depth ?? -1) + 1
        parent?.children.append(self)
    }

    /// The deepest region under `point`, front-most child first; nil when the point is outside this region.
    public func hitTest(_ point: Point) -> Region? {
        guard frame.contains(point) else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point) { return hit }
        }
        return self
    }

    /// This region and its ancestors, deepest first.
    public var lineage: [Region] {
        var chain: [Region] = []
        var node: Region? = self
        while let region = node {
            chain.append(region)
            node = region.parent
        }
        return chain
    }

    func removeChild(_ child: Region) {
        children.removeAll { $0 === child }
    }
}
