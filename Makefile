# The whole service from two commands:
#   make run    PostgreSQL + Temporal dev server (UI on :8233) + API + worker, in the foreground
#   make test   every test against a throwaway PostgreSQL and Temporal, with the race detector
#               on every package that can race (scripts/test.sh)
# and the checks that CI (.ci/run) runs beside the tests:
#   make lint   staticcheck, Temporal's workflowcheck on ./workflows/..., and
#               Redocly + Spectral on openapi.yaml (pinned tools, installed on first use)
# and the measurements:
#   make bench  latency and throughput figures into docs/BENCHMARKS.md
#   make eval   reading accuracy and fraud detection figures into docs/BENCHMARKS.md
#               (`go run ./cmd/eval -reading=false` prints the fraud figures alone)
SHELL := /bin/bash
GO ?= go
TEMPORAL_CLI_VERSION := 1.5.1
TEMPORAL := bin/temporal
COMPLIANCE := bin/compliance
TEST_TIMEOUT ?= 20m
STATICCHECK := bin/staticcheck
WORKFLOWCHECK := bin/workflowcheck
# Written only after npm ci succeeds, so an interrupted install is redone.
OPENAPI_LINTERS := tools/openapi/node_modules/.installed
NPM ?= npm

.PHONY: run test lint bench eval deps build vet fmt clean

run: deps $(TEMPORAL) build
	$(COMPLIANCE) dev

test: deps $(TEMPORAL) build
	$(COMPLIANCE) stack -- env GO=$(GO) TEST_TIMEOUT=$(TEST_TIMEOUT) scripts/test.sh

# Every linter runs even when an earlier one fails, so one run shows all
# findings; any finding (and any Redocly or Spectral error) fails the target.
lint: $(STATICCHECK) $(WORKFLOWCHECK) $(OPENAPI_LINTERS)
	@status=0; \
	echo "== staticcheck ./..."; $(STATICCHECK) ./... || status=1; \
	echo "== workflowcheck ./workflows/..."; $(WORKFLOWCHECK) ./workflows/... || status=1; \
	echo "== redocly lint openapi.yaml"; \
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
		tools/openapi/node_modules/.bin/redocly lint --config redocly.yaml --format stylish openapi.yaml || status=1; \
	echo "== spectral lint openapi.yaml"; \
	tools/openapi/node_modules/.bin/spectral lint --ruleset .spectral.yaml --fail-severity error openapi.yaml || status=1; \
	exit $$status

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

# The Go linters are pinned in their own module, like the Temporal CLI.
$(STATICCHECK): tools/lint/go.mod tools/lint/go.sum
	cd tools/lint && $(GO) build -o ../../$@ honnef.co/go/tools/cmd/staticcheck

$(WORKFLOWCHECK): tools/lint/go.mod tools/lint/go.sum
	cd tools/lint && $(GO) build -o ../../$@ go.temporal.io/sdk/contrib/tools/workflowcheck

# The OpenAPI linters are pinned by tools/openapi/package-lock.json.
$(OPENAPI_LINTERS): tools/openapi/package.json tools/openapi/package-lock.json
	@command -v $(NPM) >/dev/null || { echo "make lint needs Node.js >= 20.19 with npm (https://nodejs.org)" >&2; exit 1; }
	cd tools/openapi && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

vet:
	$(GO) vet ./...

fmt:
	gofmt -l -w $$(git ls-files '*.go')

clean:
	rm -rf bin .data
