# gestured: build, test, run and benchmark. See README.md.

SWIFT ?= swift

.PHONY: all build test run bench clean

all: build

build:
	$(SWIFT) build -c release

# The whole test suite.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Until the daemon lands, run the engine on the bundled example scenarios.
run:
	$(SWIFT) run -c release gestured trace examples/*.trace

# Engine frames per second and allocations per frame (package-benchmark, release mode).
bench:
	$(SWIFT) package --package-path Benchmarks --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build Benchmarks/.build
