// Package catalog loads the service's vocabulary: the document types a
// segment can have (with their category and field names) and the requirement
// keys a document is judged against (with their rules).
//
// The YAML files beside this file are the project's own copy of the shared
// catalog. They are embedded so that every process (API, worker, the
// in-process `compliance process` command) judges with the same rules, and
// they are validated at load so a typo fails start-up, not an intake.
package catalog

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed document-types.yaml
var documentTypesYAML []byte

//go:embed requirements.yaml
var requirementsYAML []byte

// Fulfillment types of a requirement.
const (
	FulfillDocument       = "DOCUMENT"
	FulfillRegistrySearch = "REGISTRY_SEARCH"
	FulfillStatement      = "STATEMENT"
	FulfillPassThrough    = "PASS_THROUGH"
)

// OtherType is the type of a page that is none of the catalog's types.
const OtherType = "other"

// Catalog is the loaded, validated vocabulary. It is immutable after Load.
type Catalog struct {
	// CommonFields maps a field name shared by many types to its value kind.
	CommonFields map[string]string
	// thresholds are the confidence_thresholds: "default" and per field.
	thresholds   map[string]float64
	types        map[string]*DocType
	requirements map[string]*Requirement
	// typeList and reqList hold the same in catalog order.
	typeList []*DocType
	reqList  []*Requirement
}

// DocType is one document type of the catalog.
type DocType struct {
	Key      string
	Category string
	Name     string
	Fields   []string
	Notes    string
	// Classify holds the phrases that recognise the type on a page. They live
	// in the catalog so that adding a type is one edit in one file.
	Classify ClassifyHints
	// MaxValidityYears is the longest a document of the type is valid from
	// its issue to its expiration (0: the catalog does not say), and
	// MaxValidityByIssuer the same for issuers whose limit differs or is
	// known; see MaxValidity.
	MaxValidityYears    int
	MaxValidityByIssuer map[string]int
}

// ClassifyHints are the phrases a classifier looks for. Titles are strong
// evidence (a document's own heading), keywords weaker, and a negative
// phrase rules the type out (e.g. "pediatric" for plain BLS).
type ClassifyHints struct {
	Titles   []string `yaml:"titles"`
	Keywords []string `yaml:"keywords"`
	Negative []string `yaml:"negative"`
}

// SchemaID is the schema identifier reported on segments of this type.
func (t *DocType) SchemaID() string { return t.Key + ".v1" }

// HasField reports whether the type defines the named field.
func (t *DocType) HasField(name string) bool { return slices.Contains(t.Fields, name) }

// Requirement is one requirement key with what it accepts and checks.
type Requirement struct {
	Key string
	// Name is how people call it ("OFAC sanctions check (SDN)"): the label
	// of a row a matrix lists by key alone.
	Name        string
	Fulfillment string
	Accepts     []string
	Rules       []Rule
	Registries  []string
	Template    string
	Notes       string
}

// Rule is one requirement rule: a name and its argument, if any
// (`not_expired` has none, `within_months: 12` has 12, `result_is:
// [negative]` has a list).
type Rule struct {
	Name string
	// Exactly one of the following is set, according to the rule's kind.
	Int     int
	Strings []string
	Bool    bool
}

// ruleArgKinds says which argument each known rule takes.
var ruleArgKinds = map[string]string{
	"not_expired":                  "none",
	"license_status_is":            "strings",
	"result_is":                    "strings",
	"within_months":                "int",
	"within_days":                  "int",
	"immune_or_doses":              "int",
	"immune_or_doses_or_declined":  "int",
	"current_season_or_declined":   "bool",
	"doses_at_least":               "int",
	"cleared":                      "bool",
	"not_expired_or_within_months": "int",
}

// RuleNames lists every rule name the catalog may use.
func RuleNames() []string {
	return slices.Sorted(maps.Keys(ruleArgKinds))
}

// Load parses and validates the embedded catalog.
func Load() (*Catalog, error) {
	return Parse(documentTypesYAML, requirementsYAML)
}

