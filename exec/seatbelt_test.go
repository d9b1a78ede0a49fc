package exec

import (
	"slices"
	"testing"
)

func TestSeatbeltTranslation(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy("/work/proj").
		WithGrant(Grant{Path: "/opt/sdk", Access: Read | Exec}, Grant{Path: "/var/cache/x", Access: Read | Write}).
		WithDenyRead("/work/proj/.env").
		WithNetwork(Network{Mode: NetworkNone, Connect: []uint16{8080}})
	sp := p.Seatbelt("/private/tmp/run1")
	if sp.Root != "/work/proj" || sp.TempDir != "/private/tmp/run1" {
		t.Errorf("root %q temp %q", sp.Root, sp.TempDir)
	}
	if !slices.Equal(sp.Read, []string{"/opt/sdk"}) || !slices.Equal(sp.Write, []string{"/var/cache/x"}) {
		t.Errorf("read %v write %v: want only the extra grants, not the Linux system ones", sp.Read, sp.Write)
	}
	if !slices.Equal(sp.DenyRead, []string{"/work/proj/.env"}) || sp.Network.All || !slices.Equal(sp.Network.Connect, []uint16{8080}) {
		t.Errorf("deny %v network %+v", sp.DenyRead, sp.Network)
	}
	if all := p.WithNetwork(Network{Mode: NetworkAll}).Seatbelt(""); !all.Network.All {
		t.Error("network all not translated")
	}
}
