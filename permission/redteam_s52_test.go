package permission

import (
	"strings"
	"testing"
)

// diskLinks are the symbolic links that exist in the project on disk for
// TestRedTeamLinksOnDiskS52, made before the line runs (ln -s /tmp/x
// out in an earlier call): each maps a path to where it leads, and what
// lies below it below there.
var diskLinks = map[string]string{
	"/home/u/proj/out":   "/tmp/x",
	"/home/u/proj/outf":  "/tmp/x/f",
	"/home/u/proj/hooks": "/home/u/proj/.git/hooks",
	"/home/u/proj/rc":    "/home/u/.bashrc",
	"/home/u/proj/key":   "/home/u/.ssh/id_rsa",
	"/home/u/proj/lib":   "/home/u/proj/src/lib",
	"/home/u/proj/loop":  "",
}

// followDisk is an Engine.Follow over diskLinks.
func followDisk(p string) string {
	for link, to := range diskLinks {
		if rest, ok := strings.CutPrefix(p, link); ok && (rest == "" || rest[0] == '/') {
			if to == "" {
				return ""
			}
			return to + rest
		}
	}
	return p
}

// TestRedTeamLinksOnDiskS52: a write through a symbolic link that already
// exists in the project, made by an earlier call, to a place outside the
// root (echo hi > out, cp f out/, tee out, sed -i s/a/b/ out) wrote
// outside unseen: the engine judged the path as written. Now the path is
// also judged where Engine.Follow says it leads, as the file tools' are;
// rm, mv and ln act on the link itself, so only the directories above
// their operands are followed.
func TestRedTeamLinksOnDiskS52(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	for _, tt := range []decisionRow{
		{"S52 A echo through a link on disk to outside", D, nil, `echo hi > out`, Ask},
		{"S52 A append below a link on disk to outside", A, nil, `echo hi >> out/x`, Ask},
		{"S52 A cp into a link on disk to outside", D, nil, `cp f out/`, Ask},
		{"S52 A cp onto a file link on disk to outside", A, nil, `cp f outf`, Ask},
		{"S52 A tee a link on disk to outside", D, nil, `tee outf < f`, Ask},
		{"S52 A sed -i a link on disk to outside", A, nil, `sed -i s/a/b/ outf`, Ask},
		{"S52 A touch below a link on disk", D, nil, `touch out/y`, Ask},
		{"S52 A cd into a link on disk then touch", A, nil, `cd out && touch y`, Ask},
		{"S52 A rm below a link on disk", A, nil, `rm -f out/x`, Ask},
		{"S52 A truncate through a link on disk", D, nil, `truncate -s0 outf`, Ask},
		{"S52 A a link on disk to the hooks", A, nil, `echo x > hooks/pre-commit`, Ask},
		{"S52 A a link on disk to a start-up file, bypass", ModeBypassPermissions, nil, `echo x >> rc`, Ask},
		{"S52 A a link on disk to a key, read", D, nil, `cat key`, Ask},
		{"S52 A a deny rule where the link leads", A, []string{"deny:Edit(//tmp/x/**)"}, `echo hi > out/f`, Deny},
		{"S52 A a link on disk that loops", D, nil, `echo hi > loop`, Ask},
		{"S52 A neighbour: links on disk read, removed, renamed, replaced; writes in the project", D, nil,
			`cat out/x && ls out && echo hi > f && mv outf old && ln -sfn /tmp/y out && echo hi > lib/x && cp f lib/`, Allow},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine(t, tt.mode, tt.rules...)
			e.Follow = followDisk
			if res := e.Check(bash(tt.cmd)); res.Decision != tt.want {
				t.Errorf("%q in %s: %v (%s), want %v", tt.cmd, tt.mode, res.Decision, res.Reason, tt.want)
			}
		})
	}
}
