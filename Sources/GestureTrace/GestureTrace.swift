// GestureTrace: the text-trace form of scenarios (docs/traces.md): a trace's lines parsed (TraceFormat), run on an
// engine with touch conditioning first when asked (Trace, TraceConditioning), and what happened printed, for the
// scenario tests, `gestured trace` and the fuzzers.
//
// Time is the trace's own; it reads no device and no clock.
