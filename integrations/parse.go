package integrations

import (
	"fmt"
	"iter"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/mapping"
)

var (
	reVMSType = regexp.MustCompile(`^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$`)
	reEnvName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)
	// reExpand finds ${NAME} and ${NAME:-default}.
	reExpand = regexp.MustCompile(`\$\{([^}:]*)(?::-([^}]*))?\}`)
)

// parser walks the YAML nodes so that every problem is reported with its
// line, and all of them at once.
type parser struct {
	file      string
	cat       *catalog.Catalog
	lookupEnv func(string) (string, bool)
	errs      Errors
}

func parse(data []byte, cat *catalog.Catalog, file string, lookupEnv func(string) (string, bool)) (*Config, error) {
	p := &parser{file: file, cat: cat, lookupEnv: lookupEnv}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// yaml.v3 says "yaml: line 12: ..."; keep its line as ours.
		msg := err.Error()
		line := 0
		if rest, ok := strings.CutPrefix(msg, "yaml: line "); ok {
			if n, after, ok := strings.Cut(rest, ": "); ok {
				if l, err := strconv.Atoi(n); err == nil {
					line, msg = l, after
				}
			}
		}
		p.errs = append(p.errs, &Error{File: file, Line: line, Msg: "not YAML: " + strings.TrimPrefix(msg, "yaml: ")})
		return nil, p.errs
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		p.errs = append(p.errs, &Error{File: file, Msg: "empty file: it must list `integrations`"})
		return nil, p.errs
	}
	cfg := &Config{byType: map[string]*Integration{}}
	top, isMap := p.fields(doc.Content[0], "", "integrations")
	list, ok := top["integrations"]
	if !ok {
		if isMap && len(p.errs) == 0 {
			p.errorf(doc.Content[0], "", "no `integrations`")
		}
		return nil, p.errs
	}
	list = resolve(list)
	if list.Kind != yaml.MappingNode {
		p.errorf(list, "integrations", "must be a mapping of vmsType to its settings")
		return nil, p.errs
	}
	if len(list.Content) == 0 {
		p.errorf(list, "integrations", "lists no integration")
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(list.Content); i += 2 {
		k, v := list.Content[i], list.Content[i+1]
		path := "integrations." + k.Value
		if line, dup := seen[k.Value]; dup {
			p.errorf(k, path, "vmsType %q defined twice (first at line %d)", k.Value, line)
			continue
		}
		seen[k.Value] = k.Line
		if !reVMSType.MatchString(k.Value) {
			p.errorf(k, path, "vmsType %q must be lower-case letters and digits, words joined by dashes", k.Value)
		}
		if in := p.integration(k.Value, resolve(v), path); in != nil {
			cfg.byType[k.Value] = in
			cfg.order = append(cfg.order, k.Value)
		}
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return cfg, nil
}

func (p *parser) errorf(n *yaml.Node, path, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Path: path, Msg: fmt.Sprintf(format, args...)})
}

// resolve follows an alias (*name) to the node it names, so that a file may
// share one mapping list between integrations with an anchor.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// fields returns the values of a mapping node by key, reporting keys that
// are unknown, repeated, or YAML merge keys. It returns false when the node
// is no mapping at all (reported once, not again as each missing setting).
func (p *parser) fields(n *yaml.Node, path string, known ...string) (map[string]*yaml.Node, bool) {
	n = resolve(n)
	out := map[string]*yaml.Node{}
	if n.Kind != yaml.MappingNode {
		p.errorf(n, path, "must be a mapping (%s)", strings.Join(known, ", "))
		return out, false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		kp := join(path, k.Value)
		switch {
		case k.Value == "<<":
			p.errorf(k, kp, "merge keys are not supported: share a value with an anchor (&name) and an alias (*name)")
		case !slices.Contains(known, k.Value):
			p.errorf(k, kp, "unknown setting %q (known: %s)", k.Value, strings.Join(known, ", "))
		case out[k.Value] != nil:
			p.errorf(k, kp, "%q given twice", k.Value)
		default:
			out[k.Value] = resolve(v)
		}
	}
	return out, true
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// str returns a scalar's value; a list or mapping is reported.
func (p *parser) str(n *yaml.Node, path string) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		p.errorf(n, path, "must be a single value")
		return "", false
	}
	return n.Value, true
}

// list returns a sequence's items; a scalar is reported.
func (p *parser) list(n *yaml.Node, path string) []*yaml.Node {
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, path, "must be a list")
		return nil
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = resolve(c)
	}
	return out
}

// listValue is an item of a list that is a single value, with its path.
type listValue struct {
	node        *yaml.Node
	path, value string
}

