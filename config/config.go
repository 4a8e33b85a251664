// Package config reads the service's settings from environment variables.
// Every setting has a default that works on a developer machine, so `make
// run` needs none; production sets the ones docs/DEPLOY.md lists.
package config

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration of one process (API, worker or both).
type Config struct {
	// HTTPAddr is where the API listens.
	HTTPAddr string
	// PublicBaseURL is how clients reach the API; presigned URLs of the
	// local blob store point there.
	PublicBaseURL string
	// DatabaseURL is the PostgreSQL connection string. Empty means "start a
	// local cluster" for `compliance dev`, and is an error elsewhere.
	DatabaseURL string
	// TemporalAddress, TemporalNamespace and TaskQueue locate the Temporal
	// cluster and the queue the worker polls.
	TemporalAddress   string
	TemporalNamespace string
	TaskQueue         string
	// TemporalAddressSet is false when TEMPORAL_ADDRESS was not given, so
	// `compliance dev` may start a dev server there.
	TemporalAddressSet bool
	// BlobURL is a gocloud.dev/blob URL: file:///abs/dir (the default,
	// under DataDir) or s3://bucket?region=...&endpoint=... .
	BlobURL string
	// BlobSigningKey signs download URLs of the local file store. Empty:
	// a key kept in DataDir is used (created on first use).
	BlobSigningKey string
	// FileURLTTL is how long a presigned download URL stays valid.
	FileURLTTL time.Duration
	// DevAPIKey, when set, is a valid key of account "dev".
	DevAPIKey string
	// DataDir holds local state: the dev PostgreSQL cluster, the Temporal
	// dev server's database, local blobs.
	DataDir string
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// OCRConcurrency caps Tesseract processes per worker (each is single
	// threaded, see the ocr package).
	OCRConcurrency int
	// ShutdownTimeout bounds graceful shutdown.
	ShutdownTimeout time.Duration
	// PprofAddr, when set, serves Go's profiler there (keep it private).
	PprofAddr string
	// ResumeInterval is how often the API starts work that never reached
	// Temporal, and how old such work must be.
	ResumeInterval time.Duration
	// NSOPWURL is the NSOPW search backend the workers ask. Empty: `compliance
	// dev` starts the NSOPW sandbox and points here; `compliance worker`
	// reports NSOPW unavailable on every check.
	NSOPWURL string
	// NursysURL is the Nursys license lookup (e-Notify's API base) the
	// workers check nursing licenses at, with the institution's
	// NursysUsername and NursysPassword. Empty: `compliance dev` starts the
	// Nursys sandbox and points here; `compliance worker` reports the
	// lookup unavailable on every source check.
	NursysURL      string
	NursysUsername string
	NursysPassword string
	// AHAECardURL is the AHA eCard verification the workers check BLS,
	// ACLS and PALS cards at, with AHAECardAPIKey. Empty: as NursysURL.
	AHAECardURL    string
	AHAECardAPIKey string
	// RegistryLEIEURL, RegistrySAMURL, RegistryOFACURL and SAMAPIKey are where
	// the refresh schedules download the bulk lists (default: the official
	// addresses).
	RegistryLEIEURL string
	RegistrySAMURL  string
	RegistryOFACURL string
	SAMAPIKey       string
	// RegistryRefresh is the interval of the refresh schedules.
	RegistryRefresh time.Duration
	// RegistryPoll is how often an API process looks for newly imported
	// editions.
	RegistryPoll time.Duration
	// RegistryLiveWait bounds how long a check with a live registry waits
	// for it before answering it pending.
	RegistryLiveWait time.Duration
	// RegistrySamples makes `compliance dev` generate and import the sample
	// lists when a registry has no list yet.
	RegistrySamples bool
	// Maildir is watched for client emails (one maildir per account in it);
	// empty: not watched.
	Maildir string
	// StatementTemplates is a directory of statement templates replacing
	// the built-in set (templates.yaml plus an HTML and CSS file per key);
	// empty: the built-in set.
	StatementTemplates string
}

// FromEnv reads the configuration from the environment.
func FromEnv() (Config, error) {
	return fromLookup(os.LookupEnv)
}

