/// "Did you mean" for a mistyped name: the closest known name by edit distance, when it is close enough
/// to be a typo. Used by the protocol's request checks and by the configuration (which depends on this module).
public enum NameSuggestion {
    /// `; did you mean 'name'?`, or "" when nothing is close. A name the word abbreviates comes first, by meaning
    /// (`workspace-prev` is `workspace-previous`, though `workspace-next` is as few edits away; `three-finger-swipe`
    /// is either `three-finger-swipe-horizontal` or `-vertical`, both named); else the closest by edit distance,
    /// when it is close enough to be a typo. Ties go to the shorter, then the alphabetically first name, so the
    /// message is the same on every run.
    public static func didYouMean(_ word: String, among names: some Sequence<String>) -> String {
        let abbreviated = names.filter { abbreviates(word, $0) }.sorted { ($0.count, $0) < ($1.count, $1) }
        if !abbreviated.isEmpty {
            return "; did you mean " + abbreviated.prefix(2).map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        let limit = max(2, word.count / 3)
        let w = Array(word.utf8)
        var best: (name: String, distance: Int)?
        for name in names {
            guard let d = distance(w, Array(name.utf8), atMost: best?.distance ?? limit) else { continue }
            if best.map({ (d, name) < ($0.distance, $0.name) }) ?? true { best = (name, d) }
        }
        return best.map { "; did you mean '\($0.name)'?" } ?? ""
    }

    /// Whether each of the word's parts (between `-` and `_`) begins the name's part in its place, the name having
    /// as many parts or more: `workspace-prev` of `workspace-previous`, `three-finger-swipe` of
    /// `three-finger-swipe-horizontal`. A word of fewer than 3 characters says too little to go by.
    static func abbreviates(_ word: String, _ name: String) -> Bool {
        guard word.count >= 3, word != name else { return false }
        let separators: Set<Character> = ["-", "_"]
        let a = word.split(omittingEmptySubsequences: false) { separators.contains($0) }
        let b = name.split(omittingEmptySubsequences: false) { separators.contains($0) }
        guard a.count <= b.count else { return false }
        return zip(a, b).allSatisfy { !$0.isEmpty && $1.hasPrefix($0) }
    }

    /// Levenshtein distance over UTF-8 bytes, or nil when it is over `limit`. It is never less than the
    /// difference in length, nor than the smallest number in a row of the table, which never decreases row by row:
    /// most names are ruled out without the table or within a few rows of it, and none costs more than the two
    /// lengths multiplied.
    static func distance(_ x: [UInt8], _ y: [UInt8], atMost limit: Int) -> Int? {
        guard abs(x.count - y.count) <= limit else { return nil }
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var previous = Array(0...y.count), row = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            var smallest = i
            for j in 1...y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                smallest = min(smallest, row[j])
            }
            if smallest > limit { return nil }
            swap(&previous, &row)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }
}
