import ConfigSchema
/// Recognizers that wait for themselves through require_to_fail, found in time linear in the recognizers and
/// their relations. A walk from every recognizer took cubic time: a chain of 2,000 took 45 s to check.
enum RequireToFailCycles {
    /// One cycle for each group of recognizers that all wait for each other (a strongly connected component of
    /// the graph, Tarjan's algorithm), in the order of its first member: the path from that member through the
    /// others back to it, as a depth-first walk in the order the relations are written finds it first.
    /// `waits[i]` are the recognizers `i` waits for; none waits for itself (that is reported apart).
    static func cycles(_ waits: [[Int]]) -> [[Int]] {
        let component = components(waits)
        var size = Array(repeating: 0, count: waits.count)
        for c in component { size[c] += 1 }
        var found: Set<Int> = []
        var cycles: [[Int]] = []
        for start in waits.indices where size[component[start]] > 1 && found.insert(component[start]).inserted {
            cycles.append(cycle(from: start, waits) { component[$0] == component[start] })
        }
        return cycles
    }

    /// Each recognizer's component number. Iterative: a recursive walk overflows the stack on a long chain.
    private static func components(_ waits: [[Int]]) -> [Int] {
        let unvisited = -1
        var order = Array(repeating: unvisited, count: waits.count)
        var low = Array(repeating: 0, count: waits.count)
        var component = Array(repeating: unvisited, count: waits.count)
        var stack: [Int] = []
        var onStack = Array(repeating: false, count: waits.count)
        var visited = 0, components = 0
        for root in waits.indices where order[root] == unvisited {
            // The walk's path: each recognizer with the index of its next relation to follow.
            var path: [(node: Int, next: Int)] = []
            func enter(_ v: Int) {
                order[v] = visited
                low[v] = visited
                visited += 1
                stack.append(v)
                onStack[v] = true
                path.append((v, 0))
            }
            enter(root)
            while let (v, next) = path.last {
                if next < waits[v].count {
                    path[path.count - 1].next += 1
                    let w = waits[v][next]
                    if order[w] == unvisited {
                        enter(w)
                    } else if onStack[w] {
                        low[v] = min(low[v], order[w])
                    }
                    continue
                }
                path.removeLast()
                if let parent = path.last?.node { low[parent] = min(low[parent], low[v]) }
                guard low[v] == order[v] else { continue }
                while let w = stack.popLast() {
                    onStack[w] = false
                    component[w] = components
                    if w == v { break }
                }
                components += 1
            }
        }
        return component
    }

    /// The path from `start` back to it, through recognizers `inside` its component only (every cycle through
    /// `start` stays inside it), so that finding one costs no more than the component's size.
    private static func cycle(from start: Int, _ waits: [[Int]], inside: (Int) -> Bool) -> [Int] {
        var seen: Set<Int> = [start]
        var path: [(node: Int, next: Int)] = [(start, 0)]
        while let (v, next) = path.last {
            guard next < waits[v].count else {
                path.removeLast()
                continue
            }
            path[path.count - 1].next += 1
            let w = waits[v][next]
            if w == start { return path.map(\.node) }
            if inside(w) && seen.insert(w).inserted { path.append((w, 0)) }
        }
        preconditionFailure("a component of more than one recognizer has a cycle through each of them")
    }
}
