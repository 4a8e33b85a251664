package sandbox

import (
	"context"

	"github.com/clearedtostart/compliance/internal/sandboxhttp"
)

// Server is a Sandbox listening on a TCP port. URL is the base URL to give
// the connector (ahaecard.Config.BaseURL); Sandbox is the handler behind
// it, for setting behaviours, adding cards and reading requests from Go;
// Close stops it at once, ending answers in flight.
type Server = sandboxhttp.Server[*Sandbox]

// Start serves the sandbox on addr ("127.0.0.1:0" picks a free port) until
// Close or until ctx ends.
func (s *Sandbox) Start(ctx context.Context, addr string) (*Server, error) {
	return sandboxhttp.Start(ctx, sandboxhttp.Config[*Sandbox]{Addr: addr, Sandbox: s,
		Name: "aha ecard sandbox", Logger: s.log, Listening: []any{"cards", len(s.Cards())}})
}
