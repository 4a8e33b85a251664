package registry

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Loaded is an edition read from its official files.
type Loaded struct {
	List *List
	// SHA256 is over the files' bytes, in a fixed order: an edition already
	// imported is recognised and not stored twice.
	SHA256 string
	// Source names the files.
	Source string
}

// ofacFiles are the names of the OFAC legacy CSV set, lower-cased.
var ofacFiles = []string{"sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"}

// LoadFiles reads an edition of a bulk list from its official files:
//
//   - oig-exclusion: UPDATED.csv (or a monthly supplement). The file
//     carries no date: date, else the file's modification time (what a
//     download's Last-Modified sets).
//   - sam: the extract ZIP. Its date is in its name
//     (SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP) unless date is given.
//   - ofac: a folder holding sdn.csv, alt.csv, add.csv and sdn_comments.csv,
//     or those files named one by one, plus SDN.XML for the list's date
//     (Publish_Date) unless date is given.
func LoadFiles(code string, paths []string, date time.Time) (*Loaded, error) {
	if len(paths) == 0 {
		return nil, errors.New("registry: no file given")
	}
	switch code {
	case OIGExclusion:
		return loadOneFile(code, "UPDATED.csv", paths, func(path string, b []byte) (*List, error) {
			if date.IsZero() {
				st, err := os.Stat(path)
				if err != nil {
					return nil, err
				}
				date = st.ModTime().UTC()
			}
			return ParseLEIE(bytes.NewReader(b), date)
		})
	case SAM:
		return loadOneFile(code, "the extract ZIP", paths, func(path string, b []byte) (*List, error) {
			return ParseSAMExtract(bytes.NewReader(b), int64(len(b)), SAMOptions{FileName: filepath.Base(path), Date: date})
		})
	case OFAC:
		return loadOFAC(paths, date)
	}
	if info, ok := Lookup(code); ok && !info.Bulk {
		return nil, fmt.Errorf("registry: %s is searched live; it has no file to import", code)
	}
	return nil, fmt.Errorf("registry: unknown registry %q", code)
}

// loadOneFile reads a list published as one file (what names it, for the
// error when paths are not one) with parse.
func loadOneFile(code, what string, paths []string, parse func(path string, b []byte) (*List, error)) (*Loaded, error) {
	if len(paths) != 1 {
		return nil, fmt.Errorf("registry: %s takes one file (%s), got %d", code, what, len(paths))
	}
	b, err := os.ReadFile(paths[0])
	if err != nil {
		return nil, err
	}
	list, err := parse(paths[0], b)
	if err != nil {
		return nil, err
	}
	return &Loaded{List: list, SHA256: digest(b), Source: filepath.Base(paths[0])}, nil
}

