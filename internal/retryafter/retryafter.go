// Package retryafter reads the Retry-After header of an HTTP answer: the
// wait an outside service (a VMS, NSOPW) asks for before the next call.
package retryafter

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Parse reads v as delay-seconds or as an HTTP date (RFC 9110 10.2.3),
// the date measured from now and rounded to the second. False when v is
// empty, negative or neither; a date already past is a wait of 0.
func Parse(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0, false
		}
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d.Round(time.Second), true
		}
		return 0, true
	}
	return 0, false
}
