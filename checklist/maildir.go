package checklist

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Maildir is a watched maildir (the layout of https://cr.yp.to/proto/maildir.html):
// a mail server delivers into tmp/ and renames into new/; a message read is
// moved to cur/ with the info suffix ":2,S", and one that cannot be used to
// failed/ with its reason in a file beside it. Every move is a rename within
// one file system, so a message is in exactly one folder whatever crashes.
//
// emersion/go-maildir is not available from the module proxy here; the
// standard library covers the few rules a reader needs.
type Maildir struct {
	Dir string
	// Parse bounds the messages Read parses.
	Parse ParseOptions
}

const failedDir = "failed"

// Init creates the maildir's folders where missing.
func (m Maildir) Init() error {
	for _, sub := range []string{"tmp", "new", "cur", failedDir} {
		if err := os.MkdirAll(filepath.Join(m.Dir, sub), 0o750); err != nil {
			return fmt.Errorf("maildir %s: %w", m.Dir, err)
		}
	}
	return nil
}

// Pending lists the messages in new/, oldest first: maildir names start
// with the delivery time.
func (m Maildir) Pending() ([]string, error) {
	dir := filepath.Join(m.Dir, "new")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("maildir %s: %w", m.Dir, err)
	}
	var out []string
	for _, e := range entries {
		// Dot files are not messages (maildir rule); a folder is not one either.
		if strings.HasPrefix(e.Name(), ".") || !e.Type().IsRegular() {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	sort.Strings(out)
	return out, nil
}

// Read parses the message at path (a name Pending returned).
func (m Maildir) Read(path string) (*Message, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseMessage(f, m.Parse)
}

// Done moves a message to cur/, marked seen. It returns the new path.
func (m Maildir) Done(path string) (string, error) {
	base, flags := splitInfo(filepath.Base(path))
	if !strings.ContainsRune(flags, 'S') {
		flags += "S"
	}
	flags = sortedFlags(flags)
	dst := filepath.Join(m.Dir, "cur", base+":2,"+flags)
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("maildir: marking %s done: %w", filepath.Base(path), err)
	}
	return dst, nil
}

// Failed moves a message to failed/ and writes the reason beside it (the
// message's name plus ".reason"). The reason is in place before the
// message arrives, so that no failed message is without its reason.
func (m Maildir) Failed(path, reason string) (string, error) {
	dir := filepath.Join(m.Dir, failedDir)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("maildir: %w", err)
	}
	base, _ := splitInfo(filepath.Base(path))
	dst := filepath.Join(dir, base)
	text := fmt.Sprintf("%s\n%s\n", time.Now().UTC().Format(time.RFC3339), strings.TrimSpace(reason))
	if err := writeAtomic(dir, base+".reason", strings.NewReader(text)); err != nil {
		return "", fmt.Errorf("maildir: recording why %s failed: %w", base, err)
	}
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("maildir: moving %s to failed: %w", base, err)
	}
	return dst, nil
}

// Reason returns what Failed recorded for a message in failed/.
func (m Maildir) Reason(path string) (string, error) {
	b, err := os.ReadFile(path + ".reason")
	if err != nil {
		return "", err
	}
	_, reason, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(reason), nil
}

// Deliver writes a message into the maildir as a mail server does: into
// tmp/ under a unique name, then renamed into new/. It returns the path in
// new/.
func (m Maildir) Deliver(r io.Reader) (string, error) {
	name, err := uniqueName(time.Now())
	if err != nil {
		return "", err
	}
	tmp := filepath.Join(m.Dir, "tmp")
	if err := writeFile(filepath.Join(tmp, name), r); err != nil {
		return "", fmt.Errorf("maildir: delivering: %w", err)
	}
	dst := filepath.Join(m.Dir, "new", name)
	if err := os.Rename(filepath.Join(tmp, name), dst); err != nil {
		os.Remove(filepath.Join(tmp, name))
		return "", fmt.Errorf("maildir: delivering: %w", err)
	}
	return dst, nil
}

// uniqueName is a maildir file name: time, microseconds, process and a
// random part (the "R" of the modern naming rule) instead of a delivery
// counter, which would be state shared by every Maildir value; then the
// host name with "/" and ":" escaped as the rule says.
func uniqueName(now time.Time) (string, error) {
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", err
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	host = strings.NewReplacer("/", `\057`, ":", `\072`).Replace(host)
	return fmt.Sprintf("%d.M%dP%dR%s.%s", now.Unix(), now.Nanosecond()/1000, os.Getpid(), hex.EncodeToString(rnd[:]), host), nil
}

// splitInfo splits "name:2,FS" into "name" and "FS".
func splitInfo(name string) (string, string) {
	base, info, ok := strings.Cut(name, ":")
	if !ok {
		return name, ""
	}
	if flags, ok := strings.CutPrefix(info, "2,"); ok {
		return base, flags
	}
	return base, ""
}

func sortedFlags(flags string) string {
	b := []byte(flags)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	out := b[:0]
	for i, c := range b {
		if i == 0 || c != b[i-1] {
			out = append(out, c)
		}
	}
	return string(out)
}

// writeAtomic writes name in dir through a temporary file renamed into place.
func writeAtomic(dir, name string, r io.Reader) error {
	f, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// writeFile creates path (never overwriting) and syncs it before the rename
// that publishes it.
func writeFile(path string, r io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