func loadOFAC(paths []string, date time.Time) (*Loaded, error) {
	if len(paths) == 1 {
		if st, err := os.Stat(paths[0]); err == nil && st.IsDir() {
			entries, err := os.ReadDir(paths[0])
			if err != nil {
				return nil, err
			}
			dir := paths[0]
			paths = nil
			for _, e := range entries {
				paths = append(paths, filepath.Join(dir, e.Name()))
			}
		}
	}
	byName := map[string][]byte{}
	var xmlPath string
	for _, p := range paths {
		name := strings.ToLower(filepath.Base(p))
		if name == "sdn.xml" {
			xmlPath = p
			continue
		}
		known := false
		for _, f := range ofacFiles {
			known = known || f == name
		}
		if !known {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		byName[name] = b
	}
	var missing []string
	for _, f := range ofacFiles {
		if _, ok := byName[f]; !ok {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("registry: the OFAC set lacks %s", strings.Join(missing, ", "))
	}
	if date.IsZero() {
		if xmlPath == "" {
			return nil, errors.New("registry: the OFAC list's date is SDN.XML's Publish_Date: give SDN.XML with the CSV files, or the date")
		}
		f, err := os.Open(xmlPath)
		if err != nil {
			return nil, err
		}
		date, err = ReadOFACPublishDate(f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	list, err := ParseOFAC(OFACFiles{
		SDN: bytes.NewReader(byName["sdn.csv"]), Alt: bytes.NewReader(byName["alt.csv"]),
		Add: bytes.NewReader(byName["add.csv"]), Comments: bytes.NewReader(byName["sdn_comments.csv"]),
	}, date)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, f := range ofacFiles {
		h.Write(byName[f])
	}
	return &Loaded{List: list, SHA256: hex.EncodeToString(h.Sum(nil)), Source: strings.Join(ofacFiles, ", ")}, nil
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Sources are the official addresses of the bulk lists.
type Sources struct {
	// LEIE is UPDATED.csv's address.
	LEIE string
	// SAM is the extract's download address; {file} stands for the day's
	// file name (SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP), {api_key}
	// for SAMAPIKey.
	SAM       string
	SAMAPIKey string
	// OFAC is the folder of the legacy CSV set and SDN.XML.
	OFAC string
}

// OfficialSources are the lists' public addresses.
func OfficialSources() Sources {
	return Sources{
		LEIE: "https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv",
		SAM:  "https://api.sam.gov/data-services/v1/extracts?api_key={api_key}&fileName={file}",
		OFAC: "https://www.treasury.gov/ofac/downloads/",
	}
}

// Download fetches a bulk list's current edition from its official
// address into dir and returns the files and the list's date when the
// download tells it (LEIE's Last-Modified). now picks SAM's file of the
// day.
func Download(ctx context.Context, client *http.Client, src Sources, code, dir string, now time.Time) ([]string, time.Time, error) {
	switch code {
	case OIGExclusion:
		p, modified, err := fetch(ctx, client, src.LEIE, filepath.Join(dir, "UPDATED.csv"))
		if err != nil {
			return nil, time.Time{}, err
		}
		return []string{p}, modified, nil
	case SAM:
		name := SAMExtractFileName(now)
		u := strings.NewReplacer("{file}", url.QueryEscape(name), "{api_key}", url.QueryEscape(src.SAMAPIKey)).Replace(src.SAM)
		p, _, err := fetch(ctx, client, u, filepath.Join(dir, name))
		if err != nil {
			return nil, time.Time{}, err
		}
		return []string{p}, time.Time{}, nil
	case OFAC:
		var paths []string
		for _, f := range append(append([]string(nil), ofacFiles...), "sdn.xml") {
			u, err := url.JoinPath(src.OFAC, f)
			if err != nil {
				return nil, time.Time{}, err
			}
			p, _, err := fetch(ctx, client, u, filepath.Join(dir, f))
			if err != nil {
				return nil, time.Time{}, err
			}
			paths = append(paths, p)
		}
		sort.Strings(paths)
		return paths, time.Time{}, nil
	}
	return nil, time.Time{}, fmt.Errorf("registry: %q has no file to download", code)
}

// fetch downloads one file. An address that does not answer 200 is an
// error naming it, for the import record.
func fetch(ctx context.Context, client *http.Client, address, path string) (string, time.Time, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, address, nil)
	if err != nil {
		return "", time.Time{}, err
	}
	req.Header.Set("User-Agent", "compliance-document-service (registry refresh)")
	resp, err := client.Do(req)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("download %s: %w", redact(address), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", time.Time{}, fmt.Errorf("download %s: the server answered %s", redact(address), resp.Status)
	}
	if cd := resp.Header.Get("Content-Disposition"); cd != "" {
		if _, params, err := mime.ParseMediaType(cd); err == nil && params["filename"] != "" {
			path = filepath.Join(filepath.Dir(path), filepath.Base(params["filename"]))
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return "", time.Time{}, err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return "", time.Time{}, fmt.Errorf("download %s: %w", redact(address), err)
	}
	if err := f.Close(); err != nil {
		return "", time.Time{}, err
	}
	modified, _ := http.ParseTime(resp.Header.Get("Last-Modified"))
	return path, modified.UTC(), nil
}

// redact keeps API keys out of error messages.
func redact(address string) string {
	u, err := url.Parse(address)
	if err != nil {
		return "the list's address"
	}
	q := u.Query()
	if q.Has("api_key") {
		q.Set("api_key", "REDACTED")
		u.RawQuery = q.Encode()
	}
	return u.String()
}
