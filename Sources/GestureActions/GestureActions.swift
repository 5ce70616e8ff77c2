// GestureActions: what an actions file makes of each gesture event (docs/actions.md): the commands to run and the
// keys to type, in order (ActionRunner). No I/O: `gesturectl actions` runs the commands and types the keys.
