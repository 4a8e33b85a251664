package sandboxhttp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Modes of a Behaviour.
const (
	ModeNormal       = "normal"
	ModeSlow         = "slow"
	ModeDown         = "down"
	ModeFlaky        = "flaky"
	ModeMalformed    = "malformed"
	ModeRateLimit    = "ratelimit"
	ModeUnauthorized = "unauthorized"
)

// Behaviour is how a sandbox's next calls answer, set through its POST
// /_sandbox/behaviour. It acts in front of the service, as an outage
// would, and takes precedence over the special queries a sandbox knows.
type Behaviour struct {
	Mode string `json:"mode"`
	// Delay of "slow" (default: the sandbox's slow delay).
	Delay Duration `json:"delay,omitempty"`
	// Count applies the mode to the next Count calls, then returns to
	// normal; 0 keeps it until changed. "flaky" fails the next Count
	// (default 1) and then succeeds.
	Count int `json:"count,omitempty"`
	// Status overrides the HTTP status of "down" and "flaky" (503).
	Status int `json:"status,omitempty"`
	// RetryAfter of "ratelimit" (default 30s).
	RetryAfter Duration `json:"retryAfter,omitempty"`
}

// Stall holds a slow answer for delay, or def when delay is unset, and
// reports false when ctx ended first (the client gave up or the server
// is closing), for the handler to answer nothing.
func Stall(ctx context.Context, delay Duration, def time.Duration) bool {
	t := time.NewTimer(cmp.Or(time.Duration(delay), def))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Switch holds the behaviour in force. Its zero value answers normally.
type Switch struct {
	mu sync.Mutex
	b  Behaviour
}

// Set changes how the next calls answer.
func (s *Switch) Set(b Behaviour) error {
	switch b.Mode {
	case "":
		b.Mode = ModeNormal
	case ModeNormal, ModeSlow, ModeDown, ModeMalformed, ModeRateLimit, ModeUnauthorized:
	case ModeFlaky:
		if b.Count == 0 {
			b.Count = 1
		}
	default:
		return fmt.Errorf("unknown mode %q (normal, slow, down, flaky, malformed, ratelimit, unauthorized)", b.Mode)
	}
	if b.Count < 0 {
		return errors.New("count must not be negative")
	}
	if b.Status != 0 && (b.Status < 200 || b.Status > 599) {
		return fmt.Errorf("status %d is not an HTTP status", b.Status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b = b
	return nil
}

// Current is the behaviour in force (Count counts down).
func (s *Switch) Current() Behaviour {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.b.Mode == "" {
		return Behaviour{Mode: ModeNormal}
	}
	return s.b
}

// Take returns the behaviour for one call and counts it down.
func (s *Switch) Take() Behaviour {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.b
	if b.Mode == "" {
		b.Mode = ModeNormal
	}
	if s.b.Count > 0 {
		s.b.Count--
		if s.b.Count == 0 {
			s.b = Behaviour{Mode: ModeNormal}
		}
	}
	return b
}
