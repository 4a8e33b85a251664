package sandboxhttp

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"time"
)

// Call is one call a registry's sandbox received, as its GET
// /_sandbox/requests shows it and as tests read it to assert what a
// connector sent.
type Call struct {
	Seq    int       `json:"seq"`
	At     time.Time `json:"at"`
	Method string    `json:"method"`
	Path   string    `json:"path"`
	Query  string    `json:"query,omitempty"`
	// Headers are those the sandbox shows (its connector's identity and
	// content headers); a credential is shown as "(set)" when sent, never
	// its value, since the log is served to anyone who asks.
	Headers map[string]string `json:"headers"`
	// Body is the request body as JSON, or as a JSON string when it is
	// not JSON; absent when the call had none.
	Body json.RawMessage `json:"body,omitempty"`
	// Behaviour is the mode the call was answered in.
	Behaviour string `json:"behaviour"`
	// Status is the HTTP status answered, 0 while the answer is pending.
	Status int `json:"status"`
}

// CallHeaders says which headers a Call keeps: Shown with their values,
// Secret as "(set)".
type CallHeaders struct {
	Shown, Secret []string
}

// NewCallLog returns a log of the last max calls, numbered as they come.
func NewCallLog(max int) *RequestLog[Call] {
	return NewRequestLog(max, func(c *Call, seq int) { c.Seq = seq })
}

// Record logs r, whose body the handler has read, as received at at,
// and returns the call for the handler to complete with its answer
// (RequestLog.Update).
func Record(log *RequestLog[Call], r *http.Request, body []byte, at time.Time, h CallHeaders) *Call {
	c := &Call{At: at.UTC(), Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Headers: map[string]string{}}
	for _, name := range h.Shown {
		if v := r.Header.Get(name); v != "" {
			c.Headers[name] = v
		}
	}
	for _, name := range h.Secret {
		if r.Header.Get(name) != "" {
			c.Headers[name] = "(set)"
		}
	}
	switch {
	case len(body) == 0:
	case json.Valid(body):
		c.Body = json.RawMessage(bytes.Clone(body))
	default:
		c.Body, _ = json.Marshal(string(body))
	}
	log.Add(c)
	return c
}

// Calls copies the calls log keeps, oldest first, each with its own
// headers, so that a caller's change stays its own.
func Calls(log *RequestLog[Call]) []Call {
	out := log.Records()
	for i := range out {
		out[i].Headers = maps.Clone(out[i].Headers)
	}
	return out
}
