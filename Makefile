# The whole service from two commands:
#   make run    PostgreSQL + Temporal dev server (UI on :8233) + API + worker, in the foreground
#   make test   every test against a throwaway PostgreSQL and Temporal, stopped after
# and the measurements:
#   make bench  latency and throughput figures into docs/BENCHMARKS.md
#   make eval   accuracy figures into docs/BENCHMARKS.md
SHELL := /bin/bash
GO ?= go
TEMPORAL_CLI_VERSION := 1.5.1
TEMPORAL := bin/temporal
COMPLIANCE := bin/compliance
TEST_TIMEOUT ?= 20m

.PHONY: run test bench eval deps build vet fmt clean

run: deps $(TEMPORAL) build
	$(COMPLIANCE) dev

test: deps $(TEMPORAL) build
	$(COMPLIANCE) stack -- $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...

bench: deps $(TEMPORAL) build
	$(GO) build -o bin/bench ./cmd/bench
	$(COMPLIANCE) stack -- bin/bench -out docs/BENCHMARKS.md

eval: deps build
	$(GO) run ./cmd/eval -out docs/BENCHMARKS.md

deps:
	@scripts/deps.sh

build:
	$(GO) build -o $(COMPLIANCE) ./cmd/compliance

# The Temporal CLI (dev server and Web UI) is pinned in its own module so
# the service's dependencies and the server's never constrain each other.
$(TEMPORAL): tools/temporal/go.mod tools/temporal/go.sum
	cd tools/temporal && $(GO) build -ldflags "-X github.com/temporalio/cli/temporalcli.Version=$(TEMPORAL_CLI_VERSION)" \
		-o ../../$(TEMPORAL) github.com/temporalio/cli/cmd/temporal

vet:
	$(GO) vet ./...

fmt:
	gofmt -l -w $$(git ls-files '*.go')

clean:
	rm -rf bin .data