func fromLookup(lookup func(string) (string, bool)) (Config, error) {
	get := func(key, def string) string {
		if v, ok := lookup(key); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c := Config{
		HTTPAddr:          get("HTTP_ADDR", "127.0.0.1:8080"),
		DatabaseURL:       get("DATABASE_URL", ""),
		TemporalAddress:   get("TEMPORAL_ADDRESS", "127.0.0.1:7233"),
		TemporalNamespace: get("TEMPORAL_NAMESPACE", "compliance"),
		TaskQueue:         get("TEMPORAL_TASK_QUEUE", "compliance"),
		BlobURL:           get("BLOB_URL", ""),
		BlobSigningKey:    get("BLOB_SIGNING_KEY", ""),
		DevAPIKey:         get("DEV_API_KEY", ""),
		DataDir:           get("DATA_DIR", ".data"),
		LogLevel:          strings.ToLower(get("LOG_LEVEL", "info")),
		PprofAddr:         get("PPROF_ADDR", ""),
	}
	_, c.TemporalAddressSet = lookup("TEMPORAL_ADDRESS")
	var err error
	if c.DataDir, err = filepath.Abs(c.DataDir); err != nil {
		return Config{}, fmt.Errorf("DATA_DIR: %w", err)
	}
	if c.BlobURL == "" {
		c.BlobURL = "file://" + filepath.Join(c.DataDir, "blobs")
	}
	if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
		return Config{}, fmt.Errorf("HTTP_ADDR %q: %w", c.HTTPAddr, err)
	}
	c.PublicBaseURL = strings.TrimRight(get("PUBLIC_BASE_URL", "http://"+c.HTTPAddr), "/")
	if c.FileURLTTL, err = time.ParseDuration(get("FILE_URL_TTL", "15m")); err != nil || c.FileURLTTL <= 0 {
		return Config{}, fmt.Errorf("FILE_URL_TTL: want a positive duration like 15m")
	}
	if c.ShutdownTimeout, err = time.ParseDuration(get("SHUTDOWN_TIMEOUT", "20s")); err != nil || c.ShutdownTimeout <= 0 {
		return Config{}, fmt.Errorf("SHUTDOWN_TIMEOUT: want a positive duration like 20s")
	}
	if c.ResumeInterval, err = time.ParseDuration(get("RESUME_INTERVAL", "30s")); err != nil || c.ResumeInterval <= 0 {
		return Config{}, fmt.Errorf("RESUME_INTERVAL: want a positive duration like 30s")
	}
	if c.OCRConcurrency, err = strconv.Atoi(get("OCR_CONCURRENCY", strconv.Itoa(runtime.NumCPU()))); err != nil || c.OCRConcurrency < 1 {
		return Config{}, fmt.Errorf("OCR_CONCURRENCY: want a positive integer")
	}
	c.NSOPWURL = get("NSOPW_URL", "")
	c.NursysURL = get("NURSYS_URL", "")
	c.NursysUsername = get("NURSYS_USERNAME", "")
	c.NursysPassword = get("NURSYS_PASSWORD", "")
	c.AHAECardURL = get("AHA_ECARD_URL", "")
	c.AHAECardAPIKey = get("AHA_ECARD_API_KEY", "")
	c.Maildir = get("MAILDIR", "")
	c.StatementTemplates = get("STATEMENT_TEMPLATES", "")
	c.RegistryLEIEURL = get("REGISTRY_LEIE_URL", "https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv")
	c.RegistrySAMURL = get("REGISTRY_SAM_URL", "https://api.sam.gov/data-services/v1/extracts?api_key={api_key}&fileName={file}")
	c.RegistryOFACURL = get("REGISTRY_OFAC_URL", "https://www.treasury.gov/ofac/downloads/")
	c.SAMAPIKey = get("SAM_API_KEY", "")
	if c.RegistryRefresh, err = time.ParseDuration(get("REGISTRY_REFRESH", "24h")); err != nil || c.RegistryRefresh < time.Minute {
		return Config{}, fmt.Errorf("REGISTRY_REFRESH: want a duration of at least 1m like 24h")
	}
	if c.RegistryPoll, err = time.ParseDuration(get("REGISTRY_POLL", "5s")); err != nil || c.RegistryPoll <= 0 {
		return Config{}, fmt.Errorf("REGISTRY_POLL: want a positive duration like 5s")
	}
	if c.RegistryLiveWait, err = time.ParseDuration(get("REGISTRY_LIVE_WAIT", "8s")); err != nil || c.RegistryLiveWait <= 0 {
		return Config{}, fmt.Errorf("REGISTRY_LIVE_WAIT: want a positive duration like 8s")
	}
	switch strings.ToLower(get("REGISTRY_SAMPLES", "true")) {
	case "true", "1", "yes":
		c.RegistrySamples = true
	case "false", "0", "no":
	default:
		return Config{}, fmt.Errorf("REGISTRY_SAMPLES: want true or false")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return Config{}, fmt.Errorf("LOG_LEVEL %q: want debug, info, warn or error", c.LogLevel)
	}
	return c, nil
}

