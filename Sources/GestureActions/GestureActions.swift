// GestureActions: gesture actions without code (docs/actions.md). It owns the actions file's schema (ActionsFile:
// its actions, its own recognizers, checked with every mistake at its place), key names (KeyNames), the desktops'
// shortcut presets (ShortcutPresets), per-application rules (ApplicationRule), and what the file makes of each
// gesture event: the commands to run and the keys to type, in order (ActionRunner).
//
// No I/O: files come from the FileSource its caller gives, and the actions service (ActionService, `gesturectl
// actions`) runs the commands and types the keys.
