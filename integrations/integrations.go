package integrations

import (
	_ "embed"
	"errors"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/mapping"
)

//go:embed integrations.yaml
var embeddedYAML []byte

// EnvFile names the environment variable that points LoadDefault at a file
// to read instead of the embedded integrations.yaml.
const EnvFile = "INTEGRATIONS_FILE"

// EmbeddedName is how errors in the embedded file name it.
const EmbeddedName = "integrations/integrations.yaml (embedded)"

// Source is a kind of requirement source an integration may combine.
type Source string

// Sources.
const (
	SourceVMS    Source = "vms"
	SourceEmail  Source = "email"
	SourceMatrix Source = "matrix"
)

// Level is a place in the precedence of sources: the matrix source has
// three (job, client, facility), the others one each.
type Level string

// Levels.
const (
	LevelJobMatrix      Level = "job_matrix"
	LevelClientMatrix   Level = "client_matrix"
	LevelFacilityMatrix Level = "facility_matrix"
	LevelVMS            Level = "vms"
	LevelEmail          Level = "email"
)

// MatrixMode says how matrix rows combine with external ones.
type MatrixMode string

// Matrix modes.
const (
	// MatrixAdd: matrix rows join the rows of the VMS and emails.
	MatrixAdd MatrixMode = "add"
	// MatrixReplace: when a matrix applies to a job, its rows are the
	// job's and external lists are not used.
	MatrixReplace MatrixMode = "replace"
)

// Defaults and bounds of the file's settings.
const (
	DefaultSyncEvery = 6 * time.Hour
	// MinSyncEvery keeps a typo ("6s" for "6h") from having every ACTIVE job
	// asked of the VMS continuously, which VMSs answer by throttling us.
	MinSyncEvery     = time.Minute
	DefaultTimeout   = 30 * time.Second
	DefaultMatrix    = MatrixAdd
	sortOrderSpacing = 10
)

// sources lists the sources in the order of their levels.
func sources() []Source { return []Source{SourceMatrix, SourceVMS, SourceEmail} }

// DefaultPrecedence is the order of every level (see the package
// documentation for why).
func DefaultPrecedence() []Level {
	return []Level{LevelJobMatrix, LevelClientMatrix, LevelFacilityMatrix, LevelVMS, LevelEmail}
}

// levelsOf returns the precedence levels a source contributes.
func levelsOf(s Source) []Level {
	switch s {
	case SourceMatrix:
		return []Level{LevelJobMatrix, LevelClientMatrix, LevelFacilityMatrix}
	case SourceVMS:
		return []Level{LevelVMS}
	case SourceEmail:
		return []Level{LevelEmail}
	}
	return nil
}

// connectorKind describes one connector implementation's settings.
type connectorKind struct {
	credentials []string // the roles it takes credentials for
}

// connectorKinds lists the connector implementations; a new connector adds
// its kind here, so that a file naming it is accepted.
func connectorKinds() map[string]connectorKind {
	return map[string]connectorKind{
		// The sandbox VMS (vms.NewSandbox): its JSON API, and its portal
		// pages for jobs it keeps only there; the OAuth client of the API
		// and the portal sign-in are the same user name and password.
		"sandbox": {credentials: []string{"username", "password"}},
	}
}

// Config is a loaded, validated integrations file. It is immutable.
type Config struct {
	byType map[string]*Integration
	order  []string
}

// Integration returns the integration of a vmsType.
func (c *Config) Integration(vmsType string) (*Integration, bool) {
	i, ok := c.byType[vmsType]
	return i, ok
}

// Integrations returns every integration in file order.
func (c *Config) Integrations() []*Integration {
	out := make([]*Integration, 0, len(c.order))
	for _, t := range c.order {
		out = append(out, c.byType[t])
	}
	return out
}

// Integration is one VMS integration.
type Integration struct {
	VMSType     string
	DisplayName string
	Connector   Connector
	// Sources are the sources it combines, in file order.
	Sources []Source
	Email   Email
	Matrix  Matrix
	// Precedence orders the levels of its sources, first wins.
	Precedence []Level
	// SyncEvery is how often ACTIVE jobs re-sync.
	SyncEvery time.Duration
	// PlacementSync: the VMS resolves requirements per placement, so
	// creating a placement syncs its own list.
	PlacementSync bool
	// Mapping is the file's mapping table; merge the learned entries in
	// with Mapping.Merge.
	Mapping *mapping.Table
}

// Uses reports whether the integration combines the source.
func (i *Integration) Uses(s Source) bool { return slices.Contains(i.Sources, s) }

// Rank is the place of a level in the precedence, 0 first; -1 for a level
// of a source the integration does not use.
func (i *Integration) Rank(l Level) int { return slices.Index(i.Precedence, l) }

// Connector is how the service reaches the VMS.
type Connector struct {
	Kind string
	// BaseURL is the VMS's address with the environment expanded.
	BaseURL string
	// Timeout bounds one call of the connector.
	Timeout time.Duration
	// Credentials maps a role ("username") to the name of the environment
	// variable that holds it: the file never holds a secret.
	Credentials map[string]string
}

// ResolveCredentials reads the credentials from the environment through
// lookup (os.LookupEnv in the service). Every unset variable is reported.
func (c Connector) ResolveCredentials(lookup func(string) (string, bool)) (map[string]string, error) {
	out := make(map[string]string, len(c.Credentials))
	var missing []string
	for _, role := range slices.Sorted(maps.Keys(c.Credentials)) {
		name := c.Credentials[role]
		v, ok := lookup(name)
		if !ok || v == "" {
			missing = append(missing, fmt.Sprintf("%s (%s)", name, role))
			continue
		}
		out[role] = v
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("connector %s: environment variables not set: %s", c.Kind, strings.Join(missing, ", "))
	}
	return out, nil
}

// Email holds the settings of the email source.
type Email struct {
	// JobRefPatterns are the integration's own ways of naming a job.
	JobRefPatterns []*regexp.Regexp
}

// Matrix holds the settings of the matrix source.
type Matrix struct {
	Mode MatrixMode
}

// Error is one problem of a file, at a line when the YAML gives one.
type Error struct {
	File string
	Line int
	// Path is where in the file: "integrations.sandbox.sources[1]".
	Path string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if e.File != "" {
			b.WriteByte(':')
			fmt.Fprintf(&b, "%d", e.Line)
		} else {
			fmt.Fprintf(&b, "line %d", e.Line)
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every problem found in a file, in file order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	if len(es) == 1 {
		return "integrations: " + lines[0]
	}
	return fmt.Sprintf("integrations: %d problems:\n  %s", len(es), strings.Join(lines, "\n  "))
}

// Load reads and validates the file at path.
func Load(path string, cat *catalog.Catalog) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("integrations: %w", err)
	}
	return parse(data, cat, path, os.LookupEnv)
}

// Parse validates an integrations document. Errors carry line numbers.
func Parse(data []byte, cat *catalog.Catalog) (*Config, error) {
	return parse(data, cat, "", os.LookupEnv)
}

// LoadDefault loads the file INTEGRATIONS_FILE names, or the embedded one.
func LoadDefault(cat *catalog.Catalog) (*Config, error) {
	if path := os.Getenv(EnvFile); path != "" {
		return Load(path, cat)
	}
	return parse(embeddedYAML, cat, EmbeddedName, os.LookupEnv)
}

// AsErrors returns the problems of an error from Load or Parse.
func AsErrors(err error) Errors {
	var es Errors
	if errors.As(err, &es) {
		return es
	}
	return nil
}
