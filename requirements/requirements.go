// Package requirements turns what a job's sources list (its VMS, client
// emails, requirement matrices) into the requirement rows a recruiter works
// through, and decides what a row's evidence does to it.
//
// Reconciliation keeps one row per catalog requirement however many
// sources list it, and one row per label nobody has mapped yet (it waits in
// AWAITING_CONFIG); where sources disagree (a different packet, or a
// source saying a requirement is not needed while another lists it) the
// row keeps the stricter reading and the disagreement is reported as a
// conflict on the job.
//
// It imports no Temporal, Gin or GORM.
package requirements

import (
	"slices"
	"strings"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/mapping"
)

// Source kinds.
const (
	SourceJobMatrix      = "matrix:job"
	SourceClientMatrix   = "matrix:client"
	SourceFacilityMatrix = "matrix:facility"
	SourcePlacementVMS   = "vms:placement"
	SourceVMS            = "vms"
	SourceEmail          = "email"
)

// DefaultPrecedence orders the sources when they describe the same
// requirement differently, first wins: a matrix someone configured for
// this very job, then for its client, then for its facility, then what the
// VMS says of this placement and of the job, then what a client emailed
// (free text, read by a parser).
var DefaultPrecedence = []string{SourceJobMatrix, SourceClientMatrix, SourceFacilityMatrix, SourcePlacementVMS, SourceVMS, SourceEmail}

// Item is one requirement as a source lists it.
type Item struct {
	Label       string `json:"label"`
	PacketGroup string `json:"packetGroup,omitempty"`
	Notes       string `json:"notes,omitempty"`
	Ref         string `json:"ref,omitempty"`
	// Key names a catalog requirement directly (a matrix may).
	Key string `json:"requirementKey,omitempty"`
}

// Source is what one source lists for a job or placement.
type Source struct {
	Kind string `json:"kind"`
	// Ref tells sources of one kind apart: an email's Message-ID, a
	// matrix's scope key.
	Ref   string `json:"ref,omitempty"`
	Items []Item `json:"items"`
	// Exclusions are requirements the source says are not needed ("no
	// drug screen needed"). They never remove a row another source lists:
	// they are reported as conflicts.
	Exclusions []Item `json:"exclusions,omitempty"`
	// Replace (a matrix) stands instead of the external sources.
	Replace bool `json:"replace,omitempty"`
}

// Row is one reconciled requirement row.
type Row struct {
	// RowKey identifies the row across syncs: "key:<requirement>" when
	// mapped, "label:<normalised label>" while not.
	RowKey           string   `json:"rowKey"`
	Label            string   `json:"label"`
	NormalizedLabel  string   `json:"normalizedLabel"`
	RequirementKey   string   `json:"requirementKey,omitempty"`
	FulfillmentType  string   `json:"fulfillmentType,omitempty"`
	DocumentCategory string   `json:"documentCategory,omitempty"`
	DocumentType     string   `json:"documentType,omitempty"`
	PacketGroup      string   `json:"packetGroup"`
	SortOrder        int      `json:"sortOrder"`
	Sources          []string `json:"sources"`
}

// Mapped reports whether the row names a catalog requirement.
func (r Row) Mapped() bool { return r.RequirementKey != "" }

// Conflict is a disagreement between sources, reported on the job.
type Conflict struct {
	RowKey string `json:"rowKey"`
	Label  string `json:"label"`
	// Kind: packet_group (sources put it in different packets) or
	// excluded (a source says it is not needed; the row stays).
	Kind    string   `json:"kind"`
	Detail  string   `json:"detail"`
	Sources []string `json:"sources"`
}

// Reconciler reconciles the sources of one integration.
type Reconciler struct {
	Catalog *catalog.Catalog
	// Table maps the integration's labels (its file and what people
	// mapped).
	Table *mapping.Table
	// Precedence orders source kinds, first wins (DefaultPrecedence when
	// empty); kinds not named come last.
	Precedence []string
}

// Default packet groups of rows whose sources name none.
const (
	GroupCredentials = "Credentials"
	GroupHealth      = "Health"
	GroupBackground  = "Background & Compliance"
	GroupStatements  = "Statements"
	GroupOther       = "Other"
)

