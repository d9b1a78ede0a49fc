package permission

import (
	"bytes"
	"testing"
)

// randomBytes fills the whole buffer, and two draws differ: the temporary
// file names writeAtomicAt makes from it must not be predictable.
func TestRandomBytesFillsAndDiffers(t *testing.T) {
	var a, b [32]byte
	if err := randomBytes(a[:]); err != nil {
		t.Fatal(err)
	}
	if err := randomBytes(b[:]); err != nil {
		t.Fatal(err)
	}
	if a == [32]byte{} || b == [32]byte{} || bytes.Equal(a[:], b[:]) {
		t.Fatalf("randomBytes gave %x and %x", a, b)
	}
}
