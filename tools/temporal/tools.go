//go:build tools

// Package tools pins the Temporal CLI (dev server and Web UI) that `make run`
// and `make test` build, so every machine runs the same server version.
package tools

import _ "github.com/temporalio/cli/cmd/temporal"
