# hurray-go: make test runs everything CI runs (see .ci/run).
GO       ?= go
FUZZTIME ?= 3s
PKGS     := ./...
# Packages with goroutines: run under the race detector.
RACE_PKGS := ./internal/... ./csr/... ./csf/... ./coo/... ./convert/... ./kernels/... ./prepared/...
REQUIRE  ?= $(shell scripts/require-tiers.sh)

.PHONY: test unit race purego noasm arm64 test-arm64 check-words check-gen vet lint fuzz fuzz-smoke bench bench-peers bench-mttkrp-peer perfdata perfdoc quickstart

# The stages run three at a time, the longest first: race and test-arm64
# each spend most of their time in one package on one core (internal/engine
# under -race, under qemu), so they start together, beside the fuzz smoke,
# and unit, then purego, take the place that frees first. The smoke runs
# each target for a fixed time whatever else runs, on one fuzzing worker
# (SMOKE_WORKERS): beside the other stages it costs their run a core's share
# for that time, where after them it would add that time to the run. -O
# prints each stage's output whole when it ends.
SMOKE_WORKERS ?= 1
test: lint check-words check-gen
	$(MAKE) --no-print-directory -j3 -O race test-arm64 fuzz-smoke unit purego noasm quickstart

unit:
	HURRAY_TEST_REQUIRE=$(REQUIRE) $(GO) test -count=1 -timeout 30m $(PKGS)

# prepared's TestReal (every real matrix in every form) runs in unit only:
# under the race detector the forms' parallel products run in its other
# tests, on random matrices up to the format's column limits.
race:
	$(GO) test -count=1 -short -race -timeout 30m -skip '^TestReal$$' $(RACE_PKGS)

# The kernels (internal/engine and the arch packages under kernels) have
# purego files: they run in full, the rest (which differ only in the kernels
# they are dispatched to) in their -short form.
KERNEL_PKGS = ./internal/engine/... ./kernels/...
NONKERNEL_PKGS = $(shell $(GO) list ./... | grep -v '/kernels\|/internal/engine')

purego:
	$(GO) vet -tags purego $(PKGS)
	$(GO) test -count=1 -tags purego $(KERNEL_PKGS)
	$(GO) test -count=1 -short -tags purego $(NONKERNEL_PKGS)

# The noasm tag selects the same files of this module as purego (every
# constraint names both), so its tests would repeat purego's: it is built
# only (in the dependencies it also turns off gonum's and cpuid's assembly,
# which the module's kernels do not call).
noasm:
	$(GO) build -tags noasm $(PKGS)

# arm64 under user-mode emulation, when qemu-aarch64 is installed
# (Debian: qemu-user). Correctness only: never time anything there. The
# kernels' tests run once, in full and requiring neon, except QEMU_SHORT;
# the rest in -short form. The purego build is vetted only: it compiles the
# same files on arm64 as on amd64, where the purego stage tests it, and its
# one tier, generic, runs in full beside neon in the first run.
test-arm64:
	@if command -v qemu-aarch64 >/dev/null 2>&1; then \
		echo "GOARCH=arm64 go test -exec qemu-aarch64"; \
		GOARCH=arm64 $(GO) vet $(PKGS) && \
		HURRAY_TEST_REQUIRE=neon GOARCH=arm64 $(GO) test -count=1 -timeout 30m -exec qemu-aarch64 -skip '$(QEMU_SHORT)' ./internal/engine/ && \
		HURRAY_TEST_REQUIRE=neon GOARCH=arm64 $(GO) test -count=1 -timeout 30m -short -exec qemu-aarch64 -run '$(QEMU_SHORT)' ./internal/engine/ && \
		GOARCH=arm64 $(GO) test -count=1 -timeout 30m -short -exec qemu-aarch64 $(NONKERNEL_PKGS) && \
		GOARCH=arm64 $(GO) vet -tags purego $(KERNEL_PKGS); \
	else echo "test-arm64: qemu-aarch64 not installed, skipped (apt-get install qemu-user)"; fi

# The tests whose full grids would take most of the time under qemu run
# there in their -short form: the fused SpMM ones (every panel width on
# every path, with and without column tiles), whose -short form still runs
# every kernel on every column tail of its steps against the reference,
# and TestQHadamard2, whose kernels (dequantize, the float32 gather and push
# of two levels) run in full in their own tests.
QEMU_SHORT := ^(TestQFusedSpMM|TestQFusedSpMMTiled|TestQSpMMBlocks|TestQSpMMBlocksTiled|TestQHadamard2)$$

arm64: test-arm64

# The NEON WORD lines re-encoded from their mnemonic comments must match.
check-words:
	@if command -v qemu-aarch64 >/dev/null 2>&1 && command -v aarch64-linux-gnu-as >/dev/null 2>&1; then \
		bash kernels/arm64/check_words.sh; \
	else echo "check-words: needs qemu-user and binutils-aarch64-linux-gnu, skipped"; fi

# The amd64 assembly and its declarations must be what kernels/amd64/_gen
# writes (it needs only Go; go generate ./kernels/amd64 rewrites them).
check-gen:
	GO=$(GO) sh scripts/check-gen.sh

vet:
	$(GO) vet $(PKGS)

lint: vet
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi

fuzz-smoke:
	FUZZTIME=$(FUZZTIME) FUZZPARALLEL=$(SMOKE_WORKERS) scripts/fuzz-smoke.sh

# A longer campaign: make fuzz FUZZTIME=60s
fuzz:
	FUZZTIME=$(FUZZTIME) scripts/fuzz-smoke.sh

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./internal/engine/... ./bench/...

# hurray bench against SciPy on the same generated matrices (M2, M4; add M1
# with MATRICES=M1,M2,M4). Says so and succeeds when SciPy is missing.
bench-peers:
	GO=$(GO) sh bench/peers/run.sh

# MTTKRP against bench/peers/csf_root.c, a C root-mode MTTKRP in SPLATT's
# manner (one tree per mode), on T3u, T3p and T4p (TENSORS=T3u RANKS=16,32
# THREADS="1 2" ROUNDS=3 PEER_DATA=dir to keep the trees). Needs gcc with
# OpenMP; says so and succeeds without.
bench-mttkrp-peer:
	GO=$(GO) sh bench/peers/mttkrp.sh

# docs/performance.md and the README's performance summary are generated
# from docs/perfdata by bench/cmd/perfdoc (its test fails when they differ).
# perfdoc regenerates them; perfdata measures everything again first (full
# hurray bench, the SciPy rounds, the C MTTKRP: several minutes, on an
# otherwise idle machine; needs SciPy and gcc with OpenMP).
perfdoc:
	$(GO) run ./bench/cmd/perfdoc

perfdata:
	rm -rf docs/perfdata.new && mkdir -p docs/perfdata.new
	$(GO) run ./cmd/hurray bench --json >docs/perfdata.new/bench.json
	KEEP=docs/perfdata.new/scipy GO=$(GO) sh bench/peers/run.sh
	GO=$(GO) sh bench/peers/mttkrp.sh >docs/perfdata.new/mttkrp-peer.txt
	rm -rf docs/perfdata && mv docs/perfdata.new docs/perfdata
	$(GO) run ./bench/cmd/perfdoc

quickstart:
	$(GO) run ./examples/quickstart >/dev/null
