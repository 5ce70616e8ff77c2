/// A TOML value and where it was written. A table keeps its keys in the order the text gives them.
public struct TOMLNode: Sendable {
    public indirect enum Value: Sendable {
        case table([(key: String, node: TOMLNode)])
        case array([TOMLNode])
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case dateTime(TOMLDateTime)
    }

    public var value: Value
    /// Where the key that names it begins: the first character of `a.b` in `a.b = 1`, the `[` of the header of a
    /// table or of an element of an array of tables. Nil for an array's element, the root, and a table made only
    /// as a part of another's key (`a` of `[a.b]`).
    public var keyPosition: SourcePosition?
    /// Where its value begins; a header's `[` for a table it begins. Nil where no text gave it (the root, a table
    /// made as a part of another's key).
    public var valuePosition: SourcePosition?

    public init(_ value: Value, key: SourcePosition? = nil, at position: SourcePosition? = nil) {
        self.value = value
        keyPosition = key
        valuePosition = position
    }
}

/// A date, a time of day, or both, with an offset from UTC or without (TOML's offset date-time, local
/// date-time, local date and local time), as written: nothing is converted.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    public struct Date: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
    }

    public struct Time: Hashable, Sendable {
        public var hour: Int
        public var minute: Int
        public var second: Int
        /// The fraction of a second's digits as written (`123` of `.123`), empty without one.
        public var fraction: String
    }

    public var date: Date?
    public var time: Time?
    /// Minutes east of UTC (`Z` is 0); nil for local dates and times.
    public var offsetMinutes: Int?

    /// What kind of value it is, in the words an error message uses: `date-time`, `date` or `time`.
    public var kind: String { date == nil ? "time" : time == nil ? "date" : "date-time" }

    /// RFC 3339's form: `T` between the date and time, `Z` for a zero offset, the fraction as written.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = ""
        if let date {
            let year = String(date.year)
            text += String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(date.month) + "-" + two(date.day)
        }
        if let time {
            if date != nil { text += "T" }
            text += two(time.hour) + ":" + two(time.minute) + ":" + two(time.second)
            if !time.fraction.isEmpty { text += "." + time.fraction }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let minutes = abs(offsetMinutes)
                text += (offsetMinutes < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
            }
        }
        return text
    }
}
