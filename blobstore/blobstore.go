// Package blobstore keeps every file of the service (uploads, segment PDFs,
// page texts, later certificates and packets) in one bucket addressed by
// key, through gocloud.dev/blob: a local folder by default, S3-compatible
// storage by URL. Clients download through presigned, expiring URLs; for
// the local folder the API itself verifies those URLs (see ServeSigned).
package blobstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob" // s3:// URLs
	"gocloud.dev/gcerrors"
)

// FilesPath is the API path that serves presigned URLs of a local bucket.
const FilesPath = "/files"

// Config configures Open.
type Config struct {
	// URL is file:///abs/dir or any gocloud.dev/blob URL (s3://...).
	URL string
	// PublicBaseURL is the API's base URL; local presigned URLs point at
	// PublicBaseURL + FilesPath.
	PublicBaseURL string
	// SigningKey signs local presigned URLs. Required for file:// URLs.
	SigningKey []byte
}

// Store is an open bucket.
type Store struct {
	bucket *blob.Bucket
	// signer is set for a local bucket, whose URLs the API verifies.
	signer *fileblob.URLSignerHMAC
	// dir is a local bucket's folder.
	dir string
	// name is the bucket's name as records show it.
	name string
}

// ErrTooLarge is returned by Put when the content exceeds MaxBytes.
var ErrTooLarge = errors.New("blobstore: content exceeds the size limit")

// ErrNotFound is returned for a missing key.
var ErrNotFound = errors.New("blobstore: not found")

// Open opens the bucket named by cfg.URL.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("blobstore: BLOB_URL: %w", err)
	}
	if u.Scheme != "file" {
		b, err := blob.OpenBucket(ctx, cfg.URL)
		if err != nil {
			return nil, fmt.Errorf("blobstore: open %s: %w", u.Scheme, err)
		}
		return &Store{bucket: b, name: u.Scheme + "://" + u.Host}, nil
	}
	if len(cfg.SigningKey) < 16 {
		return nil, errors.New("blobstore: a signing key of at least 16 bytes is required for a local bucket")
	}
	base, err := url.Parse(strings.TrimRight(cfg.PublicBaseURL, "/") + FilesPath)
	if err != nil {
		return nil, fmt.Errorf("blobstore: public base URL: %w", err)
	}
	dir := u.Path
	if dir == "" {
		return nil, errors.New("blobstore: file URL has no path")
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("blobstore: %w", err)
	}
	signer := fileblob.NewURLSignerHMAC(base, cfg.SigningKey)
	// Temp files next to the blobs: os.TempDir may be another mount, where
	// the final rename would fail.
	b, err := fileblob.OpenBucket(dir, &fileblob.Options{URLSigner: signer, NoTempDir: true})
	if err != nil {
		return nil, fmt.Errorf("blobstore: open %s: %w", dir, err)
	}
	return &Store{bucket: b, signer: signer, dir: dir, name: "file://" + filepath.Base(dir)}, nil
}

// Name names the bucket without credentials or options (s3://bucket, or
// file:// and the local folder's name), for records that say where a
// file is kept.
func (s *Store) Name() string { return s.name }

// Close closes the bucket.
func (s *Store) Close() error { return s.bucket.Close() }

// PutOptions describe a blob being written.
type PutOptions struct {
	ContentType string
	// FileName is sent back as the download's file name; it never becomes
	// a path.
	FileName string
	// MaxBytes aborts the write with ErrTooLarge beyond this many bytes
	// (0: no limit).
	MaxBytes int64
}

// PutResult describes a stored blob.
type PutResult struct {
	Size   int64
	SHA256 string
}

