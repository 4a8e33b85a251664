package sandboxhttp

import (
	"context"
	"testing"
	"time"
)

func TestSwitch(t *testing.T) {
	var s Switch
	if got := s.Take(); got.Mode != ModeNormal {
		t.Fatalf("zero switch takes %q", got.Mode)
	}
	for _, tt := range []struct {
		b    Behaviour
		want string
	}{
		{Behaviour{Mode: "bogus"}, `unknown mode "bogus" (normal, slow, down, flaky, malformed, ratelimit, unauthorized)`},
		{Behaviour{Mode: ModeDown, Count: -1}, "count must not be negative"},
		{Behaviour{Mode: ModeDown, Status: 99}, "status 99 is not an HTTP status"},
	} {
		if err := s.Set(tt.b); err == nil || err.Error() != tt.want {
			t.Errorf("Set(%+v) = %v, want %q", tt.b, err, tt.want)
		}
	}
	if err := s.Set(Behaviour{Mode: ModeFlaky}); err != nil {
		t.Fatal(err)
	}
	if c := s.Current(); c.Count != 1 {
		t.Fatalf("flaky without a count fails %d calls, want 1", c.Count)
	}
	if got := []string{s.Take().Mode, s.Take().Mode}; got[0] != ModeFlaky || got[1] != ModeNormal {
		t.Fatalf("takes %v, want flaky then normal", got)
	}
	if err := s.Set(Behaviour{Mode: ModeDown}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if s.Take().Mode != ModeDown {
			t.Fatal("down without a count must stay down")
		}
	}
}

func TestStallWaitsItsDelayUnlessTheCallerLeaves(t *testing.T) {
	if !Stall(context.Background(), Duration(time.Millisecond), time.Hour) {
		t.Error("a 1 ms stall with nobody leaving reported the caller gone")
	}
	if !Stall(context.Background(), 0, time.Millisecond) {
		t.Error("a stall with no delay of its own did not take the default")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if Stall(ctx, 0, time.Hour) {
		t.Error("a stall whose caller left reported it waited")
	}
}
