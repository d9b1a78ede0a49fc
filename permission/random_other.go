//go:build !linux

package permission

import "crypto/rand"

// randomBytes fills b from crypto/rand (see random_linux.go).
func randomBytes(b []byte) error {
	_, err := rand.Read(b)
	return err
}
