package httpapi

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/derrors"
)

// serveFile serves a presigned download URL of the local blob store. The
// signature and expiry are the authorisation: no API key is needed, and a
// URL stops working when it expires or its file is deleted.
func (s *Server) serveFile(c *gin.Context) {
	if !s.blobs.Local() {
		fail(c, errNoRoute)
		return
	}
	key, err := s.blobs.KeyFromSignedURL(c.Request.Context(), c.Request.URL)
	if err != nil {
		fail(c, derrors.New(derrors.NotFound, "the download link is invalid or has expired"))
		return
	}
	obj, err := s.blobs.Open(c.Request.Context(), key)
	if errors.Is(err, blobstore.ErrNotFound) {
		fail(c, derrors.New(derrors.NotFound, "the file no longer exists"))
		return
	}
	if err != nil {
		fail(c, errorf("open blob: %w", err))
		return
	}
	defer obj.Close()
	h := c.Writer.Header()
	h.Set("Content-Type", obj.ContentType)
	h.Set("Content-Length", strconv.FormatInt(obj.Size, 10))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	if obj.ContentDisposition != "" {
		h.Set("Content-Disposition", obj.ContentDisposition)
	}
	c.Status(http.StatusOK)
	if c.Request.Method == http.MethodHead {
		return
	}
	if _, err := io.Copy(c.Writer, obj); err != nil {
		s.logger(c).Warn("file download interrupted", "error", err)
	}
}
