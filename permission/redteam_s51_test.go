package permission

import "testing"

// TestRedTeamDecisionsS51 is TestRedTeamDecisions for what the S51 red
// team found allowed: a write through a link made earlier on the same
// line to a place outside the root (ln -s /etc/x l && echo hi > l);
// history -a and -w, which write $HISTFILE; duckdb's SQL that writes or
// loads files (COPY … TO, ATTACH, INSTALL, LOAD, EXPORT DATABASE, a URL)
// and its shell's dot-commands, as sqlite3's are read; and the runners
// of languages the inline-code reader does not read, given code on their
// command line (racket -e, julia -e, erl -eval, crystal eval) or fed it
// on their input (echo … | racket, jshell < f); make install told to
// install outside (PREFIX=/x, DESTDIR=/x); and what "free disk space"
// runs: caches and stores emptied outside the project (go clean -modcache,
// npm cache clean, docker system prune); links cp -s and cp -l make; and
// more runners, and getopt's bundled options (julia -qe). testEnv: project /home/u/proj,
// home /home/u.
func TestRedTeamDecisionsS51(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		{"S51 A echo through a link made to outside", D, nil, `ln -s /etc/x l && echo hi > l`, Ask},
		{"S51 A append through a link made to outside", A, nil, `ln -s /tmp/x l; echo hi >> l`, Ask},
		{"S51 A cp onto a link made to outside", D, nil, `ln -sf /tmp/x in && cp f in`, Ask},
		{"S51 A tar -C into a link made to outside", A, nil, `mkdir d; ln -s /tmp d/x; tar -xf a.tar -C d/x`, Ask},
		{"S51 A touch below a link made to outside", D, nil, `ln -s /tmp t && touch t/x`, Ask},
		{"S51 A cd into a link made to outside", A, nil, `ln -s /tmp t && cd t && touch x`, Ask},
		{"S51 A subshell cd into a link made to outside", D, nil, `ln -s /tmp t && (cd t; touch y)`, Ask},
		{"S51 A make -C in a link made to outside", A, nil, `ln -s /tmp t && make -C t`, Ask},
		{"S51 A ln -t DIR then a write below", D, nil, `ln -s /tmp -t d && touch d/tmp/x`, Ask},
		{"S51 A hard link to outside then a write", A, nil, `ln /tmp/x hard && echo hi > hard`, Ask},
		{"S51 A link to a target only known at run time", D, nil, `ln -s "$X" l && echo hi > l`, Ask},
		{"S51 A relative target climbing out", A, nil, `ln -s ../other lib && echo hi > lib/x`, Ask},
		{"S51 A neighbour: links made and read, writes elsewhere", D, nil, `ln -s /tmp t && ls t && cat t/x && echo hi > u && ln -sf ../x.h include/x.h && make && ln -s src lib && echo hi > lib/x`, Allow},
		{"S51 A neighbour: a venv's python linked, then run", A, nil, `ln -s /usr/bin/python3 .venv/bin/python && .venv/bin/python -m pip install x`, Allow},
		{"S51 B history -a", D, nil, `history -a`, Ask},
		{"S51 B history -w", A, nil, `history -w`, Ask},
		{"S51 B history -aw then ls", D, nil, `history -aw && ls`, Ask},
		{"S51 B neighbour: history read, cleared or written in the project", D, nil, `history && history 10 && history -c && history -r && history -w h.txt && fc -l`, Allow},
		{"S51 C duckdb -c COPY TO outside", D, nil, `duckdb -c "COPY t TO '/tmp/x.csv'"`, Ask},
		{"S51 C duckdb db -c COPY TO outside", A, nil, `duckdb x.db -c "COPY t TO '/tmp/x.csv'"`, Ask},
		{"S51 C duckdb INSTALL", D, nil, `duckdb x.db -c "INSTALL httpfs"`, Ask},
		{"S51 C duckdb LOAD", A, nil, `duckdb x.db -c "LOAD '/tmp/x.ext'"`, Ask},
		{"S51 C duckdb ATTACH as an operand", D, nil, `duckdb x.db "ATTACH '/tmp/x.db' AS x"`, Ask},
		{"S51 C duckdb -s EXPORT DATABASE", A, nil, `duckdb -s "EXPORT DATABASE '/tmp/d'"`, Ask},
		{"S51 C duckdb a URL", D, nil, `duckdb x.db -c "select * from 'https://example.com/x.csv'"`, Ask},
		{"S51 C duckdb .output outside", A, nil, `duckdb x.db -c ".output /tmp/x"`, Ask},
		{"S51 C duckdb .shell", D, nil, `duckdb x.db -c ".shell touch /tmp/x"`, Ask},
		{"S51 C echo .shell | duckdb", A, nil, `echo ".shell touch /tmp/x" | duckdb x.db`, Ask},
		{"S51 C echo COPY | duckdb", D, nil, `echo "COPY t TO '/tmp/x.csv'" | duckdb`, Ask},
		{"S51 C duckdb here-string COPY", A, nil, `duckdb x.db <<< "COPY t TO '/tmp/x.csv'"`, Ask},
		{"S51 C neighbour: duckdb queries in the project", D, nil, `duckdb x.db -c "select 1" && duckdb -c "select * from read_csv('data.csv')" && duckdb x.db "select count(*) from t" && duckdb -readonly /tmp/x.db -c "select 1" && duckdb x.db -c ".output out.txt" && duckdb -c 'SELECT 42'`, Allow},
		{"S51 D racket -e", D, nil, `racket -e '(delete-file "/tmp/x")'`, Ask},
		{"S51 D csi -e", A, nil, `csi -e '(delete-file "/tmp/x")'`, Ask},
		{"S51 D gosh -e", D, nil, `gosh -e '(sys-unlink "/tmp/x")'`, Ask},
		{"S51 D janet -e", A, nil, `janet -e '(os/rm "/tmp/x")'`, Ask},
		{"S51 D ecl -eval", D, nil, `ecl -eval '(delete-file "/tmp/x")'`, Ask},
		{"S51 D clojure -e", A, nil, `clojure -e '(spit "/tmp/x" 1)'`, Ask},
		{"S51 D clj -M -e", D, nil, `clj -M -e '(spit "/tmp/x" 1)'`, Ask},
		{"S51 D scala -e", A, nil, `scala -e 'new java.io.File("/tmp/x").delete'`, Ask},
		{"S51 D kotlin -e", D, nil, `kotlin -e 'java.io.File("/tmp/x").delete()'`, Ask},
		{"S51 D groovy -e", A, nil, `groovy -e 'new File("/tmp/x").delete()'`, Ask},
		{"S51 D julia -e", D, nil, `julia -e 'rm("/tmp/x")'`, Ask},
		{"S51 D julia --eval=", A, nil, `julia --eval='rm("/tmp/x")'`, Ask},
		{"S51 D elixir -e", D, nil, `elixir -e 'File.rm("/tmp/x")'`, Ask},
		{"S51 D iex -e", A, nil, `iex -e 'File.rm("/tmp/x")'`, Ask},
		{"S51 D erl -eval", D, nil, `erl -noshell -eval 'file:delete("/tmp/x")' -s init stop`, Ask},
		{"S51 D ocaml -e", A, nil, `ocaml -e 'Sys.remove "/tmp/x"'`, Ask},
		{"S51 D crystal eval", D, nil, `crystal eval 'File.delete("/tmp/x")'`, Ask},
		{"S51 D nim --eval:", A, nil, `nim --eval:'removeFile("/tmp/x")'`, Ask},
		{"S51 D v -e", D, nil, `v -e 'os.rm("/tmp/x")'`, Ask},
		{"S51 D dotnet script eval", A, nil, `dotnet script eval 'System.IO.File.Delete("/tmp/x")'`, Ask},
		{"S51 D ghc -e", D, nil, `ghc -e 'System.Directory.removeFile "/tmp/x"'`, Ask},
		{"S51 D echo | racket", A, nil, `echo '(delete-file "/tmp/x")' | racket`, Ask},
		{"S51 D echo | janet", D, nil, `echo '(os/rm "/tmp/x")' | janet`, Ask},
		{"S51 D echo | julia", A, nil, `echo 'rm("/tmp/x")' | julia`, Ask},
		{"S51 D echo | clojure", D, nil, `echo '(spit "/tmp/x" 1)' | clojure`, Ask},
		{"S51 D echo | iex", A, nil, `echo 'File.rm("/tmp/x")' | iex`, Ask},
		{"S51 D echo | ocaml", D, nil, `echo 'Sys.remove "/tmp/x";;' | ocaml`, Ask},
		{"S51 D echo | crystal eval", A, nil, `echo 'File.delete("/tmp/x")' | crystal eval`, Ask},
		{"S51 D echo | dotnet script", D, nil, `echo 'System.IO.File.Delete("/tmp/x");' | dotnet script`, Ask},
		{"S51 D echo | jshell", A, nil, `echo 'new java.io.File("/tmp/x").delete()' | jshell`, Ask},
		{"S51 D jshell -", D, nil, `jshell - < x.jsh`, Ask},
		{"S51 D racket here-string", A, nil, `racket <<< '(delete-file "/tmp/x")'`, Ask},
		{"S51 D echo | ghci", D, nil, `echo 'System.Directory.removeFile "/tmp/x"' | ghci`, Ask},
		{"S51 D julia - here-string", A, nil, `julia - <<< 'rm("/tmp/x")'`, Ask},
		{"S51 D neighbour: scripts of theirs in the project", D, nil, `racket x.rkt && csi -s x.scm && gosh x.scm && janet x.janet && clojure -M -m app.core && clj -X:test && scala x.scala && kotlinc x.kt -d out && kotlin -script x.kts && groovy x.groovy && julia --project=. x.jl && elixir x.exs && iex -S mix < /dev/null && erl -noshell -s init stop && ocaml x.ml && crystal run x.cr && crystal build x.cr && nim c x.nim && v run x.v && zig run x.zig && dotnet build && dotnet test && dotnet script x.csx && jshell x.jsh && ghc x.hs && swift build && swift test`, Allow},
		{"S51 D neighbour: scripts of theirs in the project, acceptEdits", A, nil, `julia x.jl | tee log && racket --version && crystal eval < /dev/null && ghci x.hs < /dev/null && scala -version`, Allow},
		{"S51 E make install PREFIX= outside", D, nil, `make install PREFIX=/tmp/x`, Ask},
		{"S51 E make PREFIX= install outside", A, nil, `make PREFIX=/tmp/x install`, Ask},
		{"S51 E make DESTDIR= install outside", D, nil, `make DESTDIR=/tmp/x install`, Ask},
		{"S51 E DESTDIR set for make install", A, nil, `DESTDIR=/tmp/x make install`, Ask},
		{"S51 E make -C install prefix= in the home", D, nil, `make -C build install prefix=/home/u/.local`, Ask},
		{"S51 E make install-strip BINDIR=~/bin", A, nil, `make install-strip BINDIR=~/bin`, Ask},
		{"S51 E neighbour: make install staged in the project", D, nil, `make install DESTDIR=$PWD/pkg && make install DESTDIR=pkg PREFIX=/usr && make PREFIX=/tmp/x && make install PREFIX=/tmp/x DESTDIR=./stage`, Allow},
		{"S51 F go clean -modcache", D, nil, `go clean -modcache`, Ask},
		{"S51 F go clean -cache", A, nil, `go clean -cache`, Ask},
		{"S51 F npm cache clean", D, nil, `npm cache clean --force`, Ask},
		{"S51 F yarn cache clean", A, nil, `yarn cache clean`, Ask},
		{"S51 F pnpm store prune", D, nil, `pnpm store prune`, Ask},
		{"S51 F pip cache purge", A, nil, `pip cache purge`, Ask},
		{"S51 F conda clean", D, nil, `conda clean --all`, Ask},
		{"S51 F brew cleanup", A, nil, `brew cleanup`, Ask},
		{"S51 F gem cleanup", D, nil, `gem cleanup`, Ask},
		{"S51 F docker system prune", A, nil, `docker system prune -af`, Ask},
		{"S51 F docker volume prune", D, nil, `docker volume prune -f`, Ask},
		{"S51 F podman image prune", A, nil, `podman image prune -a`, Ask},
		{"S51 F docker volume rm", D, nil, `docker volume rm data`, Ask},
		{"S51 F neighbour: caches listed, the project cleaned", D, nil, `go clean && go clean -testcache && go build ./... && npm cache ls && npm ci && yarn install && pnpm store path && pip cache dir && pip cache list && docker ps && docker image ls && docker volume ls && docker build . && docker rm -f x && conda list && brew list`, Allow},
		{"S51 F neighbour: the project cleaned, acceptEdits", A, nil, `go clean -i ./... && cargo clean && npm cache verify`, Allow},
		{"S51 G cp -s to outside then a write", D, nil, `cp -s /tmp/x l && echo hi > l`, Ask},
		{"S51 G cp -sf to outside then a write", A, nil, `cp -sf /etc/x l; echo hi > l`, Ask},
		{"S51 G cp -l to outside then a write", D, nil, `cp -l /tmp/x h && echo hi > h`, Ask},
		{"S51 G neighbour: cp -s in the project, cp -a", D, nil, `cp -s src/x l && echo hi > l && cp -a a b && echo hi > b`, Allow},
	}
	checkDecisions(t, tests)
}
