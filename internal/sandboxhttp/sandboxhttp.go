// Package sandboxhttp serves a sandbox on a TCP port. The project ships
// sandboxes of the outside parties it talks to (nsopw/sandbox for the
// NSOPW search backend, vms/sandbox for a vendor management system) so
// that make run and the tests exercise the real connectors over HTTP
// without reaching the real sites; each sandbox is an http.Handler, and
// this package is the one way they listen, answer and stop, and serves
// the /_sandbox/ routes tests steer them by (behaviour, requests seen).
package sandboxhttp

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Config says what Start serves and where.
type Config[H http.Handler] struct {
	// Addr is the TCP address to listen on ("127.0.0.1:0" picks a free
	// port).
	Addr string
	// Sandbox is the handler served.
	Sandbox H
	// Name begins the log lines ("nsopw sandbox listening").
	Name string
	// Logger receives the listening line and a failure to serve; nil
	// discards them.
	Logger *slog.Logger
	// Listening are attributes added to the listening line after the URL
	// (what the sandbox holds).
	Listening []any
}

// Server is a sandbox listening on a TCP port.
type Server[H http.Handler] struct {
	sandbox H
	srv     *http.Server
	url     string
	cancel  context.CancelFunc
	stop    func() bool
	once    sync.Once
	err     error
	served  chan struct{}
}

// Start serves cfg.Sandbox on cfg.Addr until Close or until ctx ends.
func Start[H http.Handler](ctx context.Context, cfg Config[H]) (*Server[H], error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, err
	}
	// Requests derive from base, so closing ends the waits of slow answers
	// in flight.
	base, cancel := context.WithCancel(context.WithoutCancel(ctx))
	srv := &Server[H]{
		sandbox: cfg.Sandbox,
		url:     "http://" + ln.Addr().String(),
		cancel:  cancel,
		served:  make(chan struct{}),
		srv: &http.Server{
			Handler:           cfg.Sandbox,
			ReadHeaderTimeout: 10 * time.Second,
			BaseContext:       func(net.Listener) context.Context { return base },
		},
	}
	go func() {
		defer close(srv.served)
		if err := srv.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error(cfg.Name+" stopped", "err", err)
		}
	}()
	srv.stop = context.AfterFunc(ctx, srv.shutdown)
	log.Info(cfg.Name+" listening", append([]any{"url", srv.url}, cfg.Listening...)...)
	return srv, nil
}

// URL is the base URL to give the sandbox's connector.
func (s *Server[H]) URL() string { return s.url }

// Sandbox is the handler behind the server, for driving the sandbox and
// reading its requests from Go.
func (s *Server[H]) Sandbox() H { return s.sandbox }

// Close stops the server at once, ending answers in flight. Closing again,
// or after ctx ended, returns the same result.
func (s *Server[H]) Close() error {
	s.stop()
	s.shutdown()
	return s.err
}

func (s *Server[H]) shutdown() {
	s.once.Do(func() {
		s.cancel()
		s.err = s.srv.Close()
		<-s.served
	})
}
