package permission

import "testing"

// TestListedNamesHandedOnS59: a find's names handed to xargs cat were
// judged as find … -exec cat {} +, but no other lister's: locate id_rsa |
// xargs cat and fd -e pem . / | xargs cat read every key the index or the
// walk names, allowed. fd's, rg's, the searchers', tree's and du's roots,
// git ls-files's tree and locate's (the whole file system) are now read
// as a find's of them by a command they hand their names to.
func TestListedNamesHandedOnS59(t *testing.T) {
	t.Parallel()
	D, A, P := ModeDefault, ModeAcceptEdits, ModePlan
	secrets := []string{"deny:Read(./secrets/**)"}
	checkDecisions(t, []decisionRow{
		{"S59 locate id_rsa | xargs cat", D, nil, `locate id_rsa | xargs cat`, Ask},
		{"S59 plocate id_rsa | xargs -I{} cat {}", A, nil, `plocate id_rsa | xargs -I{} cat {}`, Ask},
		{"S59 cat $(locate id_rsa)", D, nil, `cat $(locate id_rsa)`, Ask},
		{"S59 locate | while read f; do cat $f", D, nil, `locate .pem | while read f; do cat "$f"; done`, Ask},
		{"S59 fd -e pem . / | xargs cat", D, nil, `fd -e pem . / | xargs cat`, Ask},
		{"S59 fd -e pem . ~ | xargs cat", A, nil, `fd -e pem . ~ | xargs cat`, Ask},
		{"S59 fd -H id_rsa ~ | xargs cat", D, nil, `fd -H id_rsa ~ | xargs cat`, Ask},
		{"S59 tree -fi ~ | xargs cat", D, nil, `tree -fi ~ | xargs cat`, Ask},
		{"S59 du -a ~ | xargs cat", D, nil, `du -a ~ | xargs cat`, Ask},
		{"S59 rg --files / | xargs cat", D, nil, `rg --files / | xargs cat`, Ask},
		{"S59 plan: rg --files / | xargs cat", P, nil, `rg --files / | xargs cat`, Ask},
		{"S59 deny Read(./secrets/**): fd . | xargs cat", D, secrets, `fd . | xargs cat`, Deny},
		{"S59 deny Read(./secrets/**): git ls-files | xargs cat", D, secrets, `git ls-files | xargs cat`, Deny},
		// Already asked: the lister itself reads the store.
		{"S59 neighbour: fd . ~/.ssh | xargs cat", D, nil, `fd . ~/.ssh | xargs cat`, Ask},
		{"S59 neighbour: rg --files ~/.aws | xargs cat", D, nil, `rg --files ~/.aws | xargs cat`, Ask},
		{"S59 neighbour: find ~/.ssh -type f | xargs -I{} cat {}", D, nil, `find ~/.ssh -type f | xargs -I{} cat {}`, Ask},
		{"S59 neighbour: ls ~/.ssh/* | xargs head", D, nil, `ls ~/.ssh/* | xargs head`, Ask},
		{"S59 neighbour: git ls-files | xargs cat", D, nil, `git ls-files | xargs cat`, Allow},
		{"S59 neighbour: plan: git ls-files -z | xargs -0 wc -l", P, nil, `git ls-files -z | xargs -0 wc -l`, Allow},
		{"S59 neighbour: fd -e go | xargs wc -l", D, nil, `fd -e go | xargs wc -l`, Allow},
		{"S59 neighbour: rg --files | xargs grep foo", D, nil, `rg --files | xargs grep foo`, Allow},
		{"S59 neighbour: plan: rg --files | xargs grep foo", P, nil, `rg --files | xargs grep foo`, Allow},
		{"S59 neighbour: ls *.go | xargs wc -l", D, nil, `ls *.go | xargs wc -l`, Allow},
		{"S59 neighbour: fd -e h . /usr/include | xargs grep foo", D, nil, `fd -e h . /usr/include | xargs grep foo`, Allow},
		{"S59 neighbour: locate x | wc -l", D, nil, `locate x | wc -l`, Allow},
		{"S59 neighbour: locate x | grep foo", D, nil, `locate x | grep foo`, Allow},
	})
}
