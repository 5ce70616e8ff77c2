/* The command lisgd runs for each of its swipe bindings in scripts/bench-peers: prints the binding (2DU: two
 * fingers, down to up) and CLOCK_MONOTONIC in nanoseconds, the clock the benchmark writes frames by. lisgd acts
 * only through shell commands (system(3)), so this is what a lisgd user's action costs at the least: a shell
 * and one small program. A compiled program rather than `cat /proc/uptime`, whose clock ticks in hundredths of
 * a second. */
#include <stdio.h>
#include <time.h>

int main(int argc, char **argv) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("%s %lld\n", argc > 1 ? argv[1] : "?", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    return 0;
}
