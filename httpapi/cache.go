package httpapi

import (
	"crypto/sha256"
	"sync"
	"time"

	"github.com/clearedtostart/compliance/store"
)

// viewCache keeps rendered intakes and document scans that no longer
// change by themselves (SUCCESS, FAILED, deleted), so that a client polling
// a finished intake costs one indexed lookup instead of loading and
// rendering every segment. An entry is served only while the object's
// version (status, updated_at, deleted_at) still matches the database, so a
// delete or any later change shows at once, on every replica; and never
// longer than maxAge, so the presigned URLs inside stay far from expiry.
type viewCache struct {
	mu      sync.Mutex
	entries map[string]cachedView
	maxAge  time.Duration
	limit   int
}

type cachedView struct {
	body    []byte
	version store.Version
	at      time.Time
}

func newViewCache(maxAge time.Duration, limit int) *viewCache {
	return &viewCache{entries: map[string]cachedView{}, maxAge: maxAge, limit: limit}
}

func (c *viewCache) has(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.entries[key]
	return ok
}

// get returns the cached body when it is of version v and young enough.
func (c *viewCache) get(key string, v store.Version) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return nil, false
	}
	if !sameVersion(e.version, v) || time.Since(e.at) > c.maxAge {
		delete(c.entries, key)
		return nil, false
	}
	return e.body, true
}

func (c *viewCache) put(key string, v store.Version, body []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.limit {
		// Drop an arbitrary tenth: cheap, and a miss only costs a render.
		n := c.limit / 10
		for k := range c.entries {
			if n == 0 {
				break
			}
			delete(c.entries, k)
			n--
		}
	}
	c.entries[key] = cachedView{body: body, version: v, at: time.Now()}
}

func (c *viewCache) drop(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, key)
}

func sameVersion(a, b store.Version) bool {
	return a.ScanStatus == b.ScanStatus && sameTime(a.UpdatedAt, b.UpdatedAt) && sameTime(a.DeletedAt, b.DeletedAt)
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// ttlCache remembers values for a while, up to a number of entries.
type ttlCache[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]ttlEntry[V]
	ttl     time.Duration
	limit   int
}

type ttlEntry[V any] struct {
	value   V
	expires time.Time
}

func newTTLCache[K comparable, V any](ttl time.Duration, limit int) *ttlCache[K, V] {
	return &ttlCache[K, V]{entries: map[K]ttlEntry[V]{}, ttl: ttl, limit: limit}
}

func (c *ttlCache[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	if !ok || time.Now().After(e.expires) {
		delete(c.entries, k)
		var zero V
		return zero, false
	}
	return e.value, true
}

func (c *ttlCache[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.limit {
		// Drop half, arbitrarily: cheap, and a miss only costs a lookup.
		for old := range c.entries {
			delete(c.entries, old)
			if len(c.entries) < c.limit/2 {
				break
			}
		}
	}
	c.entries[k] = ttlEntry[V]{value: v, expires: time.Now().Add(c.ttl)}
}

// keyCache remembers recently verified API keys (by hash) for a few
// seconds, so a burst of requests costs one key lookup. A revoked key stops
// working within authTTL.
type keyCache struct{ c *ttlCache[[32]byte, string] }

const authTTL = 10 * time.Second

func newKeyCache(ttl time.Duration, limit int) *keyCache {
	return &keyCache{c: newTTLCache[[32]byte, string](ttl, limit)}
}

func (k *keyCache) get(key string) (string, bool) { return k.c.get(sha256.Sum256([]byte(key))) }

func (k *keyCache) put(key, account string) { k.c.put(sha256.Sum256([]byte(key)), account) }
