import ConfigSchema
import GestureProtocol

extension ActionsFile {
    /// The keys whose names a recognizer must find already there when it is added: it waits for, prevents or is
    /// prevented by them (`simultaneous_with` is the other kind: it goes both ways, so one of the two may say it).
    static let orderedRelations = ["require_to_fail", "cannot_prevent", "cannot_be_prevented_by", "should_begin.unless_active"]

    /// The file's recognizers as the daemon takes them, one add_recognizer at a time, each naming only
    /// recognizers added before it (docs/actions.md, Your own recognizers): every one after those of the file
    /// it waits for, prevents or is prevented by, else in the file's order; and each pair that may recognize
    /// together said by the later of the two, whichever of them the file wrote it in. Recognizers that name
    /// each other so that neither can come first are errors at their tables; the rest are in `ordered`.
    public func additions() -> (ordered: [OwnRecognizer], errors: [ConfigError]) {
        let own = Set(recognizers.map(\.name))
        func needs(_ r: OwnRecognizer) -> Set<String> {
            Set(Self.orderedRelations.flatMap { r.relations[$0] ?? [] }).intersection(own).subtracting([r.name])
        }
        var ordered: [OwnRecognizer] = []
        var placed: Set<String> = []
        var left = recognizers
        while let next = left.firstIndex(where: { needs($0).isSubset(of: placed) }) {
            placed.insert(left[next].name)
            ordered.append(left.remove(at: next))
        }
        let errors = left.map { r in
            let waiting = needs(r).subtracting(placed).sorted()
            return ConfigError(
                file: file, position: r.at,
                "recognizer '\(r.name)' names \(waiting.map { "'\($0)'" }.joined(separator: ", ")) in \(Self.orderedRelations.joined(separator: ", ")), which name it back, "
                    + "directly or through others: the daemon adds a connection's recognizers one at a time, each naming only those added before it, so one of them must not name the other")
        }
        // Both ways: a pair is said by whichever comes later.
        let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.name, $0) })
        var together: [String: [String]] = [:]
        for r in ordered {
            for other in r.relations["simultaneous_with"] ?? [] {
                guard let i = position[other], let j = position[r.name] else {
                    together[r.name, default: []].append(other)
                    continue
                }
                let (later, earlier) = i < j ? (r.name, other) : (other, r.name)
                if !(together[later]?.contains(earlier) ?? false) { together[later, default: []].append(earlier) }
            }
        }
        return (ordered.map { $0.saying(together[$0.name] ?? []) }, errors)
    }
}

extension ActionsFile.OwnRecognizer {
    /// The request with `simultaneous_with` as `names` (left out when there are none).
    func saying(_ names: [String]) -> Self {
        guard case .object(var fields) = request else { return self }
        fields["simultaneous_with"] = names.isEmpty ? nil : .array(names.map { .string($0) })
        var r = self
        r.request = .object(fields)
        return r
    }
}
