package sandboxhttp

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
)

// maxControlBody bounds a control request's body: a behaviour or one
// record to add is a few hundred bytes.
const maxControlBody = 64 << 10

// WriteJSON answers v as JSON with status, and returns status so that a
// handler can log what it answered in the same statement.
func WriteJSON(w http.ResponseWriter, status int, v any) int {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	// The status line is sent; a client gone mid-body is not the
	// sandbox's to report.
	_ = enc.Encode(v)
	return status
}

// DecodeJSON reads a control request's JSON body into v, refusing
// unknown fields: a test that sets a field the sandbox does not know
// would otherwise pass against a sandbox doing something else.
func DecodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxControlBody))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// WriteError answers a control request's error as {"error": msg}.
func WriteError(w http.ResponseWriter, status int, msg string) {
	WriteJSON(w, status, map[string]string{"error": msg})
}

// behaviours is a sandbox whose answers tests switch (down, slow, …).
type behaviours[B any] interface {
	CurrentBehaviour() B
	SetBehaviour(B) error
}

// HandleBehaviour serves GET and POST /_sandbox/behaviour on mux: the
// behaviour in force, and a new one (400 with the reason when the
// sandbox refuses it). name says which sandbox in the log.
func HandleBehaviour[B any](mux *http.ServeMux, s behaviours[B], log *slog.Logger, name string) {
	mux.HandleFunc("GET /_sandbox/behaviour", func(w http.ResponseWriter, _ *http.Request) {
		WriteJSON(w, http.StatusOK, s.CurrentBehaviour())
	})
	mux.HandleFunc("POST /_sandbox/behaviour", func(w http.ResponseWriter, r *http.Request) {
		var b B
		if err := DecodeJSON(r, &b); err != nil {
			WriteError(w, http.StatusBadRequest, "bad behaviour: "+err.Error())
			return
		}
		if err := s.SetBehaviour(b); err != nil {
			WriteError(w, http.StatusBadRequest, err.Error())
			return
		}
		log.Info(name+" sandbox behaviour", "behaviour", b)
		WriteJSON(w, http.StatusOK, s.CurrentBehaviour())
	})
}

// requestLogs is a sandbox that keeps the requests it received, for
// tests to assert what a connector sent.
type requestLogs[R any] interface {
	Requests() []R
	ClearRequests()
}

// HandleRequests serves GET and DELETE /_sandbox/requests on mux.
func HandleRequests[R any](mux *http.ServeMux, s requestLogs[R]) {
	mux.HandleFunc("GET /_sandbox/requests", func(w http.ResponseWriter, _ *http.Request) {
		WriteJSON(w, http.StatusOK, s.Requests())
	})
	mux.HandleFunc("DELETE /_sandbox/requests", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearRequests()
		w.WriteHeader(http.StatusNoContent)
	})
}
