package httpapi

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// The read and delete paths that intakes and document scans share.

// viewOf says how to read one kind of processed object.
type viewOf struct {
	kind string
	// version reads only the object's version (one indexed lookup).
	version func(ctx context.Context, account string, id uuid.UUID) (store.Version, error)
	// render loads the object and returns its JSON view and version.
	render func(ctx context.Context, account string, id uuid.UUID) (any, store.Version, error)
	// terminal reports a status that no longer changes by itself.
	terminal func(status string) bool
}

// getObject answers a GET of an intake or a document scan. An object that
// no longer changes by itself (terminal or deleted) is served from the view
// cache while its version in the database is unchanged, so a client polling
// a finished object costs one indexed lookup; anything else is loaded and
// rendered.
func (s *Server) getObject(c *gin.Context, v viewOf) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	ctx, account := c.Request.Context(), accountOf(c)
	key := v.kind + "/" + account + "/" + id.String()
	if s.views.has(key) {
		ver, err := v.version(ctx, account, id)
		if err != nil {
			s.views.drop(key)
			fail(c, err)
			return
		}
		if body, ok := s.views.get(key, ver); ok {
			c.Data(http.StatusOK, "application/json; charset=utf-8", body)
			return
		}
	}
	view, ver, err := v.render(ctx, account, id)
	if err != nil {
		fail(c, err)
		return
	}
	body, err := json.Marshal(view)
	if err != nil {
		fail(c, errorf("render %s: %w", v.kind, err))
		return
	}
	if v.terminal(ver.ScanStatus) || ver.DeletedAt != nil {
		s.views.put(key, ver, body)
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}

// tombstone is a deleted intake or document scan.
type tombstone interface{ Deleted() store.Deleted }

// deleteWith adapts a store delete to deleteObject.
func deleteWith[T tombstone](del func(context.Context, string, uuid.UUID) (T, bool, error)) func(context.Context, string, uuid.UUID) (store.Deleted, error) {
	return func(ctx context.Context, account string, id uuid.UUID) (store.Deleted, error) {
		tomb, _, err := del(ctx, account, id)
		if err != nil {
			return store.Deleted{}, err
		}
		return tomb.Deleted(), nil
	}
}

// deleteObject deletes an intake or a document scan: the tombstone is
// written at once, then a purge workflow cancels processing and removes the
// files. The answer waits briefly for the purge so that download URLs stop
// working before it; a purge that takes longer goes on in Temporal. A second
// delete answers the same tombstone. deletedAtField is the answer's name of
// the deletion time (the two APIs spell it differently).
func (s *Server) deleteObject(c *gin.Context, kind, deletedAtField string, del func(context.Context, string, uuid.UUID) (store.Deleted, error)) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	account := accountOf(c)
	tomb, err := del(c.Request.Context(), account, id)
	if err != nil {
		fail(c, err)
		return
	}
	s.views.drop(kind + "/" + account + "/" + id.String())
	if !tomb.Purged {
		s.purge(c.Request.Context(), workflows.PurgeInput{
			Kind: kind, ID: id.String(), AccountID: tomb.AccountID, FileID: tomb.FileID.String(),
		}, true)
	}
	s.logger(c).Info("deleted", "kind", kind, "id", id)
	c.JSON(http.StatusOK, gin.H{"id": id.String(), deletedAtField: tomb.DeletedAt})
}

// getOne answers a GET of one of the account's objects by the path's id:
// load it (a missing one, or another account's, is not found), then
// answer view of it.
func getOne[T any](c *gin.Context, load func(ctx context.Context, account string, id uuid.UUID) (T, error), view func(context.Context, T) any) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	ctx := c.Request.Context()
	v, err := load(ctx, accountOf(c), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, view(ctx, v))
}
