// mtdev, found with pkg-config (Debian: libmtdev-dev): multitouch protocol A (unslotted contacts ended by
// SYN_MT_REPORT) into protocol B (slots and tracking ids), by event, with no device needed.
#include <mtdev-plumbing.h>
