package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/store"
)

type registryListStore interface {
	CurrentEditions(ctx context.Context) ([]registry.Edition, error)
	LastImports(ctx context.Context) ([]store.RegistryImport, error)
}

// registryJSON is an element of GET /registries.
type registryJSON struct {
	Code       string `json:"code"`
	PrettyName string `json:"prettyName"`
	Issuer     string `json:"issuer"`
	// Kind is bulk (an imported list searched in memory) or live (searched
	// at the registry's site on every check).
	Kind      string `json:"kind"`
	SourceURL string `json:"sourceUrl"`
	// The current edition of a bulk list; null for live registries and
	// lists never imported.
	ListDate    *time.Time `json:"listDate"`
	RowCount    *int       `json:"rowCount"`
	RecordCount *int       `json:"recordCount"`
	ImportedAt  *time.Time `json:"importedAt"`
	ListID      *string    `json:"listId"`
	// Searchable is true when checks of this API process search it.
	Searchable bool        `json:"searchable"`
	LastImport *importJSON `json:"lastImport"`
}

type importJSON struct {
	Outcome    string    `json:"outcome"`
	Reason     string    `json:"reason"`
	Source     string    `json:"source"`
	FinishedAt time.Time `json:"finishedAt"`
}

// listRegistries lists the registries a check can name, each bulk list
// with its current edition's date and size and its latest import attempt.
func (s *Server) listRegistries(c *gin.Context) {
	ctx := c.Request.Context()
	eds, err := s.store.CurrentEditions(ctx)
	if err != nil {
		fail(c, err)
		return
	}
	imports, err := s.store.LastImports(ctx)
	if err != nil {
		fail(c, err)
		return
	}
	byCode := map[string]registry.Edition{}
	for _, e := range eds {
		byCode[e.Registry] = e
	}
	lastByCode := map[string]store.RegistryImport{}
	for _, imp := range imports {
		lastByCode[imp.Registry] = imp
	}
	out := []registryJSON{}
	for _, info := range registry.All() {
		r := registryJSON{Code: info.Code, PrettyName: info.PrettyName, Issuer: info.Issuer, Kind: "live", SourceURL: info.SourceURL}
		if info.Bulk {
			r.Kind = "bulk"
			if e, ok := byCode[info.Code]; ok {
				id := e.ID.String()
				r.ListDate, r.RowCount, r.RecordCount, r.ImportedAt, r.ListID = &e.Date, &e.Rows, &e.Records, &e.ImportedAt, &id
			}
			_, r.Searchable = s.registries.Edition(info.Code)
			if imp, ok := lastByCode[info.Code]; ok {
				r.LastImport = &importJSON{Outcome: imp.Outcome, Reason: imp.Reason, Source: imp.Source, FinishedAt: imp.FinishedAt}
			}
		} else {
			r.Searchable = s.liveConfigured
		}
		out = append(out, r)
	}
	c.JSON(http.StatusOK, out)
}
