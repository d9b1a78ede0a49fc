package permission

import "testing"

// TestRedTeamCopiedLinksS52e: a copy that keeps links (cp -a, -r, -R,
// -P; rsync -a) of a directory in the project holding a link on disk to
// outside (kit/out → /tmp/x) makes a link to outside the engine could
// not see, as the copy is not on disk when the line is judged: cp -a
// kit n && echo x > n/out/f wrote in /tmp/x. A write below the copy is
// now judged where the same path below the source leads.
func TestRedTeamCopiedLinksS52e(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S52e cp -a a directory holding a link to outside, write through the copy", D, nil, `cp -a kit n && echo x > n/out/f`, Ask},
		{"S52e cp -r", A, nil, `cp -r kit n && echo x > n/out/f`, Ask},
		{"S52e cp -R", D, nil, `cp -R kit n && touch n/out/f`, Ask},
		{"S52e cp -P", A, nil, `cp -P kit n && echo x >> n/out/f`, Ask},
		{"S52e rsync -a d/ n/", D, nil, `rsync -a kit/ n/ && echo x > n/out/f`, Ask},
		{"S52e cp -a into a directory that exists: n/kit/out", A, nil, `cp -a kit n && echo x > n/kit/out/f`, Ask},
		{"S52e cp -a, then cd into the copy and write", D, nil, `cp -a kit n && cd n && echo x > out/f`, Ask},
		{"S52e cp -a -t", A, nil, `cp -a -t n kit && echo x > n/kit/out/f`, Ask},
		{"S52e a copied link to the hooks", A, nil, `cp -a kit n && echo x > n/hooks/pre-commit`, Ask},
		{"S52e a copied link that loops", D, nil, `cp -a kit n && echo x > n/loop/f`, Ask},
		{"S52e a deny rule where the copied link leads", A, []string{"deny:Edit(//tmp/x/**)"}, `cp -a kit n && echo x > n/out/f`, Deny},
		{"S52e a copied link to the hooks, bypass", ModeBypassPermissions, nil, `cp -a kit n && echo x > n/hooks/pre-commit`, Ask},
		{"S52e neighbour: copies whose links stay in the project, a plain copy of a file, a copy that follows links", A, nil,
			`cp -a kit n && echo x > n/lib/f && rsync -a kit/ m/ && touch m/lib/g && cp f g && echo x > g && cp -a src k && echo x > k/f && cp -rL kit p && echo x > p/out/f`, Allow},
		{"S52e neighbour: writes beside the copy and at it, a copy made after the write", D, nil,
			`echo x > n/out/f0 ; cp -a kit n && echo x > m/out/f && touch n/new && cp -a kit n2`, Allow},
		{"S52e neighbour: bypass writes outside through a copy", ModeBypassPermissions, nil, `cp -a kit n && echo x > n/out/f`, Allow},
	})
}
