package exec

import (
	"slices"
	"testing"

	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// TestProtectedListsAgree: the Linux namespace layer and the macOS Seatbelt
// profile protect the same entries of the root (.git itself is handled by
// the layer as a mount of its own, see protect).
func TestProtectedListsAgree(t *testing.T) {
	linux := append(ProtectedInRoot(), ".git")
	for _, p := range seatbelt.ProtectedInRoot() {
		if !slices.Contains(linux, p) {
			t.Errorf("Seatbelt protects %s, the Linux layer does not", p)
		}
	}
	for _, p := range ProtectedInRoot() {
		if !slices.Contains(seatbelt.ProtectedInRoot(), p) {
			t.Errorf("the Linux layer protects %s, Seatbelt does not", p)
		}
	}
}