// Put streams r into key. On any error nothing is left under key.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, opts PutOptions) (PutResult, error) {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	wo := &blob.WriterOptions{ContentType: opts.ContentType}
	if opts.FileName != "" {
		wo.ContentDisposition = "inline; filename*=UTF-8''" + url.PathEscape(opts.FileName)
	}
	w, err := s.bucket.NewWriter(wctx, key, wo)
	if err != nil {
		return PutResult{}, fmt.Errorf("blobstore: put %s: %w", key, err)
	}
	h := sha256.New()
	src := r
	if opts.MaxBytes > 0 {
		src = io.LimitReader(r, opts.MaxBytes+1)
	}
	n, err := io.Copy(io.MultiWriter(w, h), src)
	if err == nil && opts.MaxBytes > 0 && n > opts.MaxBytes {
		err = ErrTooLarge
	}
	if err != nil {
		// Cancelling the writer's context before Close discards the write.
		cancel()
		_ = w.Close()
		return PutResult{}, err
	}
	if err := w.Close(); err != nil {
		return PutResult{}, fmt.Errorf("blobstore: put %s: %w", key, err)
	}
	return PutResult{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// PutBytes stores b under key.
func (s *Store) PutBytes(ctx context.Context, key string, b []byte, contentType string) error {
	return s.bucket.WriteAll(ctx, key, b, &blob.WriterOptions{ContentType: contentType})
}

// Get reads a whole blob. Blobs of this service are at most 20 MiB.
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := s.bucket.ReadAll(ctx, key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, ErrNotFound
	}
	return b, err
}

// Object is an open blob for streaming.
type Object struct {
	io.ReadCloser
	ContentType        string
	ContentDisposition string
	Size               int64
	ModTime            time.Time
}

// Open opens a blob for reading.
func (s *Store) Open(ctx context.Context, key string) (*Object, error) {
	r, err := s.bucket.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	obj := &Object{ReadCloser: r, ContentType: r.ContentType(), Size: r.Size(), ModTime: r.ModTime()}
	if attrs, err := s.bucket.Attributes(ctx, key); err == nil {
		obj.ContentDisposition = attrs.ContentDisposition
	}
	return obj, nil
}

// Exists reports whether key holds a blob.
func (s *Store) Exists(ctx context.Context, key string) (bool, error) {
	return s.bucket.Exists(ctx, key)
}

// Delete removes a blob; a missing blob is not an error, so deletes can be
// retried.
func (s *Store) Delete(ctx context.Context, key string) error {
	err := s.bucket.Delete(ctx, key)
	if err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("blobstore: delete %s: %w", key, err)
	}
	return nil
}

// DeletePrefix removes every blob whose key starts with prefix.
func (s *Store) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	if prefix == "" || !strings.HasSuffix(prefix, "/") {
		return 0, errors.New("blobstore: a prefix must be non-empty and end with /")
	}
	it := s.bucket.List(&blob.ListOptions{Prefix: prefix})
	n := 0
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			s.pruneDirs(prefix)
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("blobstore: list %s: %w", prefix, err)
		}
		if obj.IsDir {
			continue
		}
		if err := s.Delete(ctx, obj.Key); err != nil {
			return n, err
		}
		n++
	}
}

// pruneDirs removes the empty folders a local bucket leaves under prefix.
func (s *Store) pruneDirs(prefix string) {
	if s.dir == "" {
		return
	}
	root := filepath.Join(s.dir, filepath.FromSlash(strings.TrimSuffix(prefix, "/")))
	if !strings.HasPrefix(root, filepath.Clean(s.dir)+string(filepath.Separator)) {
		return
	}
	var dirs []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, path)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		_ = os.Remove(dirs[i]) // fails, as it should, on a folder that is not empty
	}
}

// SignedURL returns a download URL for key valid for ttl, usable without an
// API key.
func (s *Store) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	return s.bucket.SignedURL(ctx, key, &blob.SignedURLOptions{Expiry: ttl, Method: "GET"})
}

// Local reports whether presigned URLs are served by the API (FilesPath).
func (s *Store) Local() bool { return s.signer != nil }

// KeyFromSignedURL verifies a local presigned URL and returns its key.
func (s *Store) KeyFromSignedURL(ctx context.Context, u *url.URL) (string, error) {
	if s.signer == nil {
		return "", errors.New("blobstore: not a local bucket")
	}
	if u.Query().Get("method") != "GET" {
		return "", errors.New("blobstore: URL is not for GET")
	}
	return s.signer.KeyFromURL(ctx, u)
}

// Ping checks that the bucket is reachable.
func (s *Store) Ping(ctx context.Context) error {
	_, err := s.bucket.IsAccessible(ctx)
	return err
}
