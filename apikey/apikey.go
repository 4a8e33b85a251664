// Package apikey makes and reads API keys. A key is shown to its owner once
// and stored only as a SHA-256 hash; the key carries a public id so the
// service finds the row first and then compares hashes in constant time.
//
// Format: "cds_" + 16 hex characters of id + "_" + 64 hex characters of
// secret (256 random bits). Keys of any other shape (a DEV_API_KEY chosen
// by a developer) get an id derived from their hash, so one lookup path
// serves both.
package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"strings"
)

const prefix = "cds_"

// Key is a freshly generated key: Plaintext goes to the owner once, ID and
// Hash go to the database.
type Key struct {
	ID        string
	Plaintext string
	Hash      []byte
}

// Generate makes a new random key.
func Generate() (Key, error) {
	var id [8]byte
	var secret [32]byte
	if _, err := rand.Read(id[:]); err != nil {
		return Key{}, err
	}
	if _, err := rand.Read(secret[:]); err != nil {
		return Key{}, err
	}
	plain := prefix + hex.EncodeToString(id[:]) + "_" + hex.EncodeToString(secret[:])
	return Key{ID: hex.EncodeToString(id[:]), Plaintext: plain, Hash: Hash(plain)}, nil
}

// FromPlaintext returns the id and hash of a key given by a caller.
func FromPlaintext(plain string) (Key, error) {
	if plain == "" || len(plain) > 512 {
		return Key{}, errors.New("apikey: empty or oversized key")
	}
	h := Hash(plain)
	return Key{ID: IDOf(plain, h), Plaintext: plain, Hash: h}, nil
}

// IDOf returns the lookup id of a key: the embedded id of a generated key,
// else "h" plus a hash prefix.
func IDOf(plain string, hash []byte) string {
	if strings.HasPrefix(plain, prefix) {
		rest := plain[len(prefix):]
		if i := strings.IndexByte(rest, '_'); i == 16 && isHex(rest[:i]) && len(rest) == 16+1+64 {
			return rest[:i]
		}
	}
	return "h" + hex.EncodeToString(hash[:8])
}

// Hash is SHA-256: keys carry 256 random bits, so a slow hash adds nothing.
func Hash(plain string) []byte {
	sum := sha256.Sum256([]byte(plain))
	return sum[:]
}

// Equal compares two hashes in constant time.
func Equal(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}