// Variables lists every environment variable the service reads with its
// default, for `compliance help` and the README.
var Variables = [][2]string{
	{"HTTP_ADDR", "127.0.0.1:8080"},
	{"PUBLIC_BASE_URL", "http://$HTTP_ADDR"},
	{"DATABASE_URL", "(unset: `compliance dev` starts a local PostgreSQL in $DATA_DIR/pg)"},
	{"TEMPORAL_ADDRESS", "127.0.0.1:7233 (unset: `compliance dev` starts the Temporal dev server)"},
	{"TEMPORAL_NAMESPACE", "compliance"},
	{"TEMPORAL_TASK_QUEUE", "compliance"},
	{"BLOB_URL", "file://$DATA_DIR/blobs"},
	{"BLOB_SIGNING_KEY", "(unset: a key kept in $DATA_DIR)"},
	{"FILE_URL_TTL", "15m"},
	{"DEV_API_KEY", "(unset: `compliance dev` creates a key and prints it once)"},
	{"DATA_DIR", ".data"},
	{"LOG_LEVEL", "info"},
	{"OCR_CONCURRENCY", "number of CPUs"},
	{"SHUTDOWN_TIMEOUT", "20s"},
	{"RESUME_INTERVAL", "30s"},
	{"PPROF_ADDR", "(unset: no profiler)"},
	{"NSOPW_URL", "(unset: `compliance dev` starts the NSOPW sandbox)"},
	{"MAILDIR", "(unset: no maildir watched; `compliance dev`: $DATA_DIR/maildir)"},
	{"NSOPW_SANDBOX_ADDR", "127.0.0.1:8091 (`compliance dev`)"},
	{"NURSYS_URL", "(unset: `compliance dev` starts the Nursys license lookup sandbox)"},
	{"NURSYS_USERNAME", "(the institution's e-Notify API user; `compliance dev`: the sandbox's)"},
	{"NURSYS_PASSWORD", "(the institution's e-Notify API password; `compliance dev`: the sandbox's)"},
	{"NURSYS_SANDBOX_ADDR", "127.0.0.1:8093 (`compliance dev`)"},
	{"AHA_ECARD_URL", "(unset: `compliance dev` starts the AHA eCard verification sandbox)"},
	{"AHA_ECARD_API_KEY", "(the eCard verification's API key; `compliance dev`: the sandbox's)"},
	{"AHA_ECARD_SANDBOX_ADDR", "127.0.0.1:8094 (`compliance dev`)"},
	{"VMS_SANDBOX_URL", "(unset: `compliance dev` starts the sandbox VMS and sets it)"},
	{"VMS_SANDBOX_ADDR", "127.0.0.1:8092 (`compliance dev`)"},
	{"VMS_SANDBOX_USERNAME", "(the sandbox integration's client id; `compliance dev`: sandbox-supplier)"},
	{"VMS_SANDBOX_PASSWORD", "(the sandbox integration's client secret; `compliance dev`: sandbox-password)"},
	{"INTEGRATIONS_FILE", "(unset: the embedded integrations.yaml)"},
	{"REGISTRY_LEIE_URL", "https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv"},
	{"REGISTRY_SAM_URL", "https://api.sam.gov/data-services/v1/extracts?api_key={api_key}&fileName={file}"},
	{"REGISTRY_OFAC_URL", "https://www.treasury.gov/ofac/downloads/"},
	{"SAM_API_KEY", "(unset: SAM downloads are refused by SAM.gov)"},
	{"REGISTRY_REFRESH", "24h"},
	{"REGISTRY_POLL", "5s"},
	{"REGISTRY_LIVE_WAIT", "8s"},
	{"REGISTRY_SAMPLES", "true (`compliance dev` imports sample lists where none is imported)"},
}
