/// Replies of Hyprland's request socket, written by hand in the shape its sources print them (v0.50.0,
/// src/debug/HyprCtl.cpp: getWindowData, getMonitorData, cursorPosRequest): no Hyprland can run on the machines
/// the tests run on (it needs a GPU and a seat).
enum HyprlandReplies {
    /// One window as getWindowData prints it (every field, in its order), ending in "}," as it does.
    static func window(
        address: String, at: (Int, Int), size: (Int, Int), workspace: Int, floating: Bool = false, class windowClass: String, title: String,
        pid: Int, pinned: Bool = false, fullscreen: Int = 0, focusHistoryID: Int, mapped: Bool = true, hidden: Bool = false
    ) -> String {
        """
        {
            "address": "\(address)",
            "mapped": \(mapped),
            "hidden": \(hidden),
            "at": [\(at.0), \(at.1)],
            "size": [\(size.0), \(size.1)],
            "workspace": {
                "id": \(workspace),
                "name": "\(workspace < 0 ? "special:magic" : "\(workspace)")"
            },
            "floating": \(floating),
            "pseudo": false,
            "monitor": 0,
            "class": "\(windowClass)",
            "title": "\(title)",
            "initialClass": "\(windowClass)",
            "initialTitle": "\(title)",
            "pid": \(pid),
            "xwayland": false,
            "pinned": \(pinned),
            "fullscreen": \(fullscreen),
            "fullscreenClient": \(fullscreen),
            "grouped": [],
            "tags": [],
            "swallowing": "0x0",
            "focusHistoryID": \(focusHistoryID),
            "inhibitingIdle": false,
            "xdgTag": "",
            "xdgDescription": ""
        },
        """
    }

    /// j/activewindow: the window without its last comma; "{}" when none has the focus.
    static func activeWindow(_ window: String) -> String { String(window.dropLast()) }

    /// j/clients: "[" and the windows, the last comma trimmed, "]".
    static func clients(_ windows: [String]) -> String { "[" + String(windows.joined().dropLast()) + "]" }

    static func cursor(x: Int, y: Int) -> String {
        "\n{\n    \"x\": \(x),\n    \"y\": \(y)\n}\n"
    }

    /// j/monitors with one monitor showing `workspace`, and `special` over it (0: none).
    static func monitors(workspace: Int, special: Int = 0) -> String {
        """
        [{
            "id": 0,
            "name": "DP-1",
            "description": "Dell Inc. DELL U2720Q",
            "make": "Dell Inc.",
            "model": "DELL U2720Q",
            "serial": "ABC123",
            "width": 2560,
            "height": 1440,
            "refreshRate": 59.95100,
            "x": 0,
            "y": 0,
            "activeWorkspace": {
                "id": \(workspace),
                "name": "\(workspace)"
            },
            "specialWorkspace": {
                "id": \(special),
                "name": "\(special == 0 ? "" : "special:magic")"
            },
            "reserved": [0, 30, 0, 0],
            "scale": 1.00,
            "transform": 0,
            "focused": true,
            "dpmsStatus": true,
            "vrr": false,
            "solitary": "0",
            "activelyTearing": false,
            "directScanoutTo": "0",
            "disabled": false,
            "currentFormat": "XRGB8888",
            "mirrorOf": "none",
            "availableModes": ["2560x1440@59.95Hz"]
        }]
        """
    }
}
