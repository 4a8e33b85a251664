// Package readable writes quantities the way the reasons people read
// give them: a size bound as the round number it was set to ("4 MB"), a
// wait as one would say it ("2m" where Duration.String writes "2m0s").
package readable

import (
	"fmt"
	"strings"
	"time"
)

// Bytes writes n in the largest binary unit that divides it exactly,
// named MB and KB as the outside services' documentation does ("4 MB" for
// 4<<20, "2 KB" for 2048), else in bytes ("1500 bytes").
func Bytes(n int64) string { return bytes(n, "MB", "KB") }

// BytesIEC is Bytes with the IEC names of the units ("4 MiB", "2 KiB").
func BytesIEC(n int64) string { return bytes(n, "MiB", "KiB") }

func bytes(n int64, mega, kilo string) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d %s", n>>20, mega)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d %s", n>>10, kilo)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Duration writes d as Duration.String does without its trailing zero
// units: 10s, 1m30s, 2m, 1h, 250ms.
func Duration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
