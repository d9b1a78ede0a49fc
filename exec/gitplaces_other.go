//go:build !linux

package exec

// gitPlaces is for Landlock's rules, which only Linux has.
func gitPlaces(root string, res *resolver) []string { return nil }
