package permission

import "testing"

// TestReviewDecisionsS32 is TestRedTeamDecisions for the S32 review of
// S26 and S27's rows: spellings that slipped past them. testEnv: project
// /home/u/proj, home /home/u.
func TestReviewDecisionsS32(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		// cpio -p writes each name it is given at DIR/NAME: the names an
		// echo, a printf, a here-string or a here-document feeds it are
		// writes there, ../ ones outside the project.
		{"S32 echo ../ | cpio -p", D, nil, `echo ../../x | cpio -pdm out`, Ask},
		{"S32 printf ../ | cpio -p", A, nil, `printf '../../.bashrc\n' | cpio -pdu out`, Ask},
		{"S32 cpio -p <<< ../", D, nil, `cpio -pdm out <<< ../../x`, Ask},
		{"S32 neighbour: echo of project names | cpio -p", D, nil, `echo src src/a.go | cpio -pdm out && echo /etc/hosts | cpio -pdm out`, Allow},
	}
	checkDecisions(t, tests)
}
