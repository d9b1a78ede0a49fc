package permission

import "testing"

// TestReviewShoptPhysical: shopt -o sets what set -o does, so shopt -so
// physical (shopt -s -o physical) makes every later cd physical as set -P
// does; the engine read only set's arguments, and shopt -so physical; cd
// out/.. && echo x > f wrote in the parent of where out leads (outside the
// root: bash ran there), allowed. shopt -uo physical turns it off as set
// +P does; a shopt without -o, or one only printing, changes nothing.
func TestReviewShoptPhysical(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"rev shopt -so physical makes cd physical", D, nil, `shopt -so physical; cd out/.. && touch f`, Ask},
		{"rev shopt -s -o physical makes cd physical", A, nil, `shopt -s -o physical; cd out/..; echo x > f`, Ask},
		{"rev shopt -os errexit physical", A, nil, `shopt -os errexit physical; cd out/..; echo x > f`, Ask},
		{"rev shopt -so with a name known at run time", D, nil, `shopt -so "$X"; cd out/.. && touch f`, Ask},
		{"rev shopt -uo physical turns it off", D, nil, `set -P; shopt -uo physical; cd out/.. && touch f`, Allow},
		{"rev neighbour: shopt -s without -o", A, nil, `shopt -s physical nullglob; cd out/..; echo x > f`, Allow},
		{"rev neighbour: shopt -po physical prints", D, nil, `shopt -po physical; cd out/.. && touch f`, Allow},
		{"rev neighbour: shopt -uo physical that may not run", A, nil, `set -P; false && shopt -uo physical; cd out/.. && touch f`, Ask},
	})
}

// TestReviewShellStartsPhysical: bash -P (bash -o physical) starts a shell
// whose every cd is physical, as set -P in it would: bash -P -c 'cd out/..
// && echo x > f' wrote in the parent of where out leads, outside the root,
// allowed. The shell's option is its own: the line's later cd stays
// logical.
func TestReviewShellStartsPhysical(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"rev bash -P -c", D, nil, `bash -P -c 'cd out/.. && touch f'`, Ask},
		{"rev bash -o physical -c", A, nil, `bash -o physical -c 'cd out/..; echo x > f'`, Ask},
		{"rev sh -eP -c", D, nil, `sh -eP -c 'cd out/.. && touch f'`, Ask},
		{"rev bash -P here-document", A, nil, "bash -P <<'E'\ncd out/.. && echo x > f\nE", Ask},
		{"rev neighbour: bash -c, logical", D, nil, `bash -c 'cd out/.. && touch f'`, Allow},
		{"rev neighbour: bash -e -c, logical", A, nil, `bash -e -c 'cd out/..; echo x > f'`, Allow},
		{"rev neighbour: the line's cd after bash -P", D, nil, `bash -P -c 'ls'; cd out/.. && touch f`, Allow},
	})
}

// TestReviewBelowMoved: mv d n keeps d's links as they are, as cp -a d n
// copies them: echo x > n/out/f after mv kit n writes where kit/out leads; the
// engine judged copies alone (cp, rsync), and mv kit n && echo x >
// n/out/f wrote outside the root through the moved link, allowed.
func TestReviewBelowMoved(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"rev mv a directory with a link to outside, write through it", D, nil, `mv kit n && echo x > n/out/f`, Ask},
		{"rev mv, then run below the moved link", A, nil, `mv kit n && make -C n/out`, Ask},
		{"rev mv into a directory, then write through it", D, nil, `mkdir -p n && mv kit n/ && echo x > n/kit/out/f`, Ask},
		{"rev neighbour: mv, write below it in the project", D, nil, `mv kit n && echo x > n/f && echo x > n/lib/f`, Allow},
	})
}
