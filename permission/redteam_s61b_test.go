package permission

import "testing"

// TestSubscriptExpandedS61b: bash expands an array subscript it finds in
// a string it evaluates (a name for let, test -v, printf -v, read, unset,
// declare, wait -p; a variable's value used in arithmetic; the index of
// an element of a compound assignment) once more, after the word's own
// expansion: k='$(rm -rf build)'; let "a[$k]" ran rm, allowed, as did
// x="a[$k]"; (( x )) and a=([$k]=1). Only a literal NAME[…$(…)…] was
// caught. An expansion inside NAME[…] in such a place is now asked; the
// subscripts bash expands once stay allowed.
func TestSubscriptExpandedS61b(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	k := `k='$(rm -rf build)'; `
	checkDecisions(t, []decisionRow{
		{"S61b let \"a[$k]\"", D, nil, k + `let "a[$k]"`, Ask},
		{"S61b read k; let \"a[$k]\"", D, nil, `read k < f; let "a[$k]"`, Ask},
		{"S61b let \"x=a[$k]\"", D, nil, k + `let "x=a[$k]"`, Ask},
		{"S61b builtin let", D, nil, k + `builtin let "a[$k]"`, Ask},
		{"S61b test -v \"a[$k]\"", D, nil, k + `test -v "a[$k]"`, Ask},
		{"S61b [ -v \"a[$k]\" ]", D, nil, k + `[ -v "a[$k]" ]`, Ask},
		{"S61b [[ -v \"a[$k]\" ]]", D, nil, k + `[[ -v "a[$k]" ]]`, Ask},
		{"S61b printf -v \"a[$k]\"", D, nil, k + `printf -v "a[$k]" x`, Ask},
		{"S61b read \"a[$k]\"", D, nil, k + `read "a[$k]" <<< x`, Ask},
		{"S61b unset \"a[$k]\"", D, nil, k + `a=(1); unset "a[$k]"`, Ask},
		{"S61b declare \"a[$k]=1\"", D, nil, k + `declare "a[$k]=1"`, Ask},
		{"S61b local \"a[$k]=1\"", D, nil, k + `f() { local "a[$k]=1"; }; f`, Ask},
		{"S61b wait -p \"a[$k]\"", D, nil, k + `sleep 0 & wait -n -p "a[$k]"`, Ask},
		{"S61b x=\"a[$k]\"; (( x ))", D, nil, k + `x="a[$k]"; (( x ))`, Ask},
		{"S61b x=\"a[$k]\"; $((x))", D, nil, k + `x="a[$k]"; echo $((x))`, Ask},
		{"S61b x=\"a[$k]\"; [[ x -eq 1 ]]", D, nil, k + `x="a[$k]"; [[ x -eq 1 ]]`, Ask},
		{"S61b [[ \"a[$k]\" -lt 1 ]]", D, nil, k + `[[ "a[$k]" -lt 1 ]]`, Ask},
		{"S61b printf -v\"a[$k]\"", D, nil, k + `printf -v"a[$k]" x`, Ask},
		{"S61b declare -i x; x=\"a[$k]\"", D, nil, k + `declare -i x; x="a[$k]"`, Ask},
		{"S61b export x=\"a[$k]\"", D, nil, k + `export x="a[$k]"; (( x ))`, Ask},
		{"S61b x=\"$n[$k]\"", D, nil, k + `n=a; x="$n[$k]"; (( x ))`, Ask},
		{"S61b a=([$k]=1)", D, nil, k + `a=([$k]=1)`, Ask},
		{"S61b a=([\"$k\"]=1)", D, nil, k + `a=(["$k"]=1)`, Ask},
		{"S61b a+=([$k]=1)", D, nil, k + `a+=([$k]=1)`, Ask},
		{"S61b a=([$(cat f)]=1)", D, nil, `a=([$(cat f)]=1)`, Ask},
		{"S61b declare -a a=([$k]=1)", D, nil, k + `declare -a a=([$k]=1)`, Ask},
		{"S61b a=(\"x[$k]\"); (( a ))", D, nil, k + `a=("x[$k]"); (( a ))`, Ask},
		{"S61b already: a=(['$(…)']=1)", D, nil, `a=(['$(rm -rf build)']=1)`, Ask},
		{"S61b already: x='a[$(…)]'; (( x ))", D, nil, `x='a[$(rm -rf build)]'; (( x ))`, Ask},
		{"S61b neighbour: a[0]=x", D, nil, `a[0]=x`, Allow},
		{"S61b neighbour: a[$i]=$(date)", D, nil, `a[$i]=$(date)`, Allow},
		{"S61b neighbour: (( i++ ))", D, nil, `(( i++ ))`, Allow},
		{"S61b neighbour: (( count[$k]++ ))", D, nil, `(( count[$k]++ ))`, Allow},
		{"S61b neighbour: echo $(( a[$i] ))", D, nil, `echo $(( a[$i] + 1 ))`, Allow},
		{"S61b neighbour: x=${y:-default}", D, nil, `x=${y:-default}`, Allow},
		{"S61b neighbour: declare -A m=([k]=v)", D, nil, `declare -A m=([k]=v)`, Allow},
		{"S61b neighbour: declare -A m=([$k]=$v)", D, nil, `declare -A m=([$k]=$v)`, Allow},
		{"S61b neighbour: a=([0]=$x [1]=y)", D, nil, `a=([0]=$x [1]=y)`, Allow},
		{"S61b neighbour: printf -v x '%s' y", D, nil, `printf -v x '%s' y`, Allow},
		{"S61b neighbour: printf \"a[$i]=%s\"", D, nil, `printf "a[$i]=%s\n" "${a[$i]}"`, Allow},
		{"S61b neighbour: echo \"a[$i]\"", D, nil, `echo "a[$i]=${a[$i]}"`, Allow},
		{"S61b neighbour: x=\"${a[$i]}\"", D, nil, `x="${a[$i]}"; echo "$x"`, Allow},
		{"S61b neighbour: test -n \"${a[$i]}\"", D, nil, `test -n "${a[$i]}" && [ "${a[$i]}" = x ]`, Allow},
		{"S61b neighbour: [[ $x == a[$y]* ]]", D, nil, `[[ $x == "a[$y]" ]] && echo y`, Allow},
		{"S61b neighbour: let \"i += 1\"", D, nil, `let "i += $n"`, Allow},
		{"S61b neighbour: read -r line", D, nil, `read -r line < f; echo "$line"`, Allow},
		{"S61b neighbour: trap 'echo done' EXIT", D, nil, `trap 'echo done' EXIT`, Allow},
		{"S61b neighbour: a function", D, nil, `f() { echo hi; }; f`, Allow},
	})
}