// Reconcile returns the rows the sources ask for, in sort order, and the
// conflicts between them. A matrix in replace mode stands instead of the
// external sources (VMS and email): they are then not read at all.
func (rc Reconciler) Reconcile(sources []Source) ([]Row, []Conflict) {
	prec := rc.Precedence
	if len(prec) == 0 {
		prec = DefaultPrecedence
	}
	rank := func(kind string) int {
		if i := slices.Index(prec, kind); i >= 0 {
			return i
		}
		return len(prec)
	}
	replaced := false
	for _, s := range sources {
		replaced = replaced || (s.Replace && strings.HasPrefix(s.Kind, "matrix:"))
	}
	sources = slices.Clone(sources)
	slices.SortStableFunc(sources, func(a, b Source) int { return rank(a.Kind) - rank(b.Kind) })

	byKey := map[string]*Row{}
	var order []string
	groups := map[string]map[string][]string{} // row → packet group → sources
	// listedBy holds which sources (kind and ref) list each row: a source
	// waiving what another source of its kind lists (a later email) still
	// disagrees with it.
	type sourceID struct{ kind, ref string }
	listedBy := map[string]map[sourceID]bool{}
	var conflicts []Conflict
	seq := 0
	add := func(src Source, it Item, key string, target mapping.Target) {
		label := strings.TrimSpace(it.Label)
		norm := mapping.Normalize(label)
		rowKey := "label:" + norm
		if key != "" {
			rowKey = "key:" + key
		}
		r, ok := byKey[rowKey]
		if !ok {
			seq++
			r = &Row{RowKey: rowKey, Label: label, NormalizedLabel: norm, RequirementKey: key, SortOrder: seq}
			if target.SortOrder > 0 {
				r.SortOrder = target.SortOrder*1000 + seq
			}
			if key != "" {
				if d, err := mapping.Describe(rc.Catalog, key); err == nil {
					r.FulfillmentType, r.DocumentCategory, r.DocumentType = d.FulfillmentType, d.DocumentCategory, d.DocumentType
				}
			}
			byKey[rowKey] = r
			order = append(order, rowKey)
			groups[rowKey] = map[string][]string{}
			listedBy[rowKey] = map[sourceID]bool{}
		}
		listedBy[rowKey][sourceID{src.Kind, src.Ref}] = true
		if !slices.Contains(r.Sources, src.Kind) {
			r.Sources = append(r.Sources, src.Kind)
		}
		group := strings.TrimSpace(it.PacketGroup)
		if group == "" {
			group = target.PacketGroup
		}
		if group != "" {
			if !slices.Contains(groups[rowKey][group], src.Kind) {
				groups[rowKey][group] = append(groups[rowKey][group], src.Kind)
			}
			// The first (highest-precedence) source that names a packet
			// decides it.
			if r.PacketGroup == "" {
				r.PacketGroup = group
			}
		}
	}
	for _, src := range sources {
		if replaced && !strings.HasPrefix(src.Kind, "matrix:") {
			continue
		}
		for _, it := range src.Items {
			if strings.TrimSpace(it.Label) == "" && it.Key == "" {
				continue
			}
			if it.Key != "" {
				req, known := rc.Catalog.Requirement(it.Key)
				// A row listed by key alone is called by the catalog's
				// name for it; a key the catalog no longer knows waits
				// under its own words rather than as a blank row.
				if strings.TrimSpace(it.Label) == "" {
					it.Label = it.Key
					if known {
						it.Label = req.Name
					}
				}
				if known {
					add(src, it, it.Key, mapping.Target{Key: it.Key})
					continue
				}
			}
			entry, ok := rc.Table.Lookup(it.Label)
			if !ok {
				add(src, it, "", mapping.Target{})
				continue
			}
			for _, k := range entry.Keys() {
				add(src, it, k, entry.Target)
			}
		}
	}
	rows := make([]Row, 0, len(order))
	for _, k := range order {
		r := byKey[k]
		if len(groups[k]) > 1 {
			var detail []string
			named := map[string]bool{}
			for g, ss := range groups[k] {
				detail = append(detail, g+" ("+strings.Join(ss, ", ")+")")
				for _, s := range ss {
					named[s] = true
				}
			}
			slices.Sort(detail)
			// In precedence order (the row's), not the map's: the same
			// sources report the same conflict on every sync.
			var srcs []string
			for _, s := range r.Sources {
				if named[s] {
					srcs = append(srcs, s)
				}
			}
			conflicts = append(conflicts, Conflict{RowKey: k, Label: r.Label, Kind: "packet_group",
				Detail: "sources put it in different packets: " + strings.Join(detail, "; ") + "; kept " + r.PacketGroup, Sources: srcs})
		}
		if r.PacketGroup == "" {
			r.PacketGroup = defaultGroup(r)
		}
		rows = append(rows, *r)
	}
	// Exclusions: a source saying a listed requirement is not needed.
	for _, src := range sources {
		if replaced && !strings.HasPrefix(src.Kind, "matrix:") {
			continue
		}
		for _, ex := range src.Exclusions {
			keys := []string{"label:" + mapping.Normalize(ex.Label)}
			if entry, ok := rc.Table.Lookup(ex.Label); ok {
				keys = nil
				for _, k := range entry.Keys() {
					keys = append(keys, "key:"+k)
				}
			}
			for _, k := range keys {
				if r, ok := byKey[k]; ok && !listedBy[k][sourceID{src.Kind, src.Ref}] {
					conflicts = append(conflicts, Conflict{RowKey: k, Label: r.Label, Kind: "excluded",
						Detail:  src.Kind + " says it is not needed (\"" + ex.Label + "\"); " + strings.Join(r.Sources, ", ") + " list it; kept",
						Sources: dedupe(append([]string{src.Kind}, r.Sources...))})
				}
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int { return a.SortOrder - b.SortOrder })
	for i := range rows {
		rows[i].SortOrder = i + 1
	}
	return rows, conflicts
}

func dedupe(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// defaultGroup is the packet of a row whose sources name none: by what
// fulfils it.
func defaultGroup(r *Row) string {
	switch r.FulfillmentType {
	case catalog.FulfillRegistrySearch:
		return GroupBackground
	case catalog.FulfillStatement:
		return GroupStatements
	case catalog.FulfillDocument:
		switch r.DocumentCategory {
		case "health", "immunization":
			return GroupHealth
		case "background":
			return GroupBackground
		}
		return GroupCredentials
	}
	return GroupOther
}
