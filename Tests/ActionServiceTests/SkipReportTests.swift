import Testing

@testable import ActionService

/// Skipped commands said at most a line a second, none lost from the count (time as an input).
@Suite struct SkipReportTests {
    @Test func aFloodOfSkipsIsALineASecondWithItsCount() {
        var report = SkipReport()
        var lines: [String] = []
        // 10,000 skips over 10 s, a command ending now and then, then the last one.
        for i in 0..<10_000 {
            let t = Double(i) / 1000
            if let line = report.skipped("notify-send x", most: 32, at: t) { lines.append(line) }
            if i % 700 == 0, let line = report.commandEnded(at: t) { lines.append(line) }
        }
        if let line = report.commandEnded(at: 20) { lines.append(line) }
        #expect(lines.count <= 12, "\(lines.count) lines")
        #expect(lines.first == "actions: 32 commands are still running; 'notify-send x' is skipped")
        // Every skip said: once in its own line, or in a line's count.
        var total = 0
        for line in lines {
            if line.contains("is skipped") { total += 1 }
            if let more = line.components(separatedBy: "and ").last?.split(separator: " ").first.flatMap({ Int($0) }), line.contains("and ") {
                total += more
            } else if line.hasSuffix("others were still running"), let n = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                total += n
            }
        }
        #expect(total == 10_000, "\(lines)")
    }

    @Test func theLastCountIsSaidWhenACommandEnds() {
        var report = SkipReport()
        #expect(report.skipped("a", most: 1, at: 0) != nil)
        #expect(report.skipped("a", most: 1, at: 0.1) == nil)
        #expect(report.skipped("a", most: 1, at: 0.2) == nil)
        #expect(report.commandEnded(at: 0.5) == nil)
        #expect(report.commandEnded(at: 1.2) == "actions: 2 more commands were skipped while others were still running")
        #expect(report.commandEnded(at: 5) == nil)
    }
}
