package permission

import "testing"

// TestRedTeamDecisionsS26 is TestRedTeamDecisions for the S26 review of
// commands that delete, publish or install past the project without a
// danger the engine knew. testEnv: project /home/u/proj, home /home/u.
func TestRedTeamDecisionsS26(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	tests := []decisionRow{
		// A: archivers that delete what they archive (tar
		// --remove-files, zip -m) read their sources only: a delete of
		// the home directory or of .git passed in every mode.
		{"S26 A tar --remove-files of a home directory", D, nil, `tar -czf out.tgz --remove-files /home/u/Documents`, Ask},
		{"S26 A tar --remove-files outside the root in acceptEdits", A, nil, `tar -cf out.tar ../other --remove-files`, Ask},
		{"S26 A tar --remove-files of .git", Y, nil, `tar --remove-files -cf /tmp/g.tar .git`, Ask},
		{"S26 A tar --remove abbreviated", D, nil, `tar --remove -cf out.tar /home/u/Documents`, Ask},
		{"S26 A zip -m of a home directory", D, nil, `zip -rm out.zip /home/u/Documents`, Ask},
		{"S26 A zip --move of .git/hooks", Y, nil, `zip -r --move /tmp/h.zip .git/hooks`, Ask},
		{"S26 A neighbour: archives of the project", D, nil, `tar -czf out.tgz --remove-files build && zip -rm out.zip dist && tar -czf x.tgz /home/u/Documents && zip -r out.zip src`, Allow},
		// B: git commands that discard uncommitted work: git checkout
		// --pathspec-from-file (git checkout -- of the paths a file
		// names) and git rm -f (which deletes modified files git rm
		// alone refuses).
		{"S26 B git checkout --pathspec-from-file", D, nil, `git checkout --pathspec-from-file=list.txt`, Ask},
		{"S26 B git checkout --pathspec-from-file FILE", A, nil, `git checkout --pathspec-from-file list.txt HEAD`, Ask},
		{"S26 B git rm -f", D, nil, `git rm -f src/a.go`, Ask},
		{"S26 B git rm -rf", A, nil, `git rm -rf src`, Ask},
		{"S26 B neighbour: git rm, --cached, --pathspec-from-file of add and rm", D, nil, `git rm src/a.go && git rm -r --cached -f build && git add --pathspec-from-file=list.txt && git rm --pathspec-from-file=list.txt && git checkout main`, Allow},
	}
	checkDecisions(t, tests)
}
