package exec

import (
	"slices"

	"github.com/mewsandbox/mewsandbox/seatbelt"
)

// Seatbelt translates p into the policy the macOS backend renders. The
// Linux system grants of DefaultPolicy are left out: Seatbelt has its own
// list of the system locations a macOS toolchain reads. tempDir is the
// run's private TMPDIR, "" for none.
func (p Policy) Seatbelt(tempDir string) seatbelt.Policy {
	sp := seatbelt.Policy{
		Root:         p.Root,
		ReadOnlyRoot: p.ReadOnlyRoot,
		TempDir:      tempDir,
		DenyRead:     slices.Clone(p.DenyRead),
		Network: seatbelt.Network{
			All:         p.Network.Mode == NetworkAll,
			Connect:     slices.Clone(p.Network.Connect),
			Bind:        slices.Clone(p.Network.Bind),
			UnixSockets: p.Network.UnixSockets,
		},
	}
	for _, g := range p.Grants {
		if isDefaultGrant(g.Path) {
			continue
		}
		if g.Access&Write != 0 {
			sp.Write = append(sp.Write, g.Path)
		} else {
			sp.Read = append(sp.Read, g.Path)
		}
	}
	return sp
}

// isDefaultGrant reports whether path is one of DefaultPolicy's system
// grants.
func isDefaultGrant(path string) bool {
	return slices.Contains(systemReadExec, path) || slices.Contains(systemReadOnly, path) || slices.Contains(deviceReadWrite, path)
}
