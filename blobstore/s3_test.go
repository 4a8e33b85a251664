package blobstore

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// TestS3Compatible runs the same operations through the s3:// configuration
// against an S3-compatible server (gofakes3, in memory): what deployments
// set BLOB_URL to instead of a local folder.
func TestS3Compatible(t *testing.T) {
	backend := s3mem.New()
	if err := backend.CreateBucket("compliance"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	defer srv.Close()
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	ctx := context.Background()
	s, err := Open(ctx, Config{URL: "s3://compliance?region=us-east-1&use_path_style=true&endpoint=" + srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Local() {
		t.Fatal("an S3 bucket reports local")
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	res, err := s.Put(ctx, "uploads/acme/1", strings.NewReader("%PDF-1.7 test"), PutOptions{ContentType: "application/pdf", FileName: "a.pdf", MaxBytes: 100})
	if err != nil || res.Size != 13 {
		t.Fatalf("Put = %+v, %v", res, err)
	}
	if _, err := s.Put(ctx, "uploads/acme/big", strings.NewReader(strings.Repeat("x", 101)), PutOptions{MaxBytes: 100}); err != ErrTooLarge {
		t.Fatalf("oversize Put: %v", err)
	}
	if ok, _ := s.Exists(ctx, "uploads/acme/big"); ok {
		t.Fatal("an oversize upload was kept")
	}
	u, err := s.SignedURL(ctx, "uploads/acme/1", time.Minute)
	if err != nil || !strings.HasPrefix(u, srv.URL) || !strings.Contains(u, "X-Amz-Signature") {
		t.Fatalf("SignedURL = %q, %v", u, err)
	}
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "%PDF-1.7 test" {
		t.Fatalf("presigned download: %d %q", resp.StatusCode, body)
	}
	if err := s.PutBytes(ctx, "intakes/x/pages/0001.json", []byte("{}"), "application/json"); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DeletePrefix(ctx, "intakes/x/"); err != nil || n != 1 {
		t.Fatalf("DeletePrefix = %d, %v", n, err)
	}
	if err := s.Delete(ctx, "uploads/acme/1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "uploads/acme/1"); err != ErrNotFound {
		t.Fatalf("Get after delete: %v", err)
	}
}
