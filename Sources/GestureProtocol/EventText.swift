import Foundation

/// One line a person reads for each event of the protocol: what `gesturectl monitor` prints, and `gestured replay
/// --format text`. Lengths in millimetres (and pixels where the surface has an output), times in seconds of the
/// device's clock, every time with three decimals.
public enum EventText {
    public static func line(_ event: Event) -> String {
        switch event {
        case .gesture(let g):
            let place = "\(g.device)/\(g.region)"
            return "\(time(g.time))  \(pad(g.recognizer, 16)) \(pad(g.kind, 10)) \(pad(g.state.name, 9)) \(pad(place, 20)) \(g.touches) finger(s) at \(location(g.location))\(values(g.values))"
        case .touch(let t):
            return "\(time(t.time))  touch \(t.id) \(pad(t.phase.name, 10)) \(t.device)/\(t.region) at \(location(t.location))"
        case .deviceAdded(let d):
            return "device added: \(d.name) (\(d.deviceName), \(d.kind), \(d.node))"
        case .deviceRemoved(let device, let node, let at):
            return "\(time(at))  device removed: \(device) (\(node))"
        case .configReloaded(let file, let recognizers):
            return "configuration reloaded: \(file) (\(recognizers) recognizers)"
        case .configRejected(_, let errors):
            return "configuration refused, the running one stays:\n  " + errors.joined(separator: "\n  ")
        case .notice(let error):
            return "error: \(error.message)"
        }
    }

    /// A number as a person reads it: a whole one without a fraction, another to two places.
    public static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(format: "%.2f", d)
    }

    public static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    private static func time(_ t: DaemonTime) -> String { String(format: "%.3f", t.seconds) }

    private static func location(_ location: SurfaceLocation?) -> String {
        // The daemon shows this user no positions there (docs/protocol.md, Who sees what).
        guard let location else { return "a place not shown" }
        var text = "(\(number(location.millimetres.x)), \(number(location.millimetres.y))) mm"
        if let px = location.pixels { text += " (\(number(px.x)), \(number(px.y))) px" }
        return text
    }

    /// The values by their wire names, in alphabetical order.
    private static func values(_ v: GestureValues) -> String {
        let named = v.named.sorted { $0.name < $1.name }
        guard !named.isEmpty else { return "" }
        return "  " + named.map { name, value in
            switch value {
            case .number(let d): "\(name)=\(number(d))"
            case .pair(let p): "\(name)=(\(number(p.x)), \(number(p.y)))"
            case .word(let w): "\(name)=\(w)"
            }
        }.joined(separator: " ")
    }
}
