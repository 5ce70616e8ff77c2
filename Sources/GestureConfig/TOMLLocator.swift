/// Finds where each key and value of a TOML document is, by path (`recognizer[2].kind`), so that validation
/// errors can name a line and column: TOMLKit reports positions for syntax errors only. It knows only enough
/// TOML to step over values, and it always makes progress on any input: it runs before the parser too, to find
/// the text that crashes it (`trap`).
struct TOMLLocator {
    /// Every place the document has a key or value, numbered: 0 is the root, and every other is known by its
    /// parent's number and its key, or is an element of its parent's array. A value's whole path is never
    /// spelt out: every value below a key repeats the keys above it, and 250,000 of them under keys of 255
    /// bytes took a second as text.
    private var keyed: [Keyed: Int] = [:]
    /// The places of each array's elements, in order, by the array's place; an array of tables's too.
    private var elements: [Int: [Int]] = [:]
    /// The places that are arrays of tables (`[[name]]`): a header below one is in its latest element.
    private var tableArrays: Set<Int> = []
    private(set) var keyAt: [SourcePosition?] = [nil]
    private(set) var valueAt: [SourcePosition?] = [nil]
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Characters (not bytes) since the line began, as toml++ counts columns for syntax errors, so that every
    /// error of a file counts the same way on a line with `é` or `→` before the place.
    private var column = 1
    /// Levels open around the current place: each part of a table header or dotted key, each `[` and `{`, and
    /// the `[[` of an array of tables count one. This scanner recursed once per bracket, and toml++ once per
    /// table (a dotted key of 100,000 parts overflowed its stack). Past `ConfigLimits.nestingLevels`, or at a
    /// key longer than `ConfigLimits.keyBytes`, the scan stops and `excess` says where: `ConfigNode.parse`
    /// refuses the text before toml++ reads it.
    private var level = 0
    private(set) var excess: Excess?

    private struct Keyed: Hashable {
        var parent: Int
        var key: String
    }

    struct Excess {
        /// The offset in the UTF-8 text of the key or bracket past the limit.
        var offset: Int
        var position: SourcePosition
        var message: String
    }
    /// The first place where the toml++ inside TOMLKit (3.4.0) asserts instead of reporting an error: a table
    /// header whose key starts with neither a bare-key character nor a quote (`[[[x]]]`, `[=`, `[` alone on a
    /// line), `}` where an array expects a value (`[}`, `[1,}`), and no digit after the `T` of a date-time
    /// (`1979-05-27Tx:00`, found by fuzzing: docs/fuzzing.md). The assertions abort the process, in
    /// release builds too (SwiftPM does not define NDEBUG for C++ targets), so `ConfigNode.parse` puts in
    /// `replacement` there, a byte toml++ rejects cleanly at the same place, and reports `message`.
    private(set) var trap: Trap?

    struct Trap {
        /// The byte's offset in the UTF-8 text.
        var offset: Int
        /// Line and column counted in characters, as toml++ counts them.
        var position: SourcePosition
        var replacement: UInt8
        var message: String
        /// Where the replacement can first change what toml++ reports. It reads a value ahead to tell its type,
        /// so for a trap inside a value that is where the value starts; an error before it is the text's own.
        var reach: SourcePosition
    }

    init(source: String) {
        bytes = Array(source.utf8)
        document()
    }

    /// The value's position, else its key's, else the nearest enclosing table's.
    func position(of path: ConfigPath, preferKey: Bool = false) -> SourcePosition {
        for p in lineage(of: path).reversed() {
            if preferKey, let found = keyAt[p] ?? valueAt[p] { return found }
            if let found = valueAt[p] ?? keyAt[p] { return found }
        }
        return SourcePosition(line: 1, column: 1)
    }

    /// The places from the root down along `path`, as far as the document has them: indices of `keyAt` and
    /// `valueAt`.
    func lineage(of path: ConfigPath) -> [Int] {
        var lineage = [0]
        for component in path.components {
            let next: Int? =
                switch component {
                case .key(let key): keyed[Keyed(parent: lineage.last!, key: key)]
                case .index(let n): elements[lineage.last!].flatMap { $0.indices.contains(n) ? $0[n] : nil }
                }
            guard let next else { break }
            lineage.append(next)
        }
        return lineage
    }

    /// The place of `key` under `parent`, numbered when first met.
    private mutating func child(of parent: Int, _ key: String) -> Int {
        if let known = keyed[Keyed(parent: parent, key: key)] { return known }
        let place = newPlace()
        keyed[Keyed(parent: parent, key: key)] = place
        return place
    }

