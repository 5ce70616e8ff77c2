/// The distance between two drawings as paths ($1, Wobbrock, Wilson and Li 2007; Protractor, Li 2010): the
/// sum of the squared distances between their points in the order drawn, first with first, last with last, so
/// the order and direction of the strokes count. Turning angles are left out: the order already tells a corner
/// from a curve, and comparing turns point by point only added the noise of where along the path each fell.
enum PathDistance {
    static func distance(_ a: UnsafeBufferPointer<NormalizedPoint>, _ b: [NormalizedPoint], rotationInvariant: Bool) -> Double {
        b.withUnsafeBufferPointer { b in
            guard rotationInvariant else {
                var sum = 0.0
                for i in 0..<a.count { sum += squaredDistance(a[i], b[i]) }
                return sum
            }
            // Turning a by θ leaves Σ|a|² + Σ|b|² - 2(p cos θ + q sin θ), with p = Σ a·b and q = Σ a×b; the best θ
            // makes the bracket √(p² + q²) (Protractor's closed form). Both sums of squares are n: each drawing's
            // root-mean-square radius is 1.
            var p = 0.0, q = 0.0
            for i in 0..<a.count {
                p += a[i].x * b[i].x + a[i].y * b[i].y
                q += a[i].x * b[i].y - a[i].y * b[i].x
            }
            return max(0, 2 * Double(a.count) - 2 * (p * p + q * q).squareRoot())
        }
    }
}
