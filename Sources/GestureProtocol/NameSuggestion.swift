/// "Did you mean" for a mistyped name: the closest known name by edit distance, when it is close enough
/// to be a typo. Used by the protocol's request checks and by the configuration (which depends on this module).
public enum NameSuggestion {
    /// `; did you mean 'name'?`, or "" when nothing is close. Ties go to the alphabetically first name, so
    /// the message is the same on every run.
    public static func didYouMean(_ word: String, among names: some Sequence<String>) -> String {
        let limit = max(2, word.count / 3)
        let best = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        return best.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    /// Levenshtein distance over UTF-8 bytes.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var row = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[y.count]
    }
}
