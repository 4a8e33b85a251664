package blobstore

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), Config{URL: "file://" + t.TempDir(), PublicBaseURL: "http://api.test", SigningKey: []byte("0123456789abcdef0123456789abcdef")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPutGetDelete(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	res, err := s.Put(ctx, "uploads/a/1", strings.NewReader("hello"), PutOptions{ContentType: "application/pdf", FileName: "../../etc/passwd résumé.pdf"})
	if err != nil || res.Size != 5 || res.SHA256 != "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" {
		t.Fatalf("Put = %+v, %v", res, err)
	}
	b, err := s.Get(ctx, "uploads/a/1")
	if err != nil || string(b) != "hello" {
		t.Fatalf("Get = %q, %v", b, err)
	}
	obj, err := s.Open(ctx, "uploads/a/1")
	if err != nil {
		t.Fatal(err)
	}
	obj.Close()
	if obj.ContentType != "application/pdf" || !strings.Contains(obj.ContentDisposition, "filename*=UTF-8''") || strings.Contains(obj.ContentDisposition, "/") {
		t.Fatalf("attributes = %+v", obj)
	}
	if err := s.Delete(ctx, "uploads/a/1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "uploads/a/1"); err != nil {
		t.Fatalf("second delete: %v", err)
	}
	if _, err := s.Get(ctx, "uploads/a/1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after delete: %v", err)
	}
}

func TestPutTooLargeLeavesNothing(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	_, err := s.Put(ctx, "big", bytes.NewReader(make([]byte, 101)), PutOptions{MaxBytes: 100})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	if ok, _ := s.Exists(ctx, "big"); ok {
		t.Fatal("an oversize blob was kept")
	}
	if _, err := s.Put(ctx, "exact", bytes.NewReader(make([]byte, 100)), PutOptions{MaxBytes: 100}); err != nil {
		t.Fatalf("a blob of exactly the limit: %v", err)
	}
}

func TestDeletePrefix(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	for _, k := range []string{"intakes/x/pages/0001.json", "intakes/x/segments/0000.pdf", "intakes/xy/keep"} {
		if err := s.PutBytes(ctx, k, []byte("1"), "text/plain"); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.DeletePrefix(ctx, "intakes/x/")
	if err != nil || n != 2 {
		t.Fatalf("DeletePrefix = %d, %v", n, err)
	}
	if _, err := os.Stat(filepath.Join(s.dir, "intakes", "x")); !os.IsNotExist(err) {
		t.Fatalf("the emptied folder remains: %v", err)
	}
	if ok, _ := s.Exists(ctx, "intakes/xy/keep"); !ok {
		t.Fatal("a blob of another prefix was deleted")
	}
	if _, err := s.DeletePrefix(ctx, "intakes/x"); err == nil {
		t.Fatal("a prefix without a trailing slash was accepted")
	}
}

func TestSignedURLs(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	if err := s.PutBytes(ctx, "uploads/a/2", []byte("x"), "image/png"); err != nil {
		t.Fatal(err)
	}
	raw, err := s.SignedURL(ctx, "uploads/a/2", time.Minute)
	if err != nil || !strings.HasPrefix(raw, "http://api.test"+FilesPath+"?") {
		t.Fatalf("SignedURL = %q, %v", raw, err)
	}
	u, _ := url.Parse(raw)
	if key, err := s.KeyFromSignedURL(ctx, u); err != nil || key != "uploads/a/2" {
		t.Fatalf("KeyFromSignedURL = %q, %v", key, err)
	}
	tampered := *u
	q := tampered.Query()
	q.Set("obj", "uploads/b/secret")
	tampered.RawQuery = q.Encode()
	if _, err := s.KeyFromSignedURL(ctx, &tampered); err == nil {
		t.Fatal("a URL for another key verified")
	}
	expired, _ := s.SignedURL(ctx, "uploads/a/2", -time.Second)
	eu, _ := url.Parse(expired)
	if _, err := s.KeyFromSignedURL(ctx, eu); err == nil {
		t.Fatal("an expired URL verified")
	}
}

func TestOpenRequiresSigningKeyForFiles(t *testing.T) {
	if _, err := Open(context.Background(), Config{URL: "file://" + t.TempDir()}); err == nil {
		t.Fatal("a local bucket without a signing key opened")
	}
}
