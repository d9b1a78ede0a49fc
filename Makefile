# mewsandbox — build, test, benchmark and demonstrate.
#
# Every target that needs a system package installs it when missing
# (apt-get, as root), so `make demo` and `make test` work on a fresh Debian
# machine with no TTY.

GO        ?= go
BIN       := bin/mewsandbox
STATICCHECK_VERSION := v0.8.2
FUZZTIME  ?= 10s
PKG_DEPS  := gcc libc6-dev pkg-config libseccomp-dev git
UNAME     := $(shell uname -s)

ifeq ($(UNAME),Darwin)
# macOS: Seatbelt needs no C library; build pure Go, install nothing.
export CGO_ENABLED := 0
STATIC_LDFLAGS :=
else
export CGO_ENABLED := 1
# A static binary starts faster (no dynamic loader) and runs on hosts
# without libseccomp. Its entry point is mews_entry (exec/child_linux.c):
# the re-executed sandbox child does its work before the C library starts.
# The Go runtime's threads are made by exec/slack_linux.c's wrapper of
# pthread_create, which gives its monitor thread a looser timer slack; its
# memory is mapped by exec/hugepages_linux.c's wrapper of mmap, which
# advises the heap transparent huge pages.
STATIC_LDFLAGS := -linkmode external -extldflags "-static -Wl,-e,mews_entry -Wl,--wrap=pthread_create -Wl,-u,pthread_create -Wl,--wrap=mmap -Wl,-u,mmap"
endif

# The integration tests build the binary they attack the way build does.
export MEWSANDBOX_LDFLAGS := $(STATIC_LDFLAGS)

# Go 1.26's garbage collector (Green Tea) keeps a small-object span's mark
# bits in the span's last bytes, so a fresh span faults in two pages where
# the collector before it faulted in one. A run never collects (NumGC is 0
# when it exits) and only pays for them: some 25 page faults a run, which
# cost 12 µs each on a machine whose page tables its host shadows (README,
# Speed). The opt-out goes with Go 1.27; a GOEXPERIMENT of your own wins.
ifeq ($(origin GOEXPERIMENT),undefined)
ifneq ($(filter go1.26%,$(shell $(GO) env GOVERSION 2>/dev/null)),)
export GOEXPERIMENT := nogreenteagc
endif
endif

.PHONY: all deps test-deps bench-deps build test unit integration bench peers fuzz lint demo install clean

all: build

# deps installs the C toolchain and libseccomp headers cgo needs, only when
# something is missing.
deps:
	@[ "$(UNAME)" = Darwin ] && exit 0; missing=""; for p in $(PKG_DEPS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "mewsandbox: need root to apt-get install$$missing (or install them yourself)"; exit 1; fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# test-deps adds what the integration tests use beside the build: gdb and
# strace, which the tracing tests run in the sandbox, and ip (iproute2),
# which the network tests do (they skip, saying so, where one is missing),
# when missing and run as root. COMMAND:PACKAGE where the two differ.
TEST_DEPS := gdb strace ip:iproute2
test-deps: deps
	@[ "$(UNAME)" = Darwin ] && exit 0; missing=""; for p in $(TEST_DEPS); do command -v $${p%%:*} >/dev/null || missing="$$missing $${p#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "mewsandbox: not root, not installing$$missing: the tests that need them skip"; exit 0; fi; \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

bench-deps: deps
	@command -v bwrap >/dev/null && [ -x /usr/bin/time ] || { echo "installing: bubblewrap time"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap time >/dev/null; }

build: deps
	$(GO) build -trimpath -ldflags '$(STATIC_LDFLAGS)' -o $(BIN) ./cmd/mewsandbox

# test runs the unit tests and the black-box integration tests (which build
# their own binary), all with the race detector, the integration tests
# again as an unprivileged user when run as root, then cross-builds macOS.
test: test-deps
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...
	./scripts/test-unprivileged.sh '$(GO)' '$(STATIC_LDFLAGS)'
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) build ./...
	GOOS=darwin GOARCH=amd64 CGO_ENABLED=0 $(GO) build ./...

unit: deps
	$(GO) test -race -count=1 $$($(GO) list ./... | grep -v /integration)

integration: test-deps
	$(GO) test -race -count=1 ./integration/...

# bench runs the in-process benchmarks, then the whole-process comparison
# against bare exec and bubblewrap, printed as ratios; BASE=path/to/another/
# mewsandbox times that build in the same rounds, and prints this one
# against it.
bench: bench-deps build
	$(GO) test -run '^$$' -bench . -benchmem ./permission ./landlock ./seccomp ./exec
	MEWSANDBOX_BENCH=1 MEWSANDBOX_BENCH_BASE=$(if $(BASE),$(abspath $(BASE))) MEWSANDBOX_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -run TestWholeProcessBench -v ./integration | grep -v '^=== RUN'

# peers runs the attack battery and times /bin/true under mewsandbox, srt,
# codex and bubblewrap (README, Beside the other peers). It installs no peer:
# npm install @anthropic-ai/sandbox-runtime @openai/codex in PEERS first.
PEERS ?= /var/tmp/peers/npm
peers: build
	MEWSANDBOX_PEERS=1 MEWSANDBOX_PEER_SRT=$(PEERS)/node_modules/.bin/srt MEWSANDBOX_PEER_CODEX=$(PEERS)/node_modules/.bin/codex MEWSANDBOX_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -timeout 30m -run 'TestPeers' -v ./integration | grep -v -e '^=== RUN' -e '^    --- PASS'

# fuzz runs every fuzz target for $(FUZZTIME). A target that fails with a
# bare "context deadline exceeded" and writes no failing input has met Go
# 1.26's fuzzing coordinator race at the end of -fuzztime
# (go.dev/issue/75804, fixed in Go 1.27): it is said, not counted.
fuzz: deps
	@set -e; log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$t"; \
	    if ! $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg > $$log 2>&1; then \
	      cat $$log; \
	      if grep -q 'context deadline exceeded' $$log && ! grep -q 'Failing input written' $$log; then \
	        echo "fuzz $$t: the coordinator's end-of-fuzztime race (go.dev/issue/75804), no failing input: not a finding"; \
	      else exit 1; fi; \
	    fi; \
	  done; \
	done

lint: deps
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...
	GOOS=darwin CGO_ENABLED=0 $(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

demo: build
	@./scripts/demo.sh $(BIN)

install: build
	install -m 0755 $(BIN) $${PREFIX:-/usr/local}/bin/mewsandbox

clean:
	rm -rf bin
