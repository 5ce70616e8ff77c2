# gestured: build, test, run and benchmark. See README.md.

SWIFT ?= swift

.PHONY: all deps build test vm-test run bench clean

all: build

deps:
	scripts/deps

build: deps
	$(SWIFT) build -c release

# The whole test suite: everything on this machine, then the kernel device tests in a VM.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/vm-tests

# Only the kernel device tests, in the VM (scripts/vm).
vm-test: deps
	$(SWIFT) build --build-tests
	scripts/vm-tests

# Until the daemon lands, run the engine on the bundled example scenarios.
run: deps
	$(SWIFT) run -c release gestured trace examples/*.trace

# Engine frames per second and allocations per frame (package-benchmark, release mode).
bench:
	$(SWIFT) package --package-path Benchmarks --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build Benchmarks/.build
