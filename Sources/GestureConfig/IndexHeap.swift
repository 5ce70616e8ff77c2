import ConfigSchema
/// Indices, taken smallest first: entries in file order among those that are ready, each in O(log n).
struct IndexHeap {
    private var items: [Int] = []

    mutating func insert(_ index: Int) {
        items.append(index)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popMin() -> Int? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let smallest = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count && items[left] < items[least] { least = left }
            if right < items.count && items[right] < items[least] { least = right }
            guard least != parent else { return smallest }
            items.swapAt(parent, least)
            parent = least
        }
    }
}
