package permission

import "testing"

// TestArithDataS65: bash evaluates a variable named in arithmetic as an
// expression and expands the subscripts in it, so x=$(cat f); (( x ))
// ran what f held (a[$(rm -rf ~)]), and was allowed: the value is data
// the analysis cannot read. A value read from a command's output, a
// read, a loop over a glob or a substitution, or printf -v of one, named
// in arithmetic, is now asked for; a number's (wc -l, $((…))) and the
// line's own values pass.
func TestArithDataS65(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"S65 x=$(cat f); (( x ))", D, nil, `x=$(cat f); (( x ))`, Ask},
		{"S65 x=$(cat f); (( x )) (yolo)", Y, nil, `x=$(cat f); (( x ))`, Ask},
		{"S65 x=$(cat f); echo $((x))", D, nil, `x=$(cat f); echo $((x))`, Ask},
		{"S65 x=$(cat f); (( $x ))", D, nil, `x=$(cat f); (( $x ))`, Ask},
		{"S65 read x < f; (( x ))", D, nil, `read x < f; (( x ))`, Ask},
		{"S65 x=$(cat f); [[ $x -gt 1 ]]", D, nil, `x=$(cat f); [[ $x -gt 1 ]]`, Ask},
		{"S65 x=$(cat f); let x", D, nil, `x=$(cat f); let x`, Ask},
		{"S65 x=`cat f`; let y=x+1", D, nil, "x=`cat f`; let y=x+1", Ask},
		{"S65 x=$(cat f); echo ${a[x]}", D, nil, `x=$(cat f); a=(1 2); echo ${a[x]}`, Ask},
		{"S65 x=$(cat f); echo ${a[$x]}", D, nil, `x=$(cat f); a=(1 2); echo "${a[$x]}"`, Ask},
		{"S65 x=$(cat f); echo ${s:x}", D, nil, `x=$(cat f); s=abc; echo ${s:x}`, Ask},
		{"S65 declare -i n=$(cat f)", D, nil, `declare -i n=$(cat f)`, Ask},
		{"S65 local x=$(cat f) in a function", D, nil, `f() { local x=$(cat f); (( x > 1 )); }; f`, Ask},
		{"S65 while read n; (( t += n ))", D, nil, `t=0; while read n; do (( t += n )); done < nums.txt`, Ask},
		{"S65 for n in $(cat f); (( n ))", D, nil, `for n in $(cat f); do (( n )); done`, Ask},
		{"S65 for n in *; (( n ))", D, nil, `for n in *; do echo $(( n + 1 )); done`, Ask},
		{"S65 printf -v x %s $(cat f); (( x ))", D, nil, `printf -v x %s "$(cat f)"; (( x ))`, Ask},
		{"S65 bash -c 'x=$(cat f); ((x))'", D, nil, `bash -c 'x=$(cat f); ((x))'`, Ask},
		{"S65 neighbour: (( i++ ))", D, nil, `(( i++ ))`, Allow},
		{"S65 neighbour: for ((i=0;i<3;i++))", D, nil, `for ((i=0;i<3;i++)); do echo $i; done`, Allow},
		{"S65 neighbour: n=3; echo $((n+1))", D, nil, `n=3; echo $((n+1))`, Allow},
		{"S65 neighbour: n=$(wc -l < f); (( n > 10 ))", D, nil, `n=$(wc -l < README.md); (( n > 10 )) && echo big`, Allow},
		{"S65 neighbour: n=$(cat f | wc -l)", D, nil, `n=$(cat README.md | wc -l); echo $((n * 2))`, Allow},
		{"S65 neighbour: n=$((n+1)) in a loop", D, nil, `n=0; for f in *.go; do n=$((n+1)); done; echo $n`, Allow},
		{"S65 neighbour: start=$(date +%s); echo $(( $(date +%s) - start ))", D, nil, `start=$(date +%s); make; echo $(( $(date +%s) - start ))`, Allow},
		{"S65 neighbour: x=$(cat f); echo $x", D, nil, `x=$(cat README.md); echo "$x"`, Allow},
		{"S65 neighbour: for i in 1 2 3; (( s += i ))", D, nil, `s=0; for i in 1 2 3; do (( s += i )); done`, Allow},
		{"S65 neighbour: declare -A m; k=$(cat f); echo ${m[$k]}", D, nil, `declare -A m; k=$(cat README.md); echo "${m[$k]}"`, Allow},
	})
}