// values yields the items of a list that are single values; each other
// item is reported.
func (p *parser) values(items []*yaml.Node, path string) iter.Seq[listValue] {
	return func(yield func(listValue) bool) {
		for i, it := range items {
			ip := fmt.Sprintf("%s[%d]", path, i)
			if s, ok := p.str(it, ip); ok && !yield(listValue{node: it, path: ip, value: s}) {
				return
			}
		}
	}
}

func (p *parser) duration(n *yaml.Node, path string, min time.Duration) (time.Duration, bool) {
	s, ok := p.str(n, path)
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		p.errorf(n, path, "%q is not a duration (like 30s, 15m or 6h)", s)
		return 0, false
	}
	if d < min {
		p.errorf(n, path, "%s is shorter than %s", s, min)
		return 0, false
	}
	return d, true
}

func (p *parser) integration(vmsType string, n *yaml.Node, path string) *Integration {
	errsBefore := len(p.errs)
	f, isMap := p.fields(n, path, "displayName", "connector", "sources", "email", "matrix", "precedence", "syncEvery", "placementSync", "mapping")
	if !isMap {
		return nil
	}
	in := &Integration{VMSType: vmsType, SyncEvery: DefaultSyncEvery, Matrix: Matrix{Mode: DefaultMatrix}}

	if v, ok := f["displayName"]; !ok {
		p.errorf(n, path, "no displayName")
	} else if s, ok := p.str(v, path+".displayName"); ok {
		if strings.TrimSpace(s) == "" {
			p.errorf(v, path+".displayName", "is empty")
		}
		in.DisplayName = strings.TrimSpace(s)
	}

	if v, ok := f["connector"]; !ok {
		p.errorf(n, path, "no connector")
	} else {
		in.Connector = p.connector(v, path+".connector")
	}

	if v, ok := f["sources"]; !ok {
		p.errorf(n, path, "no sources (at least one of %s)", joinNames(sources()))
	} else {
		in.Sources = p.sources(v, path+".sources")
	}

	if v, ok := f["email"]; ok {
		if !in.Uses(SourceEmail) {
			p.errorf(v, path+".email", "email settings, but email is not one of the sources")
		}
		in.Email = p.email(v, path+".email")
	}
	if v, ok := f["matrix"]; ok {
		if !in.Uses(SourceMatrix) {
			p.errorf(v, path+".matrix", "matrix settings, but matrix is not one of the sources")
		}
		in.Matrix = p.matrix(v, path+".matrix")
	}

	var levels []Level
	for _, s := range sources() {
		if in.Uses(s) {
			levels = append(levels, levelsOf(s)...)
		}
	}
	if v, ok := f["precedence"]; ok {
		in.Precedence = p.precedence(v, path+".precedence", in, levels)
	} else {
		in.Precedence = levels
	}

	if v, ok := f["syncEvery"]; ok {
		if d, ok := p.duration(v, path+".syncEvery", MinSyncEvery); ok {
			in.SyncEvery = d
		}
	}
	if v, ok := f["placementSync"]; ok {
		// Strictly true or false: YAML 1.1's yes/no/on/off read as
		// booleans by some tools and as strings by others.
		if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" || v.Decode(&in.PlacementSync) != nil {
			p.errorf(v, path+".placementSync", "must be true or false")
		} else if in.PlacementSync && !in.Uses(SourceVMS) {
			p.errorf(v, path+".placementSync", "placement sync reads the VMS, but vms is not one of the sources")
		}
	}

	if v, ok := f["mapping"]; ok {
		in.Mapping = p.mapping(v, path+".mapping")
	} else {
		// No file entries: every label waits for a person.
		in.Mapping, _ = mapping.NewTable(nil)
	}
	if len(p.errs) > errsBefore {
		return nil
	}
	return in
}

// joinNames lists names (sources, levels) for a message.
func joinNames[N ~string](names []N) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = string(n)
	}
	return strings.Join(parts, ", ")
}

