package sandboxhttp

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// handler answers "ok", except /wait, which answers only when its request
// ends: a slow answer in flight.
type handler struct {
	waiting chan struct{}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/wait" {
		close(h.waiting)
		<-r.Context().Done()
		return
	}
	io.WriteString(w, "ok")
}

// logBuffer is a slog destination safe for the server's goroutine.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func start(t *testing.T, ctx context.Context, logs io.Writer) (*Server[*handler], *handler) {
	t.Helper()
	h := &handler{waiting: make(chan struct{})}
	srv, err := Start(ctx, Config[*handler]{Addr: "127.0.0.1:0", Sandbox: h, Name: "test sandbox",
		Logger: slog.New(slog.NewTextHandler(logs, nil)), Listening: []any{"people", 3}})
	if err != nil {
		t.Fatal(err)
	}
	return srv, h
}

func TestServes(t *testing.T) {
	var logs logBuffer
	srv, h := start(t, context.Background(), &logs)
	defer srv.Close()
	if srv.Sandbox() != h {
		t.Error("Sandbox is not the handler served")
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Errorf("url %q", srv.URL())
	}
	if status, body, err := get(http.DefaultClient, srv.URL()+"/"); err != nil || status != 200 || body != "ok" {
		t.Errorf("answered %d %q (%v), want 200 ok", status, body, err)
	}
	want := `msg="test sandbox listening" url=` + srv.URL() + " people=3\n"
	if got := logs.String(); !strings.HasSuffix(got, want) {
		t.Errorf("log %q, want it to end %q", got, want)
	}
}

// get answers the status and body of a GET.
func get(client *http.Client, url string) (int, string, error) {
	resp, err := client.Get(url)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// stopped waits until nothing answers at url.
func stopped(t *testing.T, url string) {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	deadline := time.Now().Add(2 * time.Second)
	for {
		if _, _, err := get(client, url+"/"); err != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("still serving")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(cancel context.CancelFunc, srv *Server[*handler]) error
	}{
		{"Close", func(_ context.CancelFunc, srv *Server[*handler]) error { return srv.Close() }},
		{"context ended", func(cancel context.CancelFunc, _ *Server[*handler]) error { cancel(); return nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			srv, h := start(t, ctx, io.Discard)
			// A slow answer in flight ends with the server instead of
			// keeping it waiting.
			done := make(chan error, 1)
			go func() {
				_, _, err := get(http.DefaultClient, srv.URL()+"/wait")
				done <- err
			}()
			<-h.waiting
			began := time.Now()
			if err := tc.stop(cancel, srv); err != nil {
				t.Fatalf("stop: %v", err)
			}
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("a slow answer outlived the server")
			}
			if took := time.Since(began); took > 2*time.Second {
				t.Errorf("stopping took %s", took)
			}
			stopped(t, srv.URL())
			for i := range 2 {
				if err := srv.Close(); err != nil {
					t.Errorf("Close %d after stopping: %v", i+1, err)
				}
			}
		})
	}
}

func TestBadAddress(t *testing.T) {
	var logs logBuffer
	srv, err := Start(context.Background(), Config[*handler]{Addr: "256.0.0.1:0", Sandbox: &handler{},
		Name: "test sandbox", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err == nil {
		srv.Close()
		t.Fatal("started on a bad address")
	}
	if logs.String() != "" {
		t.Errorf("logged %q for a server that never listened", logs.String())
	}
}

func TestNoLogger(t *testing.T) {
	srv, err := Start(context.Background(), Config[*handler]{Addr: "127.0.0.1:0", Sandbox: &handler{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}
