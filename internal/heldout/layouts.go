package heldout

// layouts is every layout, built afresh on each call so that no caller can
// change another's list.
func layouts() []*layout {
	var all []*layout
	for _, group := range [][]*layout{cardLayouts(), idLayouts(), tbLayouts(), immunLayouts(), healthLayouts(), workLayouts()} {
		all = append(all, group...)
	}
	return all
}
