package permission

import (
	"os"

	"golang.org/x/sys/unix"
)

// randomBytes fills b from the kernel's random source (getrandom), the one
// crypto/rand reads on Linux: importing crypto/rand for a temporary file's
// eight bytes would initialise its FIPS 140 packages (and math/big) at
// every start of the program, ≈0.035 ms of each run's package init.
func randomBytes(b []byte) error {
	for len(b) > 0 {
		n, err := unix.Getrandom(b, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return os.NewSyscallError("getrandom", err)
		}
		b = b[n:]
	}
	return nil
}
