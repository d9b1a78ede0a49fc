package permission

import "testing"

// TestNamesThroughFileS61: stop 60 handed a lister's names written to a
// file to the commands that read them back (locate id_rsa > l; xargs cat
// < l), but not when the file was read by bash's $(< l), by mapfile or
// readarray into an array, by parallel's :::: FILE, by a for loop over
// its cat, after a filter (find ~ | sort > l, find ~ | tee l), or when
// the names went into a variable instead (a=$(find ~ …); cat $a) or a
// read loop's input was a process substitution (while read f; do cat
// "$f"; done < <(locate id_rsa)): every key the index names was read,
// allowed. These are now handed on as a pipe would hand them; the same
// shapes over the project's own files (git ls-files) stay allowed.
func TestNamesThroughFileS61(t *testing.T) {
	t.Parallel()
	D, P := ModeDefault, ModePlan
	checkDecisions(t, []decisionRow{
		{"S61 cat $(<l)", D, nil, "find ~ -name '*.pem' > l; cat $(<l)", Ask},
		{"S61 cat \"$(< l)\"", D, nil, "find ~ -name '*.pem' > l; cat \"$(< l)\"", Ask},
		{"S61 cat $(cat < l)", D, nil, "find ~ -name '*.pem' > l; cat $(cat < l)", Ask},
		{"S61 sort l | xargs cat", D, nil, "find ~ -name '*.pem' > l; sort l | xargs cat", Ask},
		{"S61 head -n 5 l | xargs cat", D, nil, "find ~ -name '*.pem' > l; head -n 5 l | xargs cat", Ask},
		{"S61 mapfile -t a < l", D, nil, `find ~ -name '*.pem' > l; mapfile -t a < l; cat "${a[@]}"`, Ask},
		{"S61 readarray -t a < l", D, nil, `find ~ -name '*.pem' > l; readarray -t a < l; cat "${a[@]}"`, Ask},
		{"S61 mapfile into MAPFILE", D, nil, `find ~ -name '*.pem' > l; mapfile -t < l; cat "${MAPFILE[@]}"`, Ask},
		{"S61 mapfile, a for loop over the array", D, nil, `find ~ -name '*.pem' > l; mapfile -t a < l; for f in "${a[@]}"; do cat "$f"; done`, Ask},
		{"S61 read -r f < l", D, nil, `find ~ -name '*.pem' > l; read -r f < l; cat "$f"`, Ask},
		{"S61 parallel cat :::: l", D, nil, `locate id_rsa > l; parallel cat :::: l`, Ask},
		{"S61 for f in $(cat l)", D, nil, `find ~ -name '*.pem' > l; for f in $(cat l); do cat "$f"; done`, Ask},
		{"S61 for f in $(<l)", D, nil, `find ~ -name '*.pem' > l; for f in $(<l); do cat "$f"; done`, Ask},
		{"S61 a=$(<l); cat $a", D, nil, `find ~ -name '*.pem' > l; a=$(<l); cat $a`, Ask},
		{"S61 a=($(cat l))", D, nil, `find ~ -name '*.pem' > l; a=($(cat l)); cat "${a[@]}"`, Ask},
		{"S61 a=$(find ~); cat $a", D, nil, `a=$(find ~ -name '*.pem'); cat $a`, Ask},
		{"S61 local a=$(find ~)", D, nil, `f() { local a=$(find ~ -name '*.pem'); cat $a; }; f`, Ask},
		{"S61 mapfile < <(find ~)", D, nil, `mapfile -t a < <(find ~ -name '*.pem'); cat "${a[@]}"`, Ask},
		{"S61 while read < <(locate)", D, nil, `while read f; do cat "$f"; done < <(locate id_rsa)`, Ask},
		{"S61 find | tee l; xargs cat < l", D, nil, `find ~ -name '*.pem' | tee l > /dev/null; xargs cat < l`, Ask},
		{"S61 find | sort > l; xargs cat < l", D, nil, `find ~ -name '*.pem' | sort > l; xargs cat < l`, Ask},
		{"S61 plan: mapfile -t a < l", P, nil, `find ~ -name '*.pem' > l; mapfile -t a < l; cat "${a[@]}"`, Deny},
		{"S61 already: locate > l NL xargs cat < l", D, nil, "locate id_rsa > l\nxargs cat < l", Ask},
		{"S61 already: locate > l && xargs cat < l", D, nil, "locate id_rsa > l && xargs cat < l", Ask},
		{"S61 already: xargs --arg-file=l", D, nil, `locate id_rsa > l; xargs --arg-file=l cat`, Ask},
		{"S61 already: cat -- $(cat l)", D, nil, `find ~ -name '*.pem' > l; cat -- $(cat l)`, Ask},
		{"S61 already: xargs cat < <(locate)", D, nil, `xargs cat < <(locate id_rsa)`, Ask},
		{"S61 already: xargs cat <<< $(locate)", D, nil, `xargs cat <<< "$(locate id_rsa)"`, Ask},
		{"S61 already: cat `cat l`", D, nil, "find ~ -name '*.pem' > l; cat `cat l`", Ask},
		{"S61 neighbour: git ls-files > l; xargs wc -l < l", D, nil, `git ls-files > l; xargs wc -l < l`, Allow},
		{"S61 neighbour: git ls-files > l NL xargs wc -l < l", D, nil, "git ls-files > l\nxargs wc -l < l", Allow},
		{"S61 neighbour: git ls-files > l; mapfile", D, nil, `git ls-files > l; mapfile -t a < l; wc -l "${a[@]}"`, Allow},
		{"S61 neighbour: git ls-files > l; wc -l $(<l)", D, nil, `git ls-files > l; wc -l $(<l)`, Allow},
		{"S61 neighbour: git ls-files > l; parallel :::: l", D, nil, `git ls-files > l; parallel wc -l :::: l`, Allow},
		{"S61 neighbour: git ls-files | sort > l", D, nil, `git ls-files | sort > l; xargs wc -l < l`, Allow},
		{"S61 neighbour: files=$(git ls-files)", D, nil, `files=$(git ls-files); wc -l $files`, Allow},
		{"S61 neighbour: files=$(find . -name '*.go')", D, nil, `files=$(find . -name '*.go'); gofmt -l $files`, Allow},
		{"S61 neighbour: n=$(find ~ | wc -l)", D, nil, `n=$(find ~ -name x | wc -l); echo $n`, Allow},
		{"S61 neighbour: while read < <(git ls-files)", D, nil, `while read f; do wc -l "$f"; done < <(git ls-files)`, Allow},
		{"S61 neighbour: mapfile < <(git ls-files)", D, nil, `mapfile -t a < <(git ls-files); wc -l "${a[@]}"`, Allow},
		{"S61 neighbour: read -a from a file no lister wrote", D, nil, `read -a arr < l; cat "${arr[@]}"`, Allow},
		{"S61 neighbour: locate x > l; sort l", D, nil, `locate x > l; sort l | head`, Allow},
		{"S61 neighbour: mapfile, the array only counted", D, nil, `find ~ -name '*.pem' > l; mapfile -t a < l; echo ${#a[@]}`, Allow},
	})
}