func (p *parser) connector(n *yaml.Node, path string) Connector {
	c := Connector{Timeout: DefaultTimeout, Credentials: map[string]string{}}
	f, isMap := p.fields(n, path, "kind", "baseUrl", "timeout", "credentials")
	if !isMap {
		return c
	}
	kinds := connectorKinds()
	var kind connectorKind
	kindOK := false
	if v, ok := f["kind"]; !ok {
		p.errorf(n, path, "no kind (known: %s)", strings.Join(slices.Sorted(maps.Keys(kinds)), ", "))
	} else if s, ok := p.str(v, path+".kind"); ok {
		c.Kind = s
		if kind, kindOK = kinds[s]; !kindOK {
			p.errorf(v, path+".kind", "unknown connector kind %q (known: %s)", s, strings.Join(slices.Sorted(maps.Keys(kinds)), ", "))
		}
	}

	if v, ok := f["baseUrl"]; !ok {
		p.errorf(n, path, "no baseUrl")
	} else if s, ok := p.str(v, path+".baseUrl"); ok {
		c.BaseURL = p.baseURL(v, path+".baseUrl", s)
	}

	if v, ok := f["timeout"]; ok {
		if d, ok := p.duration(v, path+".timeout", time.Second); ok {
			c.Timeout = d
		}
	}

	if v, ok := f["credentials"]; ok {
		if v.Kind != yaml.MappingNode {
			p.errorf(v, path+".credentials", "must be a mapping of role to environment variable name")
		} else {
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, val := v.Content[i], resolve(v.Content[i+1])
				kp := path + ".credentials." + k.Value
				if kindOK && !slices.Contains(kind.credentials, k.Value) {
					p.errorf(k, kp, "the %s connector takes no %q credential (known: %s)", c.Kind, k.Value, strings.Join(kind.credentials, ", "))
					continue
				}
				if _, dup := c.Credentials[k.Value]; dup {
					p.errorf(k, kp, "%q given twice", k.Value)
					continue
				}
				name, ok := p.str(val, kp)
				if !ok {
					continue
				}
				if !reEnvName.MatchString(name) {
					p.errorf(val, kp, "%q is not an environment variable name (A-Z, 0-9, _): credentials are named, never written in the file", name)
					continue
				}
				c.Credentials[k.Value] = name
			}
		}
	}
	return c
}

// baseURL expands ${NAME} and ${NAME:-default} and checks the result is an
// http(s) address.
func (p *parser) baseURL(n *yaml.Node, path, raw string) string {
	var problems []string
	expanded := reExpand.ReplaceAllStringFunc(raw, func(m string) string {
		sub := reExpand.FindStringSubmatch(m)
		name, def := sub[1], sub[2]
		hasDefault := strings.Contains(m, ":-")
		if !reEnvName.MatchString(name) {
			problems = append(problems, fmt.Sprintf("%q is not an environment variable name", name))
			return ""
		}
		if v, ok := p.lookupEnv(name); ok && v != "" {
			return v
		}
		if hasDefault {
			return def
		}
		problems = append(problems, fmt.Sprintf("environment variable %s is not set (write ${%s:-default} for a default)", name, name))
		return ""
	})
	if len(problems) > 0 {
		p.errorf(n, path, "%s", strings.Join(problems, "; "))
		return ""
	}
	if strings.Contains(expanded, "${") {
		p.errorf(n, path, "%q: unclosed ${", raw)
		return ""
	}
	u, err := url.Parse(expanded)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		shown := fmt.Sprintf("%q", expanded)
		if expanded != raw {
			shown += fmt.Sprintf(" (from %q)", raw)
		}
		p.errorf(n, path, "%s is not an http(s) URL", shown)
		return ""
	}
	return strings.TrimRight(expanded, "/")
}

func (p *parser) sources(n *yaml.Node, path string) []Source {
	items := p.list(n, path)
	if items == nil {
		return nil
	}
	if len(items) == 0 {
		p.errorf(n, path, "no sources (at least one of %s)", joinNames(sources()))
	}
	var out []Source
	for v := range p.values(items, path) {
		src := Source(v.value)
		switch {
		case !slices.Contains(sources(), src):
			p.errorf(v.node, v.path, "unknown source %q (known: %s)", v.value, joinNames(sources()))
		case slices.Contains(out, src):
			p.errorf(v.node, v.path, "source %q listed twice", v.value)
		default:
			out = append(out, src)
		}
	}
	return out
}

