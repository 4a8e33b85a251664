package main

import (
	"log/slog"
	"net/http"
	"net/http/pprof"
	"time"
)

// servePprof serves Go's profiler on its own listener, never on the API's.
func servePprof(addr string) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	if err := srv.ListenAndServe(); err != nil {
		slog.Error("profiler stopped", "addr", addr, "error", err)
	}
}
