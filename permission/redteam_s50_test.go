package permission

import "testing"

// TestRedTeamDecisionsS50 is TestRedTeamDecisions for the S50 red team of
// writes and deletions outside the project reached through a program's
// own command language: a database shell's commands piped to it by an
// echo, a printf or a cat of a here-document (echo '.shell rm -rf ~' |
// sqlite3 db), judged as its here-document's already were. testEnv:
// project /home/u/proj, home /home/u.
func TestRedTeamDecisionsS50(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		{"S50 A echo .shell | sqlite3", D, nil, `echo '.shell touch /tmp/x' | sqlite3 db`, Ask},
		{"S50 A printf .system | sqlite3", A, nil, `printf '.tables\n.system rm -rf /tmp/x\n' | sqlite3`, Ask},
		{"S50 A printf .output outside | sqlite3", A, nil, `printf '.output /tmp/x\nselect 1;\n' | sqlite3 db`, Ask},
		{"S50 A echo .backup outside | sqlite3", D, nil, `echo '.backup /home/u/other/x.db' | sqlite3 db`, Ask},
		{"S50 A cat of a here-string | sqlite3", D, nil, `cat <<< '.shell touch /tmp/x' | sqlite3 db`, Ask},
		{"S50 A echo \\! | psql", D, nil, `echo '\! touch /tmp/x' | psql -d app`, Ask},
		{"S50 A echo system | mysql", A, nil, `echo 'system touch /tmp/x' | mysql app`, Ask},
		{"S50 A echo of a word known at run time | sqlite3", D, nil, `echo "$q" | sqlite3 db`, Ask},
		{"S50 A neighbour: queries piped to database shells", D, nil, `printf '.tables\n.schema\n' | sqlite3 app.db && echo 'select count(*) from t;' | psql -d app && echo 'show tables;' | mysql app && cat dump.sql | sqlite3 db && echo '.output out.txt' | sqlite3 db`, Allow},
		{"S50 A neighbour: queries piped to database shells, acceptEdits", A, nil, `echo 'select 1;' | sqlite3 db && printf '.mode csv\n.import data.csv t\n' | sqlite3 db`, Allow},
	}
	checkDecisions(t, tests)
}
