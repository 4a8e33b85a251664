package heldout

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// editText edits the first page printing e.target in one run, recording
// the new content stream (and any font it needs) in rev.
func (p *pdfDoc) editText(rev *revision, e textEdit) error {
	for n := 1; n <= p.ctx.PageCount; n++ {
		pnr, page, err := p.page(n)
		if err != nil {
			return err
		}
		cnr, content, err := p.contents(page)
		if err != nil {
			return err
		}
		fonts, err := p.fonts(page)
		if err != nil {
			return err
		}
		maps := map[string]cmap{}
		for name, f := range fonts {
			if m, err := p.toUnicode(f); err == nil {
				maps[name] = m
			}
		}
		res := fmt.Sprintf("F%d", rev.next)
		out, needFont, err := editContent(content, maps, e, res)
		if err != nil {
			continue
		}
		rev.replace(cnr, stream("<<>>", out))
		if needFont {
			fnr := rev.add(standardFont(cmp.Or(e.font, e.fallback)))
			return p.addResource(rev, pnr, page.Clone().(types.Dict), "Font", res, fnr)
		}
		return nil
	}
	return fmt.Errorf("no page prints %q in one run", e.target)
}

// addResource adds /name ref to a resource category (Font, XObject) of
// the page's current version pg, writing a new version of whichever object
// holds that dict: the category's own object, the Resources object, or the
// page.
func (p *pdfDoc) addResource(rev *revision, pnr int, pg types.Dict, category, name string, nr int) error {
	ref := types.IndirectRef{ObjectNumber: types.Integer(nr)}
	resRef, resIndirect := pg["Resources"].(types.IndirectRef)
	res, err := rev.dict(pg["Resources"])
	if err != nil || res == nil {
		return fmt.Errorf("page resources: %v", err)
	}
	res = res.Clone().(types.Dict)
	if catRef, ok := res[category].(types.IndirectRef); ok {
		cat, err := rev.dict(catRef)
		if err != nil {
			return err
		}
		cat = cat.Clone().(types.Dict)
		cat[name] = ref
		rev.replaceDict(catRef.ObjectNumber.Value(), cat)
		return nil
	}
	cat := types.NewDict()
	if old, ok := res[category].(types.Dict); ok {
		cat = old.Clone().(types.Dict)
	}
	cat[name] = ref
	res[category] = cat
	if resIndirect {
		rev.replaceDict(resRef.ObjectNumber.Value(), res)
		return nil
	}
	pg["Resources"] = res
	rev.replaceDict(pnr, pg)
	return nil
}

// overlay draws ops after page n's own content, the original wrapped in
// q/Q so that its graphics state does not leak into the drawing, as
// editors' "add text" and "whiteout" tools do.
func (p *pdfDoc) overlay(rev *revision, n int, ops string, fonts map[string]string, images map[string]string) error {
	pnr, page, err := p.page(n)
	if err != nil {
		return err
	}
	cref, ok := page["Contents"].(types.IndirectRef)
	if !ok {
		return fmt.Errorf("page %d contents is not one stream", n)
	}
	qnr := rev.add(stream("<<>>", []byte("q\n")))
	onr := rev.add(stream("<<>>", []byte("Q\n"+ops)))
	pg := page.Clone().(types.Dict)
	pg["Contents"] = types.Array{
		types.IndirectRef{ObjectNumber: types.Integer(qnr)}, cref, types.IndirectRef{ObjectNumber: types.Integer(onr)},
	}
	rev.replaceDict(pnr, pg)
	for _, cat := range []string{"Font", "XObject"} {
		set := fonts
		if cat == "XObject" {
			set = images
		}
		for _, name := range sortedKeys(set) {
			nr := rev.add(set[name])
			if err := p.addResource(rev, pnr, pg, cat, name, nr); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// word is a word's box on a page, in points from the top left.
type word struct {
	text                   string
	xMin, yMin, xMax, yMax float64
}

// pageWords is what poppler's pdftotext -bbox reports for each page.
type pageWords struct {
	w, h  float64
	words []word
}

var (
	bboxPageRe = regexp.MustCompile(`<page width="([\d.]+)" height="([\d.]+)">`)
	bboxWordRe = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
)

// words runs pdftotext -bbox over a PDF.
func (k *kit) words(ctx context.Context, pdf []byte) ([]pageWords, error) {
	out, err := k.runTool(ctx, pdf, "pdftotext", "-bbox", "{in}", "-")
	if err != nil {
		return nil, err
	}
	var pages []pageWords
	for _, chunk := range strings.Split(string(out), "</page>") {
		m := bboxPageRe.FindStringSubmatch(chunk)
		if m == nil {
			continue
		}
		pw := pageWords{w: atof(m[1]), h: atof(m[2])}
		for _, w := range bboxWordRe.FindAllStringSubmatch(chunk, -1) {
			pw.words = append(pw.words, word{html.UnescapeString(w[5]), atof(w[1]), atof(w[2]), atof(w[3]), atof(w[4])})
		}
		pages = append(pages, pw)
	}
	return pages, nil
}

func atof(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

// find locates a phrase's words on the pages: the page (1-based) and the
// union of their boxes.
func find(pages []pageWords, phrase string) (int, word, bool) {
	want := strings.Fields(phrase)
	for pi, pg := range pages {
		for i := 0; i+len(want) <= len(pg.words); i++ {
			ok := true
			for j, w := range want {
				if pg.words[i+j].text != w {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			box := pg.words[i]
			for _, w := range pg.words[i+1 : i+len(want)] {
				box.xMax = max(box.xMax, w.xMax)
				box.yMin = min(box.yMin, w.yMin)
				box.yMax = max(box.yMax, w.yMax)
			}
			box.text = phrase
			return pi + 1, box, true
		}
	}
	return 0, word{}, false
}

// runTool runs a command with the PDF written to {in}; {out} names a file
// whose bytes are returned instead of stdout when present in args.
func (k *kit) runTool(ctx context.Context, in []byte, bin string, args ...string) ([]byte, error) {
	dir, err := os.MkdirTemp(k.tmp, "tool-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	inPath, outPath := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(inPath, in, 0o600); err != nil {
		return nil, err
	}
	useOut := false
	for i, a := range args {
		switch a {
		case "{in}":
			args[i] = inPath
		case "{out}":
			args[i] = outPath
			useOut = true
		}
	}
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		// qpdf exits 3 for warnings with a good output.
		var ee *exec.ExitError
		if !(bin == "qpdf" && errors.As(err, &ee) && ee.ExitCode() == 3) {
			return nil, fmt.Errorf("%s: %v: %s", bin, err, lastLine(stderr.String()))
		}
	}
	if useOut {
		return os.ReadFile(outPath)
	}
	return stdout.Bytes(), nil
}

// runFiles runs a command over several input PDFs ({in0}, {in1}, ...) and
// returns {out}.
func (k *kit) runFiles(ctx context.Context, ins [][]byte, bin string, args ...string) ([]byte, error) {
	dir, err := os.MkdirTemp(k.tmp, "tool-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	outPath := filepath.Join(dir, "out.pdf")
	for i, a := range args {
		if a == "{out}" {
			args[i] = outPath
			continue
		}
		if strings.HasPrefix(a, "{in") {
			n, _ := strconv.Atoi(strings.Trim(a, "{in}"))
			path := filepath.Join(dir, fmt.Sprintf("in%d.pdf", n))
			if err := os.WriteFile(path, ins[n], 0o600); err != nil {
				return nil, err
			}
			args[i] = path
		}
	}
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", bin, err, lastLine(stderr.String()))
	}
	return os.ReadFile(outPath)
}
