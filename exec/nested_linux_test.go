//go:build linux

package exec

import (
	"slices"
	"testing"
)

func TestNestedMounts(t *testing.T) {
	t.Parallel()
	const info = `20 1 254:0 / / rw - ext4 /dev/vda rw
21 20 0:21 / /proc rw - proc proc rw
30 20 0:40 / /w/vol rw,relatime - tmpfs tmpfs rw
31 30 0:41 / /w/vol/in rw - tmpfs tmpfs rw
32 20 0:42 / /w/ro ro - tmpfs tmpfs rw
33 20 0:43 / /w/rosuper rw - ext4 /dev/sdb ro
34 20 0:44 / /w/shadowed rw - tmpfs tmpfs rw
35 20 0:45 / /w/shadowed ro - tmpfs tmpfs rw
36 20 0:46 / /w/kernel rw - proc proc rw
37 20 0:47 / /w/with\040space rw - tmpfs tmpfs rw
38 20 0:48 / /elsewhere rw - tmpfs tmpfs rw
40 20 0:50 / /tmp/x rw - tmpfs tmpfs rw
41 20 0:51 / /tmp/root/vol rw - tmpfs tmpfs rw
42 20 0:52 / /sys/fs/cgroup rw - tmpfs tmpfs rw
`
	for _, tt := range []struct {
		name     string
		writable []string
		more     string // mounted after info's
		want     []string
	}{
		{"writable ones below the tree, not read-only, kernel, hidden or shadowed ones", []string{"/w"}, "",
			[]string{"/w/vol", "/w/vol/in", "/w/with space"}},
		{"the tree's own mount is not one", []string{"/w/vol"}, "", []string{"/w/vol/in"}},
		{"in a directory hide empties, only for a tree in it", []string{"/tmp/root"}, "", []string{"/tmp/root/vol"}},
		{"none in /tmp, /proc or /sys for a grant of /", []string{"/"}, "",
			[]string{"/w/vol", "/w/vol/in", "/w/with space", "/elsewhere"}},
		{"none a later mount above hides", []string{"/"}, "50 20 0:60 / /w ro - tmpfs tmpfs rw\n", []string{"/elsewhere"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := nestedMounts([]byte(info+tt.more), tt.writable, []string{"/tmp", "/run", ""})
			if !slices.Equal(got, tt.want) {
				t.Errorf("nestedMounts = %q; want %q", got, tt.want)
			}
		})
	}
}
