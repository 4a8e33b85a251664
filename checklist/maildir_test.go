package checklist

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestMaildir(t *testing.T) {
	md := Maildir{Dir: t.TempDir()}
	if _, err := md.Pending(); err == nil {
		t.Fatal("Pending before Init: want an error for the missing new/")
	}
	if err := md.Init(); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join("testdata", "csv-attachment.eml"))
	if err != nil {
		t.Fatal(err)
	}
	first, err := md.Deliver(strings.NewReader(string(good)))
	if err != nil {
		t.Fatal(err)
	}
	second, err := md.Deliver(strings.NewReader("not a message at all\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	// A mail server's temporary and dot files are not messages.
	if err := os.WriteFile(filepath.Join(md.Dir, "new", ".nfs0001"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if first == second {
		t.Fatal("two deliveries share a name")
	}
	name := regexp.MustCompile(`^\d+\.M\d+P\d+R[0-9a-f]{16}\.[^/:]+$`)
	for _, p := range []string{first, second} {
		if !name.MatchString(filepath.Base(p)) {
			t.Errorf("name %q does not follow the maildir rule", filepath.Base(p))
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(md.Dir, "tmp")); len(entries) != 0 {
		t.Errorf("tmp/ keeps %d files after delivery", len(entries))
	}

	pending, err := md.Pending()
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 2 {
		t.Fatalf("pending %q, want the two deliveries", pending)
	}
	for _, p := range pending {
		msg, err := md.Read(p)
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) || ce.Code != CodeMalformed {
				t.Fatalf("read %s: %v", p, err)
			}
			dst, err := md.Failed(p, ce.Error())
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Dir(dst) != filepath.Join(md.Dir, "failed") {
				t.Errorf("failed message at %s", dst)
			}
			reason, err := md.Reason(dst)
			if err != nil {
				t.Fatal(err)
			}
			if reason != "malformed_message: the header cannot be read (malformed MIME header line: not a message at all)" {
				t.Errorf("reason %q", reason)
			}
			continue
		}
		if msg.Subject != "Onboarding checklist - Req ID 55120" {
			t.Errorf("subject %q", msg.Subject)
		}
		dst, err := md.Done(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(md.Dir, "cur", filepath.Base(p)+":2,S"); dst != want {
			t.Errorf("done at %s, want %s", dst, want)
		}
	}
	if pending, _ := md.Pending(); len(pending) != 0 {
		t.Errorf("still pending: %q", pending)
	}
	// A second watcher that lost the race finds the message gone.
	if _, err := md.Done(first); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Done of a moved message: %v, want not-exist", err)
	}
}

func TestMaildirDoneKeepsFlags(t *testing.T) {
	md := Maildir{Dir: t.TempDir()}
	if err := md.Init(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(md.Dir, "new", "1741700000.M1P2.host:2,FR")
	if err := os.WriteFile(p, []byte("From: a@example.com\r\n\r\n- BLS\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dst, err := md.Done(p)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(dst) != "1741700000.M1P2.host:2,FRS" {
		t.Errorf("done as %s", filepath.Base(dst))
	}
}
