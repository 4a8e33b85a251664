package httpapi

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/store"
)

// multipartSlack is what a request may carry beyond the file: the other
// parts and the multipart framing.
const multipartSlack = 1 << 20

// upload is a parsed multipart request: its text parts and, when a file
// part came, the stored file (already in blob storage).
type upload struct {
	fields map[string]string
	file   *store.File
}

var errFileTooLarge = derrors.Newf(derrors.FileTooLarge, "the file exceeds the %d MB limit", MaxUploadBytes>>20).
	WithDetails(map[string]int{"max_bytes": MaxUploadBytes})

// readUpload streams a multipart/form-data request. The file part goes
// straight to blob storage (never whole into memory); its type is detected
// from its first bytes, never from the client's header; the client's file
// name is kept as data only. Text parts are limited to maxField bytes each
// and must be among allowed. On error, nothing stays in blob storage.
func (s *Server) readUpload(c *gin.Context, allowed map[string]int) (up *upload, err error) {
	mt, params, perr := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if perr != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, derrors.New(derrors.UnsupportedMediaType, "the request body must be multipart/form-data")
	}
	if c.Request.ContentLength > MaxUploadBytes+multipartSlack {
		return nil, errFileTooLarge
	}
	body := http.MaxBytesReader(c.Writer, c.Request.Body, MaxUploadBytes+multipartSlack)
	mr := multipart.NewReader(body, params["boundary"])
	up = &upload{fields: map[string]string{}}
	defer func() {
		if err != nil && up != nil && up.file != nil {
			s.discardBlob(up.file.BlobKey)
			up = nil
		}
	}()
	for {
		part, perr := mr.NextPart()
		if errors.Is(perr, io.EOF) {
			return up, nil
		}
		if perr != nil {
			return up, multipartError(perr)
		}
		name := part.FormName()
		switch {
		case name == "file":
			if up.file != nil {
				return up, invalid("file", "send exactly one file part")
			}
			if up.file, err = s.storeFilePart(c, part); err != nil {
				return up, err
			}
		case allowed[name] > 0:
			if _, dup := up.fields[name]; dup {
				return up, invalid(name, "the form field %q appears more than once", name)
			}
			b, rerr := io.ReadAll(io.LimitReader(part, int64(allowed[name])+1))
			if rerr != nil {
				return up, multipartError(rerr)
			}
			if len(b) > allowed[name] {
				return up, invalid(name, "the form field %q is longer than %d bytes", name, allowed[name])
			}
			if !utf8.Valid(b) {
				return up, invalid(name, "the form field %q is not valid UTF-8", name)
			}
			up.fields[name] = string(b)
		case name == "":
			return up, derrors.New(derrors.InvalidRequest, "a multipart part has no form field name")
		default:
			return up, invalid(name, "unknown form field %q", name)
		}
	}
}

// acceptUpload reads a multipart upload and hands it to accept, which
// validates it, stores what it describes and answers. accept returns an
// error only while nothing is stored: the uploaded file is then removed
// again, so a refused request leaves nothing behind.
func (s *Server) acceptUpload(c *gin.Context, allowed map[string]int, accept func(ctx context.Context, account string, up *upload) error) {
	up, err := s.readUpload(c, allowed)
	if err != nil {
		fail(c, err)
		return
	}
	if err := accept(c.Request.Context(), accountOf(c), up); err != nil {
		if up.file != nil {
			s.discardBlob(up.file.BlobKey)
		}
		fail(c, err)
	}
}

func multipartError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errFileTooLarge
	}
	return derrors.New(derrors.InvalidRequest, "malformed or interrupted multipart body")
}

// storeFilePart sniffs the file's type and streams it to blob storage.
func (s *Server) storeFilePart(c *gin.Context, part *multipart.Part) (*store.File, error) {
	head := make([]byte, 3072)
	n, err := io.ReadFull(part, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, multipartError(err)
	}
	head = head[:n]
	if n == 0 {
		return nil, derrors.New(derrors.FileRequired, "the file part is empty")
	}
	detected := mimetype.Detect(head)
	mt := baseType(detected.String())
	if !pipeline.Supported[mt] {
		return nil, derrors.Newf(derrors.UnsupportedFile, "files of type %s are not supported; send a PDF, PNG, JPEG, TIFF, WebP or HEIC file", mt).
			WithDetails(map[string]string{"detected_type": mt})
	}
	f := &store.File{ID: uuid.New(), AccountID: accountOf(c), MimeType: mt, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	f.BlobKey = "uploads/" + f.AccountID + "/" + f.ID.String()
	if name := cleanFileName(part.FileName()); name != "" {
		f.Name = &name
	}
	res, err := s.blobs.Put(c.Request.Context(), f.BlobKey, io.MultiReader(bytes.NewReader(head), part), blobstore.PutOptions{
		ContentType: mt, FileName: ptrValue(f.Name), MaxBytes: MaxUploadBytes,
	})
	if err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, blobstore.ErrTooLarge), errors.As(err, &tooBig):
			return nil, errFileTooLarge
		case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "multipart"):
			return nil, derrors.New(derrors.InvalidRequest, "the upload was interrupted")
		}
		return nil, derrors.Wrap(err, derrors.Unavailable, "file storage is unavailable; retry shortly")
	}
	f.SizeBytes, f.SHA256 = res.Size, res.SHA256
	return f, nil
}

// discardBlob removes a blob of a request that was not accepted. It runs
// detached from the request, which may already be cancelled.
func (s *Server) discardBlob(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.blobs.Delete(ctx, key); err != nil {
		s.log.Warn("could not remove the file of a rejected upload", "key", key, "error", err)
	}
}

func baseType(m string) string {
	if i := strings.IndexByte(m, ';'); i >= 0 {
		m = m[:i]
	}
	return strings.TrimSpace(strings.ToLower(m))
}

// cleanFileName keeps a client's file name as printable data of at most
// 255 characters, without any path.
func cleanFileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > 255 {
		name = string([]rune(name)[:255])
	}
	return name
}

func ptrValue(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

var errFileRequired = derrors.New(derrors.FileRequired, "a file part is required")
