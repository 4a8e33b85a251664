package sandbox

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// Server is a Sandbox listening on a TCP port.
type Server struct {
	sandbox *Sandbox
	srv     *http.Server
	url     string
	cancel  context.CancelFunc
	stop    func() bool
	once    sync.Once
	err     error
	served  chan struct{}
}

// Start serves the sandbox on addr ("127.0.0.1:0" picks a free port) until
// Close or until ctx ends.
func (s *Sandbox) Start(ctx context.Context, addr string) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	// Requests derive from base, so closing ends the waits of slow answers
	// in flight.
	base, cancel := context.WithCancel(context.WithoutCancel(ctx))
	srv := &Server{
		sandbox: s,
		url:     "http://" + ln.Addr().String(),
		cancel:  cancel,
		served:  make(chan struct{}),
		srv: &http.Server{
			Handler:           s,
			ReadHeaderTimeout: 10 * time.Second,
			BaseContext:       func(net.Listener) context.Context { return base },
		},
	}
	go func() {
		defer close(srv.served)
		if err := srv.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("vms sandbox stopped", "err", err)
		}
	}()
	srv.stop = context.AfterFunc(ctx, srv.shutdown)
	s.log.Info("vms sandbox listening", "url", srv.url)
	return srv, nil
}

// URL is the base URL to give the connector (vms.SandboxConfig.BaseURL).
func (s *Server) URL() string { return s.url }

// Sandbox is the handler behind the server, for admin calls and reading
// requests from Go.
func (s *Server) Sandbox() *Sandbox { return s.sandbox }

// Close stops the server at once, ending answers in flight.
func (s *Server) Close() error {
	s.stop()
	s.shutdown()
	return s.err
}

func (s *Server) shutdown() {
	s.once.Do(func() {
		s.cancel()
		s.err = s.srv.Close()
		<-s.served
	})
}
