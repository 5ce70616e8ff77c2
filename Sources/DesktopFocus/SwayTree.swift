import Foundation

/// A node of GET_TREE's reply (sway-ipc(7), GET_TREE): the root, outputs, workspaces, containers and windows,
/// with only the fields the focused window is found and named by.
struct SwayNode: Decodable {
    var id: Int
    var type: String
    var focused: Bool
    var name: String?
    /// The xdg-shell app_id; null for Xwayland windows, which have `window_properties`.
    var appID: String?
    var pid: Int32?
    var windowProperties: WindowProperties?
    var nodes: [SwayNode]
    var floatingNodes: [SwayNode]
    /// The children's ids, the most recently focused first.
    var focus: [Int]

    struct WindowProperties: Decodable {
        var `class`: String?
        var instance: String?
        var title: String?
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, focused, name, pid, nodes, focus
        case appID = "app_id"
        case windowProperties = "window_properties"
        case floatingNodes = "floating_nodes"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        focused = try container.decodeIfPresent(Bool.self, forKey: .focused) ?? false
        name = try container.decodeIfPresent(String.self, forKey: .name)
        appID = try container.decodeIfPresent(String.self, forKey: .appID)
        pid = try container.decodeIfPresent(Int32.self, forKey: .pid)
        windowProperties = try container.decodeIfPresent(WindowProperties.self, forKey: .windowProperties)
        nodes = try container.decodeIfPresent([SwayNode].self, forKey: .nodes) ?? []
        floatingNodes = try container.decodeIfPresent([SwayNode].self, forKey: .floatingNodes) ?? []
        focus = try container.decodeIfPresent([Int].self, forKey: .focus) ?? []
    }

    /// The window with the focus: the node marked `focused`, or when that is a container (after `focus parent`)
    /// the window it would give the focus back to, following each level's most recently focused child. Nil when
    /// the focus is on a workspace with no window, or on an output.
    var focusedWindow: SwayNode? {
        guard var node = focusedNode else { return nil }
        while let next = node.focus.first.flatMap({ id in (node.nodes + node.floatingNodes).first { $0.id == id } }) {
            node = next
        }
        return node.isWindow ? node : nil
    }

    private var focusedNode: SwayNode? {
        if focused { return self }
        for child in nodes + floatingNodes {
            if let found = child.focusedNode { return found }
        }
        return nil
    }

    /// A view: a container of no other containers, tiled or floating (workspaces, outputs and the root are not).
    private var isWindow: Bool { (type == "con" || type == "floating_con") && nodes.isEmpty && floatingNodes.isEmpty }

    var identity: WindowIdentity {
        WindowIdentity(
            appID: appID ?? windowProperties?.class ?? "", instance: windowProperties?.instance, title: name ?? windowProperties?.title,
            pid: pid.flatMap { $0 > 0 ? $0 : nil })
    }
}
