package activities

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"go.temporal.io/sdk/activity"
	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/workflows"
)

// Analyze opens an upload: images become a PDF, the text layer of every
// page is read and stored, and the pages without one are listed for OCR.
func (a *Activities) Analyze(ctx context.Context, in workflows.AnalyzeInput) (workflows.AnalyzeResult, error) {
	stop := heartbeat(ctx)
	defer stop()
	log := a.log.With("owner_id", in.OwnerID, "kind", in.Kind, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	data, err := a.blobs.Get(ctx, in.FileKey)
	if err != nil {
		return workflows.AnalyzeResult{}, classify(err)
	}
	prefix := workflows.WorkPrefix(in.Kind, in.OwnerID)
	pdf, fromImage, err := a.engine.Normalize(ctx, data, in.MimeType)
	if err != nil {
		return workflows.AnalyzeResult{}, classify(err)
	}
	res := workflows.AnalyzeResult{UploadPDF: workflows.UploadPDF{PDFKey: in.FileKey, FromImage: fromImage}}
	an, err := a.engine.Analyze(ctx, pdf)
	if err != nil {
		return workflows.AnalyzeResult{}, classify(err)
	}
	// Pages are rendered and cut from the PDF the engine read: an image
	// made a PDF, or an upload pdfdoc had to mend (a rebuilt page tree has
	// other pages than poppler would find in the upload).
	if fromImage || an.Info.Repaired != "" {
		res.PDFKey = prefix + "normalized.pdf"
		if err := a.blobs.PutBytes(ctx, res.PDFKey, pdf, "application/pdf"); err != nil {
			return workflows.AnalyzeResult{}, err
		}
	}
	res.Info, res.NeedOCR, res.LongSides = an.Info, an.NeedOCR, an.LongSides
	res.TextPages = make([]workflows.PageRef, len(an.TextPages))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for i, p := range an.TextPages {
		g.Go(func() error {
			ref, err := a.storePage(gctx, prefix, p)
			res.TextPages[i] = ref
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return workflows.AnalyzeResult{}, err
	}
	log.Info("upload analysed", "pages", an.Info.PageCount, "text_pages", len(an.TextPages), "ocr_pages", len(an.NeedOCR))
	return res, nil
}

// OCRPage reads one page with OCR and stores its text.
func (a *Activities) OCRPage(ctx context.Context, in workflows.OCRPageInput) (workflows.PageRef, error) {
	stop := heartbeat(ctx)
	defer stop()
	path, err := a.pdfPath(ctx, in.PDFKey)
	if err != nil {
		return workflows.PageRef{}, classify(err)
	}
	page, err := a.engine.OCRPage(ctx, path, in.Page, in.LongSide)
	if err != nil {
		return workflows.PageRef{}, err
	}
	return a.storePage(ctx, workflows.WorkPrefix(in.Kind, in.OwnerID), page)
}

// Split decides the segments. It runs as a local activity: pure CPU over a
// few hundred bytes per page, retried as a whole.
func (a *Activities) Split(_ context.Context, in workflows.SplitInput) (workflows.SplitResult, error) {
	return workflows.SplitResult{Ranges: pipeline.Split(in.Pages)}, nil
}

func (a *Activities) storePage(ctx context.Context, prefix string, p pipeline.Page) (workflows.PageRef, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return workflows.PageRef{}, err
	}
	key := workflows.PageTextKey(prefix, p.Number)
	if err := a.blobs.PutBytes(ctx, key, b, "application/json"); err != nil {
		return workflows.PageRef{}, err
	}
	return workflows.PageRef{Number: p.Number, TextKey: key, Features: a.engine.Features(p)}, nil
}

// loadPages reads stored page texts in order.
func (a *Activities) loadPages(ctx context.Context, keys []string) ([]pipeline.Page, error) {
	pages := make([]pipeline.Page, len(keys))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for i, k := range keys {
		g.Go(func() error {
			b, err := a.blobs.Get(gctx, k)
			if err != nil {
				return err
			}
			return json.Unmarshal(b, &pages[i])
		})
	}
	return pages, g.Wait()
}

// pdfPath returns a local file holding the blob at key. Blobs never change
// under a key, so a file downloaded for one page serves the others.
func (a *Activities) pdfPath(ctx context.Context, key string) (string, error) {
	return a.pdfs.path(key, func() ([]byte, error) { return a.blobs.Get(ctx, key) })
}

// pdfBytes returns the blob at key through the same cache.
func (a *Activities) pdfBytes(ctx context.Context, key string) ([]byte, error) {
	path, err := a.pdfPath(ctx, key)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// pdfCache is a small LRU of downloaded blobs on local disk.
type pdfCache struct {
	dir   string
	limit int
	mu    sync.Mutex
	order *list.List // of string keys, most recent first
	items map[string]*list.Element
	// loading serialises downloads of the same key.
	loading map[string]*sync.Mutex
}

func newPDFCache(dir string, limit int) (*pdfCache, error) {
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "compliance-pdf-cache-"); err != nil {
			return nil, err
		}
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &pdfCache{dir: dir, limit: limit, order: list.New(), items: map[string]*list.Element{}, loading: map[string]*sync.Mutex{}}, nil
}

func (c *pdfCache) file(key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(c.dir, hex.EncodeToString(sum[:16])+".pdf")
}

func (c *pdfCache) path(key string, load func() ([]byte, error)) (string, error) {
	c.mu.Lock()
	l, ok := c.loading[key]
	if !ok {
		l = &sync.Mutex{}
		c.loading[key] = l
	}
	c.mu.Unlock()
	l.Lock()
	defer l.Unlock()

	path := c.file(key)
	c.mu.Lock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		if _, err := os.Stat(path); err == nil {
			return path, nil
		}
		c.mu.Lock()
	}
	c.mu.Unlock()

	b, err := load()
	if err != nil {
		return "", err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return "", fmt.Errorf("pdf cache: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return "", fmt.Errorf("pdf cache: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
	} else {
		c.items[key] = c.order.PushFront(key)
	}
	for c.order.Len() > c.limit {
		el := c.order.Back()
		old := el.Value.(string)
		c.order.Remove(el)
		delete(c.items, old)
		delete(c.loading, old)
		_ = os.Remove(c.file(old))
	}
	return path, nil
}

// forget drops a key (its blob was deleted).
func (c *pdfCache) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.Remove(el)
		delete(c.items, key)
	}
	_ = os.Remove(c.file(key))
}
