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
		// conda -p names the environment it changes: one outside the
		// project asks as conda install into the active one does.
		{"S32 conda install -p outside", D, nil, `conda install -p /opt/env numpy`, Ask},
		{"S32 conda install --prefix= outside", A, nil, `conda install --prefix=/home/u/miniconda3 numpy`, Ask},
		{"S32 mamba create --prefix ../", D, nil, `mamba create --prefix ../env python`, Ask},
		{"S32 micromamba install -p$VAR", D, nil, `micromamba install -p"$ENV" numpy`, Ask},
		{"S32 neighbour: conda -p in the project", D, nil, `conda install -p ./env numpy && conda create --prefix=env python && mamba install -p /home/u/proj/.env x && conda list -p /opt/env`, Allow},
	}
	checkDecisions(t, tests)
}
