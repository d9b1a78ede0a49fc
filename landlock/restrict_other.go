//go:build !linux

package landlock

// ABI returns 0: Landlock exists only on Linux.
func ABI() int { return 0 }

// Restrict applies nothing outside Linux: strict mode refuses with an
// *UnsupportedError, best-effort mode returns everything as not enforced.
func (c Config) Restrict(bestEffort bool) (notEnforced []string, err error) {
	missing := c.Unsupported(0)
	if !bestEffort {
		return nil, &UnsupportedError{Missing: missing}
	}
	return missing, nil
}
