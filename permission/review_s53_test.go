package permission

import "testing"

// TestReviewCopiedLinkRunS53: a copy that keeps links (cp -a kit n) of a
// directory holding a link on disk to outside (kit/out → /tmp/x) judged
// the writes below the copy (S52e), but not a program run there: cp -a
// kit n && make -C n/out, or cd n/out && make, ran make in /tmp/x, where
// what it writes by names of its own lands. A directory a command runs
// in below the copy is now judged where the same directory below the
// source leads, as a write there is; so is a path through a ".." after
// the copied link (n/out/../f is /tmp/f, the kernel's walk).
func TestReviewCopiedLinkRunS53(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S53 A make -C below a copied link to outside", D, nil, `cp -a kit n && make -C n/out`, Ask},
		{"S53 A cd below a copied link, then make", A, nil, `cp -a kit n && cd n/out && make`, Ask},
		{"S53 A cd into the copy, then below the link", D, nil, `cp -a kit n && cd n && cd out && make`, Ask},
		{"S53 A rsync -a, then make -C", A, nil, `rsync -a kit/ n/ && make -C n/out/sub`, Ask},
		{"S53 A cp -a into a directory that exists, make -C n/kit/out", D, nil, `cp -a kit n && make -C n/kit/out`, Ask},
		{"S53 A make -C a copied link to the hooks", A, nil, `cp -a kit n && make -C n/hooks`, Ask},
		{"S53 A make -C a copied link, dontAsk", ModeDontAsk, nil, `cp -a kit n && make -C n/out`, Deny},
		{"S53 A .. after a copied link, written", D, nil, `cp -a kit n && echo x > n/out/../f`, Ask},
		{"S53 A make -C .. after a copied link", A, nil, `cp -a kit n && make -C n/out/..`, Ask},
		{"S53 A neighbour: make in the copy, below a copied link that stays in the project, a read there", D, nil,
			`cp -a kit n && make -C n && cd n/lib && make && ls ../out && cat n/out/f`, Allow},
		{"S53 A neighbour: git -C and make -C in a copy of a directory with no link to outside", A, nil,
			`cp -a src k && make -C k && git -C k status && cd k && make`, Allow},
		{"S53 A neighbour: bypass runs in a copied link to outside", ModeBypassPermissions, nil, `cp -a kit n && make -C n/out`, Allow},
	})
}
