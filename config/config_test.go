package config

import (
	"strings"
	"testing"
	"time"
)

func lookup(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := fromLookup(lookup(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "127.0.0.1:8080" || c.TemporalAddress != "127.0.0.1:7233" || c.TemporalAddressSet ||
		c.TemporalNamespace != "compliance" || c.DatabaseURL != "" || c.FileURLTTL != 15*time.Minute ||
		!strings.HasPrefix(c.BlobURL, "file:///") || !strings.HasSuffix(c.BlobURL, "/.data/blobs") ||
		c.PublicBaseURL != "http://127.0.0.1:8080" || c.OCRConcurrency < 1 {
		t.Fatalf("defaults = %+v", c)
	}
}

func TestOverridesAndErrors(t *testing.T) {
	c, err := fromLookup(lookup(map[string]string{"HTTP_ADDR": "0.0.0.0:9000", "TEMPORAL_ADDRESS": "t:7233", "PUBLIC_BASE_URL": "https://api.example.com/", "FILE_URL_TTL": "1m"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.TemporalAddressSet || c.PublicBaseURL != "https://api.example.com" || c.FileURLTTL != time.Minute {
		t.Fatalf("overrides = %+v", c)
	}
	for name, env := range map[string]map[string]string{
		"bad addr":  {"HTTP_ADDR": "nope"},
		"bad ttl":   {"FILE_URL_TTL": "-1s"},
		"bad level": {"LOG_LEVEL": "loud"},
		"bad ocr":   {"OCR_CONCURRENCY": "0"},
	} {
		if _, err := fromLookup(lookup(env)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