// MustLoad is Load for process start-up and tests, where a broken embedded
// catalog is a build defect.
func MustLoad() *Catalog {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

type rawTypes struct {
	CommonFields map[string]string  `yaml:"common_fields"`
	Thresholds   map[string]float64 `yaml:"confidence_thresholds"`
	Types        yaml.Node          `yaml:"types"`
}

// ConfidenceThreshold is how sure a reading of the field must be to be
// reported: the field's own threshold, else the catalog's default, else 0.5.
func (c *Catalog) ConfidenceThreshold(field string) float64 {
	if v, ok := c.thresholds[field]; ok {
		return v
	}
	if v, ok := c.thresholds["default"]; ok {
		return v
	}
	return 0.5
}

type rawType struct {
	Category            string         `yaml:"category"`
	Name                string         `yaml:"name"`
	Fields              []string       `yaml:"fields"`
	Notes               string         `yaml:"notes"`
	Classify            ClassifyHints  `yaml:"classify"`
	MaxValidityYears    int            `yaml:"max_validity_years"`
	MaxValidityByIssuer map[string]int `yaml:"max_validity_by_issuer"`
}

type rawRequirements struct {
	Requirements yaml.Node `yaml:"requirements"`
}

type rawRequirement struct {
	Name        string      `yaml:"name"`
	Fulfillment string      `yaml:"fulfillment"`
	Accepts     []string    `yaml:"accepts"`
	Rules       []yaml.Node `yaml:"rules"`
	Registries  []string    `yaml:"registries"`
	Template    string      `yaml:"template"`
	Notes       string      `yaml:"notes"`
}

// Parse builds a catalog from the two YAML documents and validates it.
func Parse(typesDoc, requirementsDoc []byte) (*Catalog, error) {
	var rt rawTypes
	if err := yaml.Unmarshal(typesDoc, &rt); err != nil {
		return nil, fmt.Errorf("catalog: document types: %w", err)
	}
	for k, v := range rt.Thresholds {
		if v < 0 || v > 1 {
			return nil, fmt.Errorf("catalog: confidence_thresholds.%s is %v; a threshold is between 0 and 1", k, v)
		}
	}
	c := &Catalog{
		CommonFields: rt.CommonFields,
		thresholds:   rt.Thresholds,
		types:        map[string]*DocType{},
		requirements: map[string]*Requirement{},
	}
	if rt.Types.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("catalog: document types: `types` must be a mapping")
	}
	err := eachEntry(rt.Types, "type", func(key string, t rawType) error {
		if _, dup := c.types[key]; dup {
			return fmt.Errorf("catalog: type %q defined twice", key)
		}
		if t.Category == "" {
			return fmt.Errorf("catalog: type %q has no category", key)
		}
		if len(t.Fields) == 0 {
			return fmt.Errorf("catalog: type %q has no fields", key)
		}
		if t.MaxValidityYears < 0 {
			return fmt.Errorf("catalog: type %q has max_validity_years %d; a validity is a positive number of years", key, t.MaxValidityYears)
		}
		for issuer, years := range t.MaxValidityByIssuer {
			if strings.TrimSpace(issuer) == "" || years <= 0 {
				return fmt.Errorf("catalog: type %q: max_validity_by_issuer needs an issuer name and a positive number of years (got %q: %d)", key, issuer, years)
			}
		}
		dt := &DocType{Key: key, Category: t.Category, Name: t.Name, Fields: t.Fields, Notes: t.Notes, Classify: t.Classify,
			MaxValidityYears: t.MaxValidityYears, MaxValidityByIssuer: t.MaxValidityByIssuer}
		c.types[key] = dt
		c.typeList = append(c.typeList, dt)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, ok := c.types[OtherType]; !ok {
		return nil, fmt.Errorf("catalog: the %q type is required", OtherType)
	}

	var rr rawRequirements
	if err := yaml.Unmarshal(requirementsDoc, &rr); err != nil {
		return nil, fmt.Errorf("catalog: requirements: %w", err)
	}
	if rr.Requirements.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("catalog: requirements: `requirements` must be a mapping")
	}
	err = eachEntry(rr.Requirements, "requirement", func(key string, r rawRequirement) error {
		req, err := c.buildRequirement(key, r)
		if err != nil {
			return err
		}
		if _, dup := c.requirements[key]; dup {
			return fmt.Errorf("catalog: requirement %q defined twice", key)
		}
		c.requirements[key] = req
		c.reqList = append(c.reqList, req)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// eachEntry decodes the entries of a YAML mapping in the file's order,
// which is the catalog's; what names an entry in errors.
func eachEntry[T any](m yaml.Node, what string, use func(key string, v T) error) error {
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		var v T
		if err := m.Content[i+1].Decode(&v); err != nil {
			return fmt.Errorf("catalog: %s %q: %w", what, key, err)
		}
		if err := use(key, v); err != nil {
			return err
		}
	}
	return nil
}

func (c *Catalog) buildRequirement(key string, r rawRequirement) (*Requirement, error) {
	req := &Requirement{Key: key, Name: r.Name, Fulfillment: r.Fulfillment, Accepts: r.Accepts, Registries: r.Registries, Template: r.Template, Notes: r.Notes}
	if req.Name == "" {
		req.Name = key
	}
	if req.Fulfillment == "" {
		req.Fulfillment = FulfillDocument
	}
	switch req.Fulfillment {
	case FulfillDocument:
		if len(req.Accepts) == 0 {
			return nil, fmt.Errorf("catalog: requirement %q accepts no document type", key)
		}
		for _, a := range req.Accepts {
			if _, ok := c.types[a]; !ok {
				return nil, fmt.Errorf("catalog: requirement %q accepts unknown type %q", key, a)
			}
		}
	case FulfillRegistrySearch:
		if len(req.Registries) == 0 {
			return nil, fmt.Errorf("catalog: requirement %q names no registry", key)
		}
	case FulfillStatement:
		if req.Template == "" {
			return nil, fmt.Errorf("catalog: requirement %q names no template", key)
		}
	case FulfillPassThrough:
	default:
		return nil, fmt.Errorf("catalog: requirement %q has unknown fulfillment %q", key, req.Fulfillment)
	}
	for _, n := range r.Rules {
		rule, err := parseRule(n)
		if err != nil {
			return nil, fmt.Errorf("catalog: requirement %q: %w", key, err)
		}
		req.Rules = append(req.Rules, rule)
	}
	return req, nil
}

func parseRule(n yaml.Node) (Rule, error) {
	var name string
	var arg *yaml.Node
	switch n.Kind {
	case yaml.ScalarNode:
		name = n.Value
	case yaml.MappingNode:
		if len(n.Content) != 2 {
			return Rule{}, fmt.Errorf("rule at line %d must have exactly one key", n.Line)
		}
		name, arg = n.Content[0].Value, n.Content[1]
	default:
		return Rule{}, fmt.Errorf("rule at line %d is neither a name nor a mapping", n.Line)
	}
	kind, ok := ruleArgKinds[name]
	if !ok {
		return Rule{}, fmt.Errorf("unknown rule %q (known: %s)", name, strings.Join(RuleNames(), ", "))
	}
	r := Rule{Name: name}
	switch kind {
	case "none":
		if arg != nil {
			return Rule{}, fmt.Errorf("rule %q takes no argument", name)
		}
	case "int":
		if arg == nil || arg.Decode(&r.Int) != nil || r.Int <= 0 {
			return Rule{}, fmt.Errorf("rule %q needs a positive integer", name)
		}
	case "strings":
		if arg == nil || arg.Decode(&r.Strings) != nil || len(r.Strings) == 0 {
			return Rule{}, fmt.Errorf("rule %q needs a list of values", name)
		}
	case "bool":
		if arg == nil || arg.Decode(&r.Bool) != nil {
			return Rule{}, fmt.Errorf("rule %q needs true or false", name)
		}
	}
	return r, nil
}

// Type returns the document type with the given key.
func (c *Catalog) Type(key string) (*DocType, bool) {
	t, ok := c.types[key]
	return t, ok
}

// Types returns every document type in catalog order.
func (c *Catalog) Types() []*DocType {
	return slices.Clone(c.typeList)
}

// MaxValidity is how many years a document of docType issued by issuer
// is valid at most: the issuer's own limit when the catalog names the
// issuer (compared without case, spacing or punctuation; an issuer name
// that contains a configured one matches it), else the type's. ok is false
// when the catalog sets no limit for the type.
func (c *Catalog) MaxValidity(docType, issuer string) (years int, ok bool) {
	t, found := c.types[docType]
	if !found {
		return 0, false
	}
	if want := foldName(issuer); want != "" {
		best := ""
		for name, y := range t.MaxValidityByIssuer {
			n := foldName(name)
			// The longest configured name the issuer contains wins.
			if n != "" && strings.Contains(want, n) && len(n) > len(best) {
				best, years = n, y
			}
		}
		if best != "" {
			return years, true
		}
	}
	if t.MaxValidityYears > 0 {
		return t.MaxValidityYears, true
	}
	return 0, false
}

// foldName keeps a name's letters and digits, lower-cased.
func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Requirement returns the requirement with the given key.
func (c *Catalog) Requirement(key string) (*Requirement, bool) {
	r, ok := c.requirements[key]
	return r, ok
}

// Requirements returns every requirement in catalog order.
func (c *Catalog) Requirements() []*Requirement {
	return slices.Clone(c.reqList)
}
