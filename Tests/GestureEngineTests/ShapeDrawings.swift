import GestureEngine
import RealModule

/// Drawings for the shape matcher's tests, in millimetres, a point every 10 ms.
enum ShapeDrawings {
    /// A stroke through `corners`, `perSide` points to each side.
    static func polyline(_ corners: [(Double, Double)], perSide: Int = 10) -> [ShapePoint] {
        var points = [ShapePoint(x: corners[0].0, y: corners[0].1, time: 0)]
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 1...perSide {
                let t = Double(k) / Double(perSide)
                points.append(ShapePoint(x: a.0 + (b.0 - a.0) * t, y: a.1 + (b.1 - a.1) * t, time: Double(points.count) / 100))
            }
        }
        return points
    }

    /// A circle of radius 20 mm about (50, 50), from `start` radians, clockwise on screen (y down) unless not.
    static func circle(start: Double = 0, clockwise: Bool = true, points: Int = 40) -> [ShapePoint] {
        (0...points).map { k in
            let angle = start + (clockwise ? 1 : -1) * 2 * Double.pi * Double(k) / Double(points)
            return ShapePoint(x: 50 + 20 * Double.cos(angle), y: 50 + 20 * Double.sin(angle), time: Double(k) / 100)
        }
    }

    static let triangle = polyline([(50, 20), (80, 70), (20, 70), (50, 20)])
    static let square = polyline([(20, 20), (60, 20), (60, 60), (20, 60), (20, 20)])
    static let line = polyline([(20, 20), (80, 20)])
    static let check = polyline([(20, 50), (35, 65), (70, 20)])
    /// An X in two strokes.
    static let cross = [polyline([(20, 20), (60, 60)]), polyline([(60, 20), (20, 60)])]

    static func template(_ name: String, _ strokes: [[ShapePoint]], fingers: Int = 1) -> ShapeTemplate {
        ShapeTemplate(name: name, fingers: fingers, examples: [ShapeExample(strokes: strokes)])
    }

    /// Every point moved, scaled about the origin and turned about it by `angle` radians.
    static func transformed(
        _ strokes: [[ShapePoint]], dx: Double = 0, dy: Double = 0, scale: Double = 1, angle: Double = 0
    ) -> [[ShapePoint]] {
        let c = Double.cos(angle), s = Double.sin(angle)
        return strokes.map { stroke in
            stroke.map { p in
                ShapePoint(x: (p.x * c - p.y * s) * scale + dx, y: (p.x * s + p.y * c) * scale + dy, time: p.time)
            }
        }
    }

    /// Each point moved by up to `amount` mm either way on each axis, the same for the same seed.
    static func jittered(_ strokes: [[ShapePoint]], amount: Double, seed: UInt64 = 1) -> [[ShapePoint]] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        return strokes.map { $0.map { ShapePoint(x: $0.x + amount * next(), y: $0.y + amount * next(), time: $0.time) } }
    }
}