func (p *parser) email(n *yaml.Node, path string) Email {
	var e Email
	f, _ := p.fields(n, path, "jobRefPatterns")
	v, ok := f["jobRefPatterns"]
	if !ok {
		return e
	}
	list := path + ".jobRefPatterns"
	for pat := range p.values(p.list(v, list), list) {
		re, err := regexp.Compile(pat.value)
		if err != nil {
			p.errorf(pat.node, pat.path, "bad regexp %q: %v", pat.value, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
			continue
		}
		// A pattern that matches nothing at all would "find" an empty
		// reference in every email.
		if re.MatchString("") {
			p.errorf(pat.node, pat.path, "regexp %q matches empty text: it would find a job reference in every email", pat.value)
			continue
		}
		e.JobRefPatterns = append(e.JobRefPatterns, re)
	}
	return e
}

func (p *parser) matrix(n *yaml.Node, path string) Matrix {
	m := Matrix{Mode: DefaultMatrix}
	f, _ := p.fields(n, path, "mode")
	if v, ok := f["mode"]; ok {
		if s, ok := p.str(v, path+".mode"); ok {
			switch MatrixMode(s) {
			case MatrixAdd, MatrixReplace:
				m.Mode = MatrixMode(s)
			default:
				p.errorf(v, path+".mode", "unknown matrix mode %q (known: add, replace)", s)
			}
		}
	}
	return m
}

// precedence checks that the list orders exactly the levels of the
// integration's sources: one left out would leave a tie undecided.
func (p *parser) precedence(n *yaml.Node, path string, in *Integration, levels []Level) []Level {
	var out []Level
	for v := range p.values(p.list(n, path), path) {
		l := Level(v.value)
		switch {
		case !slices.Contains(DefaultPrecedence(), l):
			p.errorf(v.node, v.path, "unknown level %q (known: %s)", v.value, joinNames(DefaultPrecedence()))
		case !slices.Contains(levels, l):
			p.errorf(v.node, v.path, "%s is not a level of this integration's sources (%s)", v.value, joinNames(in.Sources))
		case slices.Contains(out, l):
			p.errorf(v.node, v.path, "%s listed twice", v.value)
		default:
			out = append(out, l)
		}
	}
	var missing []Level
	for _, l := range levels {
		if !slices.Contains(out, l) {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 && n.Kind == yaml.SequenceNode {
		p.errorf(n, path, "leaves out %s: order every level of the sources", joinNames(missing))
	}
	return out
}

// mapping reads the label table: every entry checked against the catalog,
// labels compared after normalisation.
func (p *parser) mapping(n *yaml.Node, path string) *mapping.Table {
	items := p.list(n, path)
	var entries []mapping.Entry
	firstLine := map[string]int{}
	firstLabel := map[string]string{}
	ok := true
	for i, it := range items {
		ip := fmt.Sprintf("%s[%d]", path, i)
		f, isMap := p.fields(it, ip, "label", "key", "also", "packetGroup", "sortOrder")
		if !isMap {
			ok = false
			continue
		}
		e := mapping.Entry{Target: mapping.Target{SortOrder: sortOrderSpacing * (i + 1)}}
		entryOK := true

		if v, has := f["label"]; !has {
			p.errorf(it, ip, "no label")
			entryOK = false
		} else if s, good := p.str(v, ip+".label"); good {
			e.Label = s
			key, err := mapping.TableKey(s)
			switch {
			case err != nil:
				p.errorf(v, ip+".label", "%v", err)
				entryOK = false
			case firstLine[key] > 0:
				if firstLabel[key] == s {
					p.errorf(v, ip+".label", "label %q is mapped twice (first at line %d)", s, firstLine[key])
				} else {
					p.errorf(v, ip+".label", "label %q is the same as %q (line %d) once normalised (%q)", s, firstLabel[key], firstLine[key], key)
				}
				entryOK = false
			default:
				firstLine[key], firstLabel[key] = v.Line, s
			}
		} else {
			entryOK = false
		}

		if v, has := f["key"]; !has {
			p.errorf(it, ip, "no key (a catalog requirement key)")
			entryOK = false
		} else if s, good := p.str(v, ip+".key"); good {
			e.Key = s
			if _, known := p.cat.Requirement(s); !known {
				p.errorf(v, ip+".key", "unknown requirement key %q (not in the catalog)", s)
				entryOK = false
			}
		} else {
			entryOK = false
		}

		if v, has := f["also"]; has {
			for j, a := range p.list(v, ip+".also") {
				ap := fmt.Sprintf("%s.also[%d]", ip, j)
				s, good := p.str(a, ap)
				if !good {
					entryOK = false
					continue
				}
				switch _, known := p.cat.Requirement(s); {
				case !known:
					p.errorf(a, ap, "unknown requirement key %q (not in the catalog)", s)
					entryOK = false
				case s == e.Key || slices.Contains(e.Also, s):
					p.errorf(a, ap, "requirement key %q named twice", s)
					entryOK = false
				default:
					e.Also = append(e.Also, s)
				}
			}
		}

		if v, has := f["packetGroup"]; has {
			if s, good := p.str(v, ip+".packetGroup"); good {
				e.PacketGroup = strings.TrimSpace(s)
			}
		}
		if v, has := f["sortOrder"]; has {
			var so int
			if err := v.Decode(&so); err != nil || v.Kind != yaml.ScalarNode || so < 0 {
				p.errorf(v, ip+".sortOrder", "must be a whole number, 0 or more")
				entryOK = false
			} else {
				e.SortOrder = so
			}
		}
		if entryOK {
			entries = append(entries, e)
		} else {
			ok = false
		}
	}
	if !ok {
		return nil
	}
	t, err := mapping.NewTable(entries)
	if err != nil {
		// Every label was checked above; a table that still fails is a
		// defect of this parser, reported rather than hidden.
		p.errorf(n, path, "%v", err)
		return nil
	}
	return t
}
