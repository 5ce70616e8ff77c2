// libxcb, found with pkg-config (Debian: libxcb1-dev): the X11 protocol's requests and replies, for asking an X
// server which window is active and which is under the pointer (DesktopFocus). xcb.h brings the core protocol's
// requests (xproto.h); xcbext.h brings xcb_poll_for_reply, with which a reply is waited for with a deadline
// rather than for ever, as xcb's own *_reply functions wait.
#include <xcb/xcb.h>
#include <xcb/xcbext.h>
