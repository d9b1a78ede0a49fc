package permission

import "testing"

// TestReviewLinksOnDiskS52: what the review of S52's links on disk found
// still written outside unseen, with diskLinks on disk (out → /tmp/x):
// a physical cd (cd -P, or set -P / set -o physical before it) takes a
// ".." from where a link leads, not from its name, so cd -P out/.. is
// /tmp, not the project; and a link the line makes to a link on disk
// that leads outside (ln -s out n, cp -a out n copying the link as a
// link) leads outside too, where the line then writes through it.
func TestReviewLinksOnDiskS52(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S52r cd -P takes .. after a link on disk from where it leads", D, nil, `cd -P out/.. && touch f`, Ask},
		{"S52r cd -P into a link on disk, then cd ..", A, nil, `cd -P out && cd .. && touch f`, Ask},
		{"S52r set -P makes cd physical", D, nil, `set -P; cd out/..; touch f`, Ask},
		{"S52r set -o physical makes cd physical", A, nil, `set -o physical; cd out/..; echo x > f`, Ask},
		{"S52r neighbour: a logical cd .. after a link stays in the project", D, nil, `cd out/.. && touch f && cd out && cd .. && touch g`, Allow},
		{"S52r neighbour: cd -P with no .. folded", A, nil, `cd -P lib && touch f && cd -P .. && ls`, Allow},
		{"S52r ln -s to a link on disk to outside, then write through it", D, nil, `ln -s out n && echo x > n/f`, Ask},
		{"S52r ln -s to below a link on disk to outside", A, nil, `ln -s out/sub n && touch n/f`, Ask},
		{"S52r cp -a copies a link on disk to outside as a link", A, nil, `cp -a out n && echo x > n/f`, Ask},
		{"S52r neighbour: links to links on disk in the project", D, nil, `ln -s lib n && echo x > n/f && cp -a lib m && touch m/f && cp -a src k && touch k/f`, Allow},
	})
}
