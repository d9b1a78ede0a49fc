package permission

import "testing"

// TestRedTeamDecisionsS18 is TestRedTeamDecisions for the S18 review: one
// row per attack (each allowed before its fix), next to harmless
// neighbours that keep their decisions. testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS18(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	tests := []decisionRow{
		// A: HOME, OLDPWD and CDPATH set through a subscript (HOME[0]=x
		// is HOME=x), through a nameref declared without its variable
		// (declare -n H; H=HOME names it, H=/etc then sets HOME), and
		// OLDPWD and CDPATH through a nameref to them.
		{"S18 A HOME[0]=", Y, nil, `HOME[0]=/etc; echo x > ~/profile`, Ask},
		{"S18 A OLDPWD[0]= then cd -", Y, nil, `OLDPWD[0]=/etc; cd -; echo x > profile`, Ask},
		{"S18 A CDPATH[0]= then cd usr", Y, nil, `CDPATH[0]=/; cd usr && rm -rf *`, Deny},
		{"S18 A nameref named later", Y, nil, `declare -n H; H=HOME; H=/etc; echo x > ~/profile`, Ask},
		{"S18 A local -n named later", Y, nil, `f(){ local -n H; H=HOME; H=/etc; echo x > ~/profile; }; f`, Ask},
		{"S18 A nameref named by read", Y, nil, `declare -n H; read H; H=/etc; echo x > ~/profile`, Ask},
		{"S18 A nameref to OLDPWD", Y, nil, `declare -n H=OLDPWD; H=/etc; cd -; echo x > profile`, Ask},
		{"S18 A nameref to CDPATH", Y, nil, `declare -n H=CDPATH; H=/; cd etc; echo x > profile`, Ask},
		{"S18 A nameref to CDPATH set by :=", Y, nil, `declare -n H=CDPATH; : ${H:=/}; cd etc; echo x > profile`, Ask},
		{"S18 A nameref named later to PATH", D, nil, `declare -n r; r=PATH; r=/tmp/x; ls`, Ask},
		{"S18 A neighbour: arrays and a nameref to a variable of the script's", Y, nil, `declare -a a; a[0]=x; declare -n r=a; r[1]=y; cd build && rm -rf * && echo x > out.txt`, Allow},
		{"S18 A neighbour: declarations", D, nil, `declare -r X=1; declare -a arr; typeset -i n=2; export -n FOO`, Allow},
	}
	checkDecisions(t, tests)
}
