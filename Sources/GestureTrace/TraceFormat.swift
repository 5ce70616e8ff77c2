import GestureEngine

/// How a trace reads and prints numbers: lengths in its units, two decimals at most, times in seconds with three.
enum TraceFormat {
    /// A number of the trace's text; `nan` and `inf`, which Double takes, are not numbers a trace can mean.
    static func number(_ word: String) -> Double? {
        guard let v = Double(word), v.isFinite else { return nil }
        return v
    }

    static func time(_ t: Timestamp) -> String {
        // Rounded to the millisecond without overflowing at the clock's end (a deadline never reached).
        let ms = t.nanoseconds / 1_000_000 + (t.nanoseconds % 1_000_000 >= 500_000 ? 1 : 0)
        let sign = ms < 0 ? "-" : ""
        let magnitude = abs(ms)
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func number(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        if hundredths == 0 { return "0" }
        // Beyond what two decimals in an Int can hold (a velocity over a nanosecond), as Swift writes it.
        guard abs(hundredths) < 9e15 else { return v.description }
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
