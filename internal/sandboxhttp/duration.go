package sandboxhttp

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Duration is a time.Duration written as "5s" in JSON: the delays the
// sandboxes' admin endpoints take and show read as people write them.
type Duration time.Duration

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New(`a duration is a string such as "5s"`)
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return fmt.Errorf("bad duration %q", s)
	}
	*d = Duration(v)
	return nil
}