    private mutating func newPlace() -> Int {
        keyAt.append(nil)
        valueAt.append(nil)
        return keyAt.count - 1
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
            column += 1
        }
        index += 1
    }

    /// Steps over `n` ASCII bytes other than newlines (brackets, quotes) that the caller has seen.
    private mutating func skipASCII(_ n: Int) {
        index += n
        column += n
    }

    private mutating func document() {
        var table = 0
        while true {
            skipTrivia(newlines: true)
            guard let c = current else { return }
            let start = index
            if c == UInt8(ascii: "[") {
                table = header()
            } else {
                keyValue(in: table)
            }
            if index == start { advance() }
        }
    }

    /// `[a.b]` or `[[a.b]]`; a table under an array of tables belongs to its latest element.
    private mutating func header() -> Int {
        let at = position
        if trap == nil { checkHeaderKeyStart() }
        let isArray = peek(1) == UInt8(ascii: "[")
        level = isArray ? 1 : 0
        skipASCII(isArray ? 2 : 1)
        let parts = keyParts()
        var table = 0
        for (n, part) in parts.enumerated() {
            table = child(of: table, part)
            let isLast = n == parts.count - 1
            if tableArrays.contains(table), let latest = elements[table]?.last, !(isArray && isLast) { table = latest }
        }
        if isArray {
            let element = newPlace()
            tableArrays.insert(table)
            elements[table, default: []].append(element)
            table = element
        }
        keyAt[table] = at
        valueAt[table] = at
        while let c = current, c != UInt8(ascii: "\n") {
            if c == UInt8(ascii: "#") { break }
            advance()
        }
        return table
    }

    /// What toml++'s parse_table_header does before parse_key: past `[`, spaces and tabs, a second `[` right
    /// after the first, spaces and tabs again; `]` and the end are errors it reports itself.
    private mutating func checkHeaderKeyStart() {
        var i = index + 1
        func skipBlanks() { while i < bytes.count && (bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t")) { i += 1 } }
        skipBlanks()
        guard i < bytes.count else { return }
        if bytes[i] == UInt8(ascii: "[") {
            guard i == index + 1 else { return }  // "[ [": toml++ reports it
            i += 1
            skipBlanks()
            guard i < bytes.count else { return }
        }
        let b = bytes[i]
        if b == UInt8(ascii: "]") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || isBareKeyByte(b) { return }
        // "[]" is an error toml++ reports: "tables with blank bare keys are explicitly prohibited".
        setTrap(at: i, replacement: UInt8(ascii: "]"), "Error while parsing table header: expected bare key starting character or string delimiter")
    }

    /// What toml++'s parse_date_time assumes: a digit after `YYYY-MM-DDT`. It takes a value for a date-time
    /// by the characters in it (a colon anywhere after the `T`), then asserts on the hour's first digit.
    /// Replaced by `0`, the hour starts; the value's type may change with it (`1979-05-27T:00` loses its only
    /// colon), so the trap reaches back to the value's start.
    private mutating func checkDateTimeHour() {
        var i = index
        for p in "dddd-dd-dd".utf8 {
            guard i < bytes.count, p == UInt8(ascii: "d") ? isDigit(bytes[i]) : bytes[i] == p else { return }
            i += 1
        }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") else { return }
        let b = bytes[i + 1]
        // A separator ends the value before any colon: toml++ then reads a date and reports the `T` itself.
        let separators = " \t\r\n,]}#".utf8
        guard !isDigit(b), !separators.contains(b) else { return }
        setTrap(at: i + 1, replacement: UInt8(ascii: "0"), "Error while parsing date-time: expected 2-digit hour", reach: position)
    }

    /// What toml++'s parse_value assumes of a date and time written with a space for the `T` (found by
    /// fuzzing: docs/fuzzing.md): a run of 10 characters with `-` 5th and 8th (`_` not counted), a space, then
    /// a digit, which it takes for an hour's first and reads on from, asserting that no value ends there: `a =
    /// 1979-05-27 0` followed by a line break, a blank, `,`, `]`, `}` or `#`. Such a value is never valid
    /// TOML, so a wider net than toml++'s own test of the run's characters loses nothing. Replaced by `0`, the
    /// byte after the digit makes the hour two digits.
    private mutating func checkSpacedHour() {
        guard let first = current, isDigit(first) else { return }
        var i = index
        var characters: [UInt8] = []
        let ends = " \t\n\r\u{0B}\u{0C},]}#".utf8
        while i < bytes.count, !ends.contains(bytes[i]), characters.count <= 10 {
            // A character is counted at its first byte; `_` is not counted.
            if bytes[i] & 0xC0 != 0x80 && bytes[i] != UInt8(ascii: "_") { characters.append(bytes[i]) }
            i += 1
        }
        guard characters.count == 10, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
            i + 2 < bytes.count, bytes[i] == UInt8(ascii: " "), isDigit(bytes[i + 1])
        else { return }
        let after = bytes[i + 2]
        // Any byte past ASCII may start a Unicode blank, which ends a value too.
        guard ends.contains(after) || after >= 0x80 else { return }
        setTrap(at: i + 2, replacement: UInt8(ascii: "0"), "Error while parsing date-time: expected 2-digit hour", reach: position)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func setTrap(at offset: Int, replacement: UInt8, _ message: String, reach: SourcePosition? = nil) {
        guard trap == nil else { return }
        let b = bytes[offset]
        let saw =
            b == UInt8(ascii: "\n") ? ", saw '\\n'" : b == UInt8(ascii: "\r") ? ", saw '\\r'"
            : b >= 0x20 && b < 0x7F ? ", saw '\(Character(Unicode.Scalar(b)))'" : ""
        // No line break lies between the current byte and `offset`; columns count characters.
        let at = SourcePosition(line: line, column: column + bytes[index..<offset].count { $0 & 0xC0 != 0x80 })
        trap = Trap(offset: offset, position: at, replacement: replacement, message: message + saw, reach: reach ?? at)
    }

    private mutating func keyValue(in table: Int) {
        let outer = level
        defer { level = outer }
        let at = position
        var key = table
        for part in keyParts() { key = child(of: key, part) }
        keyAt[key] = at
        skipTrivia(newlines: false)
        guard current == UInt8(ascii: "=") else { return }
        advance()
        skipTrivia(newlines: false)
        value(key)
    }

    private mutating func keyParts() -> [String] {
        var parts: [String] = []
        while true {
            skipTrivia(newlines: false)
            guard let c = current else { break }
            let (start, startPosition) = (index, position)
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                parts.append(quoted())
            } else {
                while let b = current, isBareKeyByte(b) { advance() }
                guard index > start else { break }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            if parts.last!.utf8.count > ConfigLimits.keyBytes {
                stop(at: start, startPosition, "a key longer than \(ConfigLimits.keyBytes) bytes: no key of a configuration is")
                return parts
            }
            guard deeper(at: start, startPosition) else { return parts }
            skipTrivia(newlines: false)
            guard current == UInt8(ascii: ".") else { break }
            advance()
        }
        return parts
    }

    private func isBareKeyByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    /// One level more; false, with the scan stopped, past `ConfigLimits.nestingLevels`.
    private mutating func deeper(at offset: Int? = nil, _ at: SourcePosition? = nil) -> Bool {
        level += 1
        guard level > ConfigLimits.nestingLevels else { return true }
        stop(at: offset ?? index, at ?? position, "nested deeper than \(ConfigLimits.nestingLevels) levels (keys, arrays and tables within each other): a configuration needs 7")
        return false
    }

    /// Ends the scan: nothing after the first excess is read, by this scanner or by toml++.
    private mutating func stop(at offset: Int, _ at: SourcePosition, _ message: String) {
        if excess == nil { excess = Excess(offset: offset, position: at, message: message) }
        index = bytes.count
    }

    private mutating func value(_ place: Int) {
        valueAt[place] = position
        guard let c = current else { return }
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            _ = quoted()
        case UInt8(ascii: "["):
            guard deeper() else { return }
            // Kept once the array is read, not looked up for each element.
            var items: [Int] = []
            defer {
                level -= 1
                elements[place] = items
            }
            advance()
            var expectingValue = true  // at the start and after a comma
            while true {
                skipTrivia(newlines: true)
                guard let b = current else { return }
                if b == UInt8(ascii: "]") { advance(); return }
                if b == UInt8(ascii: "}") && expectingValue {
                    // toml++ reports "[," itself: "expected value or closing ']', saw comma".
                    setTrap(at: index, replacement: UInt8(ascii: ","), "Error while parsing array: expected value or closing ']'")
                }
                let start = index
                items.append(newPlace())
                value(items.last!)
                expectingValue = false
                skipTrivia(newlines: true)
                if current == UInt8(ascii: ",") {
                    advance()
                    expectingValue = true
                }
                if index == start { advance() }
            }
        case UInt8(ascii: "{"):
            guard deeper() else { return }
            defer { level -= 1 }
            advance()
            while true {
                skipTrivia(newlines: false)
                guard let b = current, b != UInt8(ascii: "\n") else { return }
                if b == UInt8(ascii: "}") { advance(); return }
                let start = index
                keyValue(in: place)
                skipTrivia(newlines: false)
                if current == UInt8(ascii: ",") { advance() }
                if index == start { advance() }
            }
        default:
            if trap == nil { checkDateTimeHour() }
            if trap == nil { checkSpacedHour() }
            while let b = current, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\n"),
                UInt8(ascii: "#")].contains(b)
            {
                advance()
            }
        }
    }

    /// A basic or literal string, single- or multi-line; returns its raw text without the quotes.
    private mutating func quoted() -> String {
        let quote = bytes[index]
        let triple = peek(1) == quote && peek(2) == quote
        skipASCII(triple ? 3 : 1)
        let start = index
        while let b = current {
            if quote == UInt8(ascii: "\"") && b == UInt8(ascii: "\\") {
                advance()
                if current != nil { advance() }
                continue
            }
            if b == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                skipASCII(triple ? 3 : 1)
                return text
            }
            if b == UInt8(ascii: "\n") && !triple { break }
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipTrivia(newlines: Bool) {
        while let b = current {
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") {
                advance()
            } else if b == UInt8(ascii: "#") {
                while let c = current, c != UInt8(ascii: "\n") { advance() }
            } else if b == UInt8(ascii: "\n") && newlines {
                advance()
            } else {
                return
            }
        }
    }
}
