package sampledocs

import (
	"reflect"
	"slices"
	"strings"
)

// FieldEqual compares a field as read with its truth the way `make eval`
// scores it: strings without case or surrounding space, lists in any
// order, whole numbers whether decoded as int or float64.
func FieldEqual(got, want any) bool {
	switch w := want.(type) {
	case string:
		g, ok := got.(string)
		return ok && strings.EqualFold(strings.TrimSpace(g), strings.TrimSpace(w))
	case []string:
		var gs []string
		switch g := got.(type) {
		case []string:
			gs = g
		case []any:
			for _, x := range g {
				s, _ := x.(string)
				gs = append(gs, s)
			}
		default:
			return false
		}
		a, b := slices.Clone(gs), slices.Clone(w)
		slices.Sort(a)
		slices.Sort(b)
		return slices.Equal(a, b)
	case int:
		switch g := got.(type) {
		case int:
			return g == w
		case float64:
			return int(g) == w
		}
		return false
	default:
		return reflect.DeepEqual(got, want)
	}
}
