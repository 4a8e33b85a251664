package scanfixtures

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pipeline"
)

// Scanned is a sample document, the person it was drawn for, and its
// pages as the worker's page reader read a scan of it.
type Scanned struct {
	Doc    sampledocs.Doc
	Person sampledocs.Person
	Pages  []pipeline.Page
}

// Scan draws a document of docType for a person, both from seed, renders
// it, scans it as scan says with the same seed (so that a fixture written
// again is the same scan), and reads it as the worker does.
func Scan(ctx context.Context, e *pipeline.Engine, seed uint64, docType string, opt sampledocs.Options, scan sampledocs.ScanOptions) (Scanned, error) {
	r := sampledocs.Seeded(seed)
	p := sampledocs.NewPerson(r)
	d := sampledocs.Generate(r, docType, p, opt)
	pdf, err := sampledocs.RenderPDF(d)
	if err != nil {
		return Scanned{}, err
	}
	scan.Seed = seed
	data, err := sampledocs.RenderScanned(pdf, scan)
	if err != nil {
		return Scanned{}, err
	}
	pages, err := e.OCRPages(ctx, data)
	if err != nil {
		return Scanned{}, err
	}
	return Scanned{Doc: d, Person: p, Pages: pages}, nil
}

// Write writes fixture as dir/name.json, indented as every fixture is.
func Write(dir, name string, fixture any) error {
	b, err := json.MarshalIndent(fixture, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name+".json"), b, 0o644)
}
