import GestureEngine

/// Values by touch id, for the handful of contacts a device has down: a list searched in order. A dictionary
/// hashed each id twice a touch a frame (looked up, then stored back), 130 instructions a lookup, where a
/// touchpad has one to five contacts. The order of the entries means nothing (a dictionary's did not either).
struct TouchTable<Value> {
    private var entries: [(id: TouchID, value: Value)] = []

    subscript(id: TouchID) -> Value? {
        get {
            for entry in entries where entry.id == id { return entry.value }
            return nil
        }
        set {
            guard let i = index(of: id) else {
                if let newValue { entries.append((id, newValue)) }
                return
            }
            if let newValue {
                entries[i].value = newValue
            } else {
                remove(at: i)
            }
        }
    }

    /// Where `id`'s entry is: read and stored back through it, an entry is searched for once, and copied once each
    /// way instead of through an optional (a touchpad's contact state is 250 bytes). Valid until an entry is added
    /// or removed.
    func index(of id: TouchID) -> Int? { entries.firstIndex { $0.id == id } }

    subscript(at index: Int) -> Value {
        get { entries[index].value }
        set { entries[index].value = newValue }
    }

    mutating func remove(at index: Int) { entries.remove(at: index) }

    var values: LazyMapSequence<[(id: TouchID, value: Value)], Value> { entries.lazy.map(\.value) }

    func first(where predicate: (TouchID, Value) throws -> Bool) rethrows -> (id: TouchID, value: Value)? {
        try entries.first { try predicate($0.id, $0.value) }
    }

    mutating func removeAll() { entries.removeFewKeepingCapacity() }
}
