// libudev, found with pkg-config (Debian: libudev-dev): device enumeration and hot-plug monitoring.
#include <libudev.h>
