import GestureEngine

/// How a trace prints numbers: lengths in its units, two decimals at most, times in seconds with three.
enum TraceFormat {
    static func time(_ t: Timestamp) -> String {
        let ms = (t.nanoseconds + 500_000) / 1_000_000
        let sign = ms < 0 ? "-" : ""
        let magnitude = abs(ms)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func number(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        if hundredths == 0 { return "0" }
        let whole = Int(hundredths) / 100
        let rest = abs(Int(hundredths) % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if rest == 0 { return sign + String(whole) }
        let digits = rest % 10 == 0 ? String(rest / 10) : (rest < 10 ? "0" + String(rest) : String(rest))
        return sign + String(whole) + "." + digits
    }

    static func point(_ p: Point, scale: Double) -> String {
        "(" + number(p.x / scale) + "," + number(p.y / scale) + ")"
    }
}
