/// The KWin script that answers one question, which window is in front or under the pointer, by calling back the
/// connection that loaded it (callDBus to its unique name, with no interface, as KWin's scripting sends it) with the
/// question's number and the window as JSON, or "null". It runs on KWin 5.27 and 6: Plasma 6 renamed activeClient
/// to activeWindow and added windowAt (the topmost window at a point); on 5.27 the window under the pointer is the
/// highest in the stacking order of the shown windows there.
enum KWinScript {
    enum Question: String {
        case front, underPointer
    }

    /// A window as JSON's object of KWinWindow's fields, null for none.
    static let describe = """
        function describe(w) {
                if (!w) return null;
                // An X11 window's resourceName is WM_CLASS's instance; a Wayland window's, its program's file name.
                const x11 = /X11Window|XwaylandWindow/.test(String(w));
                return { appID: w.resourceClass, instance: x11 ? w.resourceName : null, title: w.caption, pid: w.pid };
            }
        """

    /// The script kept loaded by a watch (KWinChanges): at each activation (KWin 6's workspace.windowActivated,
    /// 5.27's clientActivated, with the window activated, none too) it calls the watch's connection with the window.
    static func watching(replyTo uniqueName: String) -> String {
        """
        // gestured's DesktopFocus is told by KWin which window is in front whenever it changes.
        (function () {
            \(describe)
            function tell(w) { callDBus("\(uniqueName)", "/", "", "changed", JSON.stringify(describe(w))); }
            if (workspace.windowActivated !== undefined) workspace.windowActivated.connect(tell);
            else workspace.clientActivated.connect(tell);
        })();

        """
    }

    static func text(_ question: Question, number: UInt32, replyTo uniqueName: String) -> String {
        """
        // gestured's DesktopFocus asks KWin \(question == .front ? "which window is in front" : "which window is under the pointer").
        (function () {
            \(describe)
            function front() {
                return workspace.activeWindow !== undefined ? workspace.activeWindow : workspace.activeClient;
            }
            function underPointer() {
                const p = workspace.cursorPos;
                if (typeof workspace.windowAt === "function") {
                    const found = workspace.windowAt(p, 1);
                    return found.length > 0 ? found[0] : null;
                }
                let best = null;
                for (const w of workspace.clientList()) {
                    if (w.minimized || w.hidden || w.deleted || !(w.onAllDesktops || w.desktop === workspace.currentDesktop)) continue;
                    const g = w.frameGeometry;
                    if (p.x < g.x || p.y < g.y || p.x >= g.x + g.width || p.y >= g.y + g.height) continue;
                    if (best === null || w.stackingOrder > best.stackingOrder) best = w;
                }
                return best;
            }
            callDBus("\(uniqueName)", "/", "", "answer", "\(number)", JSON.stringify(describe(\(question == .front ? "front()" : "underPointer()"))));
        })();

        """
    }
}
