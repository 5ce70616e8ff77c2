import GestureEngine
import Testing

@testable import Conditioning

/// The conditioner's table of contacts answers as the dictionary it replaced: a value by its id until it is
/// removed, stored again in place, and none for an id never stored.
struct TouchTableTests {
    @Test func valuesAreFoundByIdUntilRemoved() {
        var table = TouchTable<String>()
        var dictionary: [UInt64: String] = [:]
        // Ids landing and lifting in an order that leaves gaps and reuses places.
        let steps: [(UInt64, String?)] = [(7, "a"), (3, "b"), (7, "c"), (9, "d"), (3, nil), (12, "e"), (7, nil), (3, "f"), (42, nil), (9, "g")]
        for (id, value) in steps {
            table[TouchID(id)] = value
            dictionary[id] = value
            for probe: UInt64 in [3, 7, 9, 12, 42] {
                #expect(table[TouchID(probe)] == dictionary[probe], "\(probe) after \(id) = \(value ?? "nil")")
            }
            #expect(Set(table.values) == Set(dictionary.values))
            #expect((table.first { id, v in id == 9 && v == "g" } != nil) == (dictionary[9] == "g"))
        }
        table.removeAll()
        #expect(table[3] == nil && table.values.isEmpty)
    }
}
