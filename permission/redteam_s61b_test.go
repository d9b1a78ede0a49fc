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

// TestBindS61b: bind -x binds a key to a shell command and a readline
// macro types its text as input, both run by an interactive shell when
// the key comes: fed to bash -i through script (a terminal), a program
// `bind -x '"\C-x": rm -rf build'` followed by a ^X ran rm, allowed, for
// bind was read as a harmless builtin. bind -x's command is now checked
// as a trap's is, and a macro, a file of bindings or a word only known
// at run time is asked; binding a key to a readline function passes.
func TestBindS61b(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	rm := []string{"deny:Bash(rm *)"}
	checkDecisions(t, []decisionRow{
		{"S61b bind -x", D, rm, `bind -x '"\C-x": rm -rf build'`, Deny},
		{"S61b bind -x, unquoted seq", D, rm, `bind -x '\C-x: rm -rf build'`, Deny},
		{"S61b bind -x, quoted command", D, rm, `bind -x '"\C-x": "rm -rf build"'`, Deny},
		{"S61b bind -x attached", D, rm, `bind '-x"\C-x": rm -rf build'`, Deny},
		{"S61b bind -m emacs -x", D, rm, `bind -m emacs -x '"\C-x": rm -rf build'`, Deny},
		{"S61b bind -x fed to bash -i", D, rm, `printf 'bind -x "\\"\\\\C-x\\": rm -rf build"\n\x18\nexit\n' | script -qc 'bash --norc -i' /dev/null`, Deny},
		{"S61b bind -x dangerous", D, nil, `bind -x '"\C-x": rm -rf build'`, Ask},
		{"S61b bind -x non-literal", D, nil, `bind -x "$x"`, Ask},
		{"S61b bind a macro", D, nil, `bind '"\C-x": "rm -rf build\n"'`, Ask},
		{"S61b bind a macro, single quotes", D, nil, `bind "\"\C-x\": 'rm -rf build\n'"`, Ask},
		{"S61b bind -f", D, nil, `bind -f keys`, Ask},
		{"S61b bind non-literal", D, nil, `bind "$x"`, Ask},
		{"S61b neighbour: bind to a function", D, nil, `bind '"\e[A": history-search-backward'`, Allow},
		{"S61b neighbour: bind set", D, nil, `bind 'set completion-ignore-case on'`, Allow},
		{"S61b neighbour: bind -p", D, nil, `bind -p | head`, Allow},
		{"S61b neighbour: bind -x harmless", D, nil, `bind -x '"\C-x": echo hi'`, Allow},
	})
}

// TestNakedDeclIndexS61b: declare, local, export, readonly and typeset
// given an array element with no value, declare a[$(rm -rf build)], ran
// the subscript's substitution unchecked: the walk took the name and
// skipped its index. The index is now walked as an assignment's is.
func TestNakedDeclIndexS61b(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	rm := []string{"deny:Bash(rm *)"}
	checkDecisions(t, []decisionRow{
		{"S61b declare a[$(…)]", D, rm, `declare a[$(rm -rf build)]`, Deny},
		{"S61b declare -a a[$(…)]", D, rm, `declare -a a[$(rm -rf build)]`, Deny},
		{"S61b local a[$(…)]", D, rm, `f() { local a[$(rm -rf build)]; }; f`, Deny},
		{"S61b export a[$(…)]", D, rm, `export a[$(rm -rf build)]`, Deny},
		{"S61b readonly a[$(…)]", D, rm, `readonly a[$(rm -rf build)]`, Deny},
		{"S61b typeset a[`…`]", D, rm, "typeset a[`rm -rf build`]", Deny},
		{"S61b declare a[$(…)] dangerous", D, nil, `declare a[$(rm -rf build)]`, Ask},
		{"S61b declare a[$((…))]", D, nil, `declare a[$(( $(rm -rf build) ))]`, Ask},
		{"S61b neighbour: declare a[3]", D, nil, `declare a[3]`, Allow},
		{"S61b neighbour: declare a[$k]", D, nil, `declare a[$k]; local -a b`, Allow},
		{"S61b neighbour: declare a[$(date +%s)]", D, nil, `declare a[$(date +%s)]`, Allow},
	})
}

// TestCompatAndInputrcS61b: BASH_COMPAT=51 (or lower) brings back the
// second expansion of a subscript in (( a[$k] )) and $(( a[$k] )), so
// BASH_COMPAT=51; k='$(rm -rf build)'; (( a[$k] )) ran rm, allowed; and
// INPUTRC names the file of key bindings an interactive shell reads,
// whose macros type text it runs. Both now decide what code later runs,
// as BASH_ENV does.
func TestCompatAndInputrcS61b(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	k := `k='$(rm -rf build)'; `
	checkDecisions(t, []decisionRow{
		{"S61b BASH_COMPAT=51; (( a[$k] ))", D, nil, `BASH_COMPAT=51; ` + k + `(( a[$k] ))`, Ask},
		{"S61b export BASH_COMPAT=50", D, nil, `export BASH_COMPAT=50; ` + k + `echo $(( a[$k] ))`, Ask},
		{"S61b BASH_COMPAT=51 bash -c", D, nil, `BASH_COMPAT=5.1 bash -c 'k=$(cat f); (( a[$k] ))'`, Ask},
		{"S61b INPUTRC=f bash -i", D, nil, `INPUTRC=keys bash -i < cmds`, Ask},
		// Asked for since S64: bash before 5.2 (macOS's 3.2) runs it.
		{"S61b (( a[$k] )) as bash before 5.2 reads it", D, nil, k + `(( a[$k] ))`, Ask},
		{"S61b neighbour: k=1; (( a[$k] ))", D, nil, `k=1; (( a[$k] ))`, Allow},
	})
}
