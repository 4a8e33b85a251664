package sandboxhttp

import (
	"encoding/json"
	"testing"
	"time"
)

func TestDurationJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{in: `"5s"`, want: 5 * time.Second},
		{in: `"1m30s"`, want: 90 * time.Second},
		{in: `"250ms"`, want: 250 * time.Millisecond},
		{in: `"0s"`, want: 0},
		{in: `5`, err: `a duration is a string such as "5s"`},
		{in: `"soon"`, err: `bad duration "soon"`},
		{in: `"-1s"`, err: `bad duration "-1s"`},
	} {
		var d Duration
		err := json.Unmarshal([]byte(tc.in), &d)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || time.Duration(d) != tc.want {
			t.Errorf("%s: %v (%v), want %v", tc.in, time.Duration(d), err, tc.want)
			continue
		}
		// Written back, it reads as time.Duration prints it.
		if out, err := json.Marshal(d); err != nil || string(out) != `"`+tc.want.String()+`"` {
			t.Errorf("%s: written %s (%v)", tc.in, out, err)
		}
	}
}
