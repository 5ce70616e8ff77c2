import GestureProtocol
import Testing

/// Lines as a client receives them: split across receives, many in one, longer than the room, up to the bound.
@Suite struct LineBufferTests {
    /// Receives `chunks` one by one (a receive of at most the room there is, as recv), taking every whole line
    /// after each.
    static func lines(_ chunks: [[UInt8]], capacity: Int) -> (lines: [String], refused: Bool) {
        let buffer = LineBuffer(capacity: capacity)
        var lines: [String] = []
        var pending = chunks[...]
        var rest: ArraySlice<UInt8> = []
        while !pending.isEmpty || !rest.isEmpty {
            if rest.isEmpty { rest = pending.removeFirst()[...] }
            guard let room = buffer.room() else { return (lines, true) }
            let n = min(room.count, rest.count)
            room.copyBytes(from: rest.prefix(n))
            rest.removeFirst(n)
            buffer.received(n)
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        return (lines, false)
    }

    @Test func linesSplitAnywhereComeWhole() {
        let text = Array("one\ntwo\n\nthree four\nfive".utf8)
        for cut in 0...text.count {
            let result = Self.lines([Array(text[..<cut]), Array(text[cut...])], capacity: 4)
            #expect(result.lines == ["one", "two", "", "three four"] && !result.refused)
        }
    }

    @Test func manyLinesInOneReceiveAndALineLongerThanTheRoom() {
        let long = String(repeating: "x", count: 10_000)
        let result = Self.lines([Array("a\nb\nc\n\(long)\nd\n".utf8)], capacity: 16)
        #expect(result.lines == ["a", "b", "c", long, "d"])
    }

    @Test func aLinePastTheBoundIsRefused() {
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        let result = Self.lines(Array(repeating: chunk, count: LineBuffer.maximumLineBytes >> 20) + [[0x41, 0x0A]], capacity: 65_536)
        #expect(result.refused && result.lines.isEmpty)
        let fits = Self.lines(Array(repeating: chunk, count: LineBuffer.maximumLineBytes >> 20) + [[0x0A]], capacity: 65_536)
        #expect(!fits.refused && fits.lines.map(\.utf8.count) == [LineBuffer.maximumLineBytes])
    }

    @Test func aLineIsAViewOfTheBufferUntilTheNextReceive() {
        let buffer = LineBuffer(capacity: 8)
        let text = Array("ab\ncd".utf8)
        buffer.room()!.copyBytes(from: text)
        buffer.received(text.count)
        #expect(buffer.nextLine().map { Array($0) } == Array("ab".utf8))
        #expect(buffer.nextLine() == nil && !buffer.hasLine())
        buffer.room()!.copyBytes(from: Array("e\n".utf8))
        buffer.received(2)
        #expect(buffer.nextLine().map { String(decoding: $0, as: UTF8.self) } == "cde")
    }
}
