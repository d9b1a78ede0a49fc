package permission

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestSubstitutedPathsS58: a command substitution in an argument was
// judged as a word only known at run time, with the substitution taken
// as empty: cat $(echo ~/.ssh/id_rsa) was allowed ("cat is not a known
// dangerous command") where cat ~/.ssh/id_rsa asks. A substitution that
// only echoes or printfs literal words is now judged as what it prints
// (rules and checks alike: Read(./secrets/**) denies cat $(echo
// secrets/x)); any other may print any word written in it, which the
// checks of protected paths try as the path (cat $(basename
// ~/.ssh/id_rsa), $(cat <<< ~/.ssh/id_rsa)). What a substitution lists
// from the project (cat $(git ls-files)) is read as before.
func TestSubstitutedPathsS58(t *testing.T) {
	t.Parallel()
	D, A, P := ModeDefault, ModeAcceptEdits, ModePlan
	secrets := []string{"deny:Read(./secrets/**)"}
	checkDecisions(t, []decisionRow{
		{"S58 cat $(echo ~/.ssh/id_rsa)", D, nil, `cat $(echo ~/.ssh/id_rsa)`, Ask},
		{"S58 cat $(printf %s ~/.ssh/id_rsa)", D, nil, `cat $(printf %s ~/.ssh/id_rsa)`, Ask},
		{"S58 cat `echo ~/.ssh/id_rsa`", D, nil, "cat `echo ~/.ssh/id_rsa`", Ask},
		{"S58 cat \"$(echo ~/.ssh/id_rsa)\"", A, nil, `cat "$(echo ~/.ssh/id_rsa)"`, Ask},
		{"S58 cat $(echo -n ~/.aws/credentials)", D, nil, `cat $(echo -n ~/.aws/credentials)`, Ask},
		{"S58 cat $(printf '%s/.ssh/id_rsa' ~)", D, nil, `cat $(printf '%s/.ssh/id_rsa' ~)`, Ask},
		{"S58 cat $(echo $HOME/.ssh/id_rsa)", D, nil, `cat $(echo $HOME/.ssh/id_rsa)`, Ask},
		{"S58 cat $(echo ~/.ssh/*)", D, nil, `cat $(echo ~/.ssh/*)`, Ask},
		{"S58 cat $(basename ~/.ssh/id_rsa)", D, nil, `cat $(basename ~/.ssh/id_rsa)`, Ask},
		{"S58 cat $(echo ~/.netrc | tr a a)", D, nil, `cat $(echo ~/.netrc | tr a a)`, Ask},
		{"S58 cat $(cat <<< ~/.ssh/id_rsa)", D, nil, `cat $(cat <<< ~/.ssh/id_rsa)`, Ask},
		{"S58 cat $(echo $(echo ~/.ssh/id_rsa))", D, nil, `cat $(echo $(echo ~/.ssh/id_rsa))`, Ask},
		{"S58 cat <(echo) $(echo ~/.config/gh/hosts.yml)", D, nil, `cat <(echo) $(echo ~/.config/gh/hosts.yml)`, Ask},
		{"S58 cp $(echo ~/.ssh/id_rsa) k", A, nil, `cp $(echo ~/.ssh/id_rsa) k`, Ask},
		{"S58 base64 $(echo /etc/shadow)", D, nil, `base64 $(echo /etc/shadow)`, Ask},
		{"S58 plan: cat $(echo ~/.docker/config.json)", P, nil, `cat $(echo ~/.docker/config.json)`, Ask},
		{"S58 tee $(echo ~/.bashrc)", A, nil, `echo x | tee -a $(echo ~/.bashrc)`, Ask},
		{"S58 rm -rf $(echo ~)", D, nil, `rm -rf $(echo ~)`, Deny},
		{"S58 deny Read(./secrets/**): cat $(echo secrets/x)", D, secrets, `cat $(echo secrets/x)`, Deny},
		{"S58 deny Read(./secrets/**): cat \"$(echo secrets)/x\"", D, secrets, `cat "$(echo secrets)/x"`, Deny},
		{"S58 deny Read(./secrets/**): head `printf secrets/x`", A, secrets, "head `printf secrets/x`", Deny},
		// Already asked: the substitution's own command reads the store.
		{"S58 neighbour: cat $(ls ~/.ssh/*)", D, nil, `cat $(ls ~/.ssh/*)`, Ask},
		{"S58 neighbour: cat $(find ~/.aws -name credentials)", D, nil, `cat $(find ~/.aws -name credentials)`, Ask},
		{"S58 neighbour: xargs cat <<< ~/.ssh/id_rsa", D, nil, `xargs cat <<< ~/.ssh/id_rsa`, Ask},
		{"S58 neighbour: echo ~/.ssh/id_rsa | xargs cat", D, nil, `echo ~/.ssh/id_rsa | xargs cat`, Ask},
		{"S58 neighbour: cat $(git ls-files)", D, nil, `cat $(git ls-files)`, Allow},
		{"S58 neighbour: echo $(date)", D, nil, `echo $(date)`, Allow},
		{"S58 neighbour: wc -l $(git ls-files '*.go')", P, nil, `wc -l $(git ls-files '*.go')`, Allow},
		{"S58 neighbour: cat $(echo README.md)", D, nil, `cat $(echo README.md)`, Allow},
		{"S58 neighbour: cat \"$(echo src)/main.go\"", P, nil, `cat "$(echo src)/main.go"`, Allow},
		{"S58 neighbour: echo $(echo ~/.ssh/id_rsa)", D, nil, `echo $(echo ~/.ssh/id_rsa)`, Allow},
		{"S58 neighbour: ls $(dirname src/main.go)", D, nil, `ls $(dirname src/main.go)`, Allow},
	})
}

// TestFoundNamesHandedOnS58: find -exec CMD {} + below the home asks
// (what it reads may be a credential store), but the same names handed
// to CMD by xargs, a substitution, tar -T - or a read loop passed: find
// ~ -name id_rsa | xargs cat was allowed. Only deletes (| xargs rm) were
// judged as the find's -delete. Any command handed a find's names is now
// judged as find … -exec CMD {} + too; the copy is not counted against
// plan mode, whose read-only test the written commands take.
func TestFoundNamesHandedOnS58(t *testing.T) {
	t.Parallel()
	D, A, P := ModeDefault, ModeAcceptEdits, ModePlan
	checkDecisions(t, []decisionRow{
		{"S58 find ~ -name id_rsa | xargs cat", D, nil, `find ~ -name id_rsa | xargs cat`, Ask},
		{"S58 plan: find ~ -name id_rsa | xargs cat", P, nil, `find ~ -name id_rsa | xargs cat`, Ask},
		{"S58 find / -name id_rsa | xargs cat", A, nil, `find / -name id_rsa | xargs cat`, Ask},
		{"S58 find ~ -print0 | xargs -0 cat", D, nil, `find ~ -name '*.pem' -print0 | xargs -0 cat`, Ask},
		{"S58 find ~ -type f | xargs grep key", D, nil, `find ~ -type f | xargs grep key`, Ask},
		{"S58 find ~ | xargs -I{} cat {}", D, nil, `find ~ | xargs -I{} cat {}`, Ask},
		{"S58 find ~ | while read f; do cat $f", D, nil, `find ~ | while read f; do cat "$f"; done`, Ask},
		{"S58 find ~ | tar -czf k.tgz -T -", A, nil, `find ~ -type f | tar -czf k.tgz -T -`, Ask},
		{"S58 find ~ | cpio -o", A, nil, `find ~ | cpio -o > x`, Ask},
		{"S58 cat $(find ~ -name id_rsa)", D, nil, `cat $(find ~ -name id_rsa)`, Ask},
		{"S58 neighbour: deny Read(./secrets/**): find . | xargs cat", D, []string{"deny:Read(./secrets/**)"}, `find . -type f | xargs cat`, Deny},
		{"S58 neighbour: find ~ -exec cat {} + asks", D, nil, `find ~ -name id_rsa -exec cat {} +`, Ask},
		{"S58 neighbour: find . | xargs cat", D, nil, `find . -type f | xargs cat`, Allow},
		{"S58 neighbour: plan: find . -name '*.go' | xargs grep foo", P, nil, `find . -name '*.go' | xargs grep foo`, Allow},
		{"S58 neighbour: plan: find . | xargs wc -l", P, nil, `find . -name '*.go' | xargs wc -l`, Allow},
		{"S58 neighbour: find /usr/include | xargs grep", D, nil, `find /usr/include -name '*.h' | xargs grep foo`, Allow},
		{"S58 neighbour: find . | while read f; do wc -l", D, nil, `find . -name '*.txt' | while read f; do wc -l "$f"; done`, Allow},
		{"S58 neighbour: find ~ | xargs rm is the find's -delete", D, nil, `find ~ -type f | xargs rm`, Deny},
		{"S58 neighbour: find ~ | wc -l", P, nil, `find ~ -name '*.go' | wc -l`, Allow},
	})
}

// TestSearchersReadTreesS58: grep -r and rg below the home asked (a
// credential store lies below), but ag, ack, ugrep -r and ripgrep-all
// had no table: ag --hidden key ~, ack key ~, ugrep -r key ~ read every
// key and token there, allowed as unknown programs. They now read whole
// trees as rg does (the working directory when given no path); their
// words are still read as an unknown program's (ag --pager CMD).
func TestSearchersReadTreesS58(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	secrets := []string{"deny:Read(./secrets/**)"}
	checkDecisions(t, []decisionRow{
		{"S58 ag --hidden key ~", D, nil, `ag --hidden key ~`, Ask},
		{"S58 ag -u -a '' ~", A, nil, `ag -u -a '' ~`, Ask},
		{"S58 ack key ~", D, nil, `ack key ~`, Ask},
		{"S58 ugrep -r key ~", D, nil, `ugrep -r key ~`, Ask},
		{"S58 ug -R key /", D, nil, `ug -R key /`, Ask},
		{"S58 rga key ~", D, nil, `rga key ~`, Ask},
		{"S58 ag key, secrets denied", D, secrets, `ag key`, Ask},
		{"S58 ack key, secrets denied", D, secrets, `ack key`, Ask},
		{"S58 ugrep -r key, secrets denied", D, secrets, `ugrep -r key`, Ask},
		{"S58 neighbour: ag --pager CMD still read as an unknown program's", D, nil, `ag --pager "rm -rf ~" x`, Ask},
		{"S58 neighbour: grep -r key ~", D, nil, `grep -r key ~`, Ask},
		{"S58 neighbour: ag key", D, nil, `ag key`, Allow},
		{"S58 neighbour: ack key src", A, nil, `ack key src`, Allow},
		{"S58 neighbour: ugrep key x.txt", D, nil, `ugrep key x.txt`, Allow},
		{"S58 neighbour: ag key /usr/include", D, nil, `ag key /usr/include`, Allow},
	})
}

// TestRuleOptionsAnyOrderS58: a deny rule naming options met only the
// spelling it was written in: with Bash(rm -rf:*) and Bash(git push
// --force:*) denied, rm -fr x, rm -r -f x and git push origin main
// --force passed bypassPermissions mode unasked. A deny or ask rule of
// literal words now meets its options in any order and clustering after
// its other words. What a program takes as a synonym (rm -R, git push
// -f) is not known to the rule.
func TestRuleOptionsAnyOrderS58(t *testing.T) {
	t.Parallel()
	Y, D := ModeBypassPermissions, ModeDefault
	rules := []string{"deny:Bash(rm -rf:*)", "deny:Bash(git push --force:*)", "ask:Bash(git commit --amend)"}
	checkDecisions(t, []decisionRow{
		{"S58 rm -fr x", Y, rules, `rm -fr x`, Deny},
		{"S58 rm -r -f x", Y, rules, `rm -r -f x`, Deny},
		{"S58 rm -rfv x", Y, rules, `rm -rfv x`, Deny},
		{"S58 rm x -rf", Y, rules, `rm x -rf`, Deny},
		{"S58 sudo rm -f -r x", Y, rules, `sudo rm -f -r x`, Deny},
		{"S58 git push origin main --force", Y, rules, `git push origin main --force`, Deny},
		{"S58 git -C . push origin --force", Y, rules, `git -C . push origin --force`, Deny},
		{"S58 ask rule: git commit --no-edit --amend", Y, rules, `git commit --no-edit --amend`, Ask},
		{"S58 neighbour: rm -rf x", Y, rules, `rm -rf x`, Deny},
		{"S58 neighbour: rm -r x", Y, rules, `rm -r x`, Allow},
		{"S58 neighbour: rm -f x", Y, rules, `rm -f x`, Allow},
		{"S58 neighbour: rm -- -rf", Y, rules, `rm -- -rf`, Allow},
		// S59: --force-with-lease is now a synonym of --force (TestRuleSynonymsS59).
		{"S58 git push --force-with-lease", Y, rules, `git push --force-with-lease`, Deny},
		{"S58 neighbour: git pull --force", Y, rules, `git pull --force`, Allow},
		{"S58 neighbour: git push origin main", D, rules, `git push origin main`, Ask},
		{"S58 neighbour: an allow rule is not widened", D, []string{"allow:Bash(rm -rf build:*)"}, `rm -fr build`, Ask},
	})
}

// TestMoreAgentsAndProfilesS58: .claude/, .codex/, .cursor/ and .mcp.json
// were protected, but Gemini CLI's .gemini/settings.json, Zed's
// .zed/tasks.json, opencode.json and .aider.conf.yml, which start servers
// or run commands the next time that agent or editor opens the project,
// were written unasked in acceptEdits. Reads of macOS's keychains and of
// browser profiles beyond Firefox, Chrome, Chromium and Brave (snap and
// Flatpak packages, Edge, Vivaldi, Thunderbird, Safari) passed.
func TestMoreAgentsAndProfilesS58(t *testing.T) {
	t.Parallel()
	A, Y, D := ModeAcceptEdits, ModeBypassPermissions, ModeDefault
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	r := func(p string) Call { return Call{Tool: "Read", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"S58 Write .gemini/settings.json", A, nil, w(".gemini/settings.json"), Ask},
		{"S58 Write .gemini/extensions/x/gemini-extension.json", Y, nil, w(".gemini/extensions/x/gemini-extension.json"), Ask},
		{"S58 Write .zed/tasks.json", A, nil, w(".zed/tasks.json"), Ask},
		{"S58 Write .amazonq/mcp.json", A, nil, w(".amazonq/mcp.json"), Ask},
		{"S58 Write .roo/mcp.json", A, nil, w(".roo/mcp.json"), Ask},
		{"S58 Write .kiro/settings/mcp.json", A, nil, w(".kiro/settings/mcp.json"), Ask},
		{"S58 Write .continue/mcpServers/x.yaml", A, nil, w(".continue/mcpServers/x.yaml"), Ask},
		{"S58 Write opencode.json", A, nil, w("opencode.json"), Ask},
		{"S58 Write .aider.conf.yml", A, nil, w(".aider.conf.yml"), Ask},
		// The names the namespace layer protects too (rt13's).
		{"S58 Write .opencode/x", A, nil, w(".opencode/agent/x.md"), Ask},
		{"S58 Write .qwen/settings.json", A, nil, w(".qwen/settings.json"), Ask},
		{"S58 Write .kilocode/mcp.json", A, nil, w(".kilocode/mcp.json"), Ask},
		{"S58 Write .kilo/x", A, nil, w(".kilo/x"), Ask},
		{"S58 Write kilo.json", A, nil, w("kilo.json"), Ask},
		{"S58 Write kilo.jsonc", A, nil, w("kilo.jsonc"), Ask},
		{"S58 Write crush.json", A, nil, w("crush.json"), Ask},
		{"S58 Write .crush.json", A, nil, w(".crush.json"), Ask},
		{"S58 Write .helix/languages.toml", A, nil, w(".helix/languages.toml"), Ask},
		{"S58 neighbour: Write docs/crush.md", A, nil, w("docs/crush.md"), Allow},
		{"S58 Bash echo > .gemini/settings.json", A, nil, bash("echo '{}' > .gemini/settings.json"), Ask},
		{"S58 Read ~/Library/Keychains/login.keychain-db", D, nil, r("~/Library/Keychains/login.keychain-db"), Ask},
		{"S58 Read Chrome's macOS profile", D, nil, r("~/Library/Application Support/Google/Chrome/Default/Login Data"), Ask},
		{"S58 Read snap chromium cookies", D, nil, r("~/snap/chromium/common/chromium/Default/Cookies"), Ask},
		{"S58 Read Flatpak Firefox logins", D, nil, r("~/.var/app/org.mozilla.firefox/.mozilla/firefox/x/logins.json"), Ask},
		{"S58 Read Edge cookies", D, nil, r("~/.config/microsoft-edge/Default/Cookies"), Ask},
		{"S58 Read Thunderbird logins", D, nil, r("~/.thunderbird/x/logins.json"), Ask},
		{"S58 cat ~/.config/vivaldi/Default/Login Data", D, nil, bash("cat ~/.config/vivaldi/Default/'Login Data'"), Ask},
		{"S58 neighbour: Read .gemini/settings.json", D, nil, r(".gemini/settings.json"), Allow},
		{"S58 neighbour: Write GEMINI.md", A, nil, w("GEMINI.md"), Allow},
		{"S58 neighbour: Write docs/opencode.md", A, nil, w("docs/opencode.md"), Allow},
		{"S58 neighbour: Read ~/snap/other/x", D, nil, r("~/snap/other/x"), Allow},
		{"S58 neighbour: Read ~/Library/Caches/x", D, nil, r("~/Library/Caches/x"), Allow},
	})
}

// TestSecretPrintersS58: gh auth token, vault read and aws
// secretsmanager get-secret-value asked, as they print a secret kept
// outside the project; the same from other stores passed: password
// managers' command lines (gopass show, bw get, lpass show, rbw get),
// Parameter Store, Kubernetes secrets, fly auth token, aws-vault export,
// infisical and chamber; and new cloud keys made for the user (aws iam
// create-access-key) as vault token create and npm token create ask.
func TestSecretPrintersS58(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	rows := []decisionRow{}
	for _, c := range []string{
		"gopass show work/db", "bw get password github", "bw export --format json", "bw unlock", "lpass show x",
		"rbw get github", "aws ssm get-parameter --name /prod/db --with-decryption",
		"aws ssm get-parameters-by-path --path / --recursive --with-decryption", "kubectl get secret db -o yaml",
		"kubectl -n prod get secrets -o json", "fly auth token", "flyctl auth token", "aws-vault export prod",
		"infisical secrets", "infisical export", "chamber read app key", "aws iam create-access-key",
		"gcloud iam service-accounts keys create k.json --iam-account x", "az ad sp credential reset --id x",
	} {
		rows = append(rows, decisionRow{"S58 " + c, D, nil, c, Ask})
	}
	rows = append(rows,
		decisionRow{"S58 neighbour: gh auth token", D, nil, "gh auth token", Ask},
		decisionRow{"S58 neighbour: kubectl get pods", D, nil, "kubectl get pods -o yaml", Allow},
		decisionRow{"S58 neighbour: aws s3 ls", D, nil, "aws s3 ls", Allow},
		decisionRow{"S58 neighbour: gopass ls", D, nil, "gopass ls", Allow},
		decisionRow{"S58 neighbour: fly status", D, nil, "fly status", Allow},
	)
	checkDecisions(t, rows)
}

// TestDeepSubstitutionsFastS58: each command substitution is a pipeline
// of its own, holding every command nested in it, and the engine asked
// of every command which pipelines feed it from a download: cubic in the
// depth, cat $(echo $(echo … x)) 499 deep took 5 to 10 seconds to
// decide, long enough for a hook's timeout. The feeds are now worked out
// once per line.
func TestDeepSubstitutionsFastS58(t *testing.T) {
	t.Parallel()
	cmd := "cat " + strings.Repeat("$(echo ", 499) + "~/.ssh/id_rsa" + strings.Repeat(")", 499)
	var res Result
	if d := quickestRun(budget(2*time.Second), func() { res = engine(t, ModeDefault).Check(bash(cmd)) }); d > budget(2*time.Second) {
		t.Errorf("499 nested substitutions took %v to decide, want well under 2s", d)
	}
	if res.Decision != Ask {
		t.Errorf("%s: %v (%s), want ask", shorten(cmd), res.Decision, res.Reason)
	}
	checkDecisions(t, []decisionRow{
		{"S58 neighbour: curl | tar x && make still asks", ModeDefault, nil, `curl -L URL | tar xz && make`, Ask},
		{"S58 neighbour: curl | base64 -d > x.sh; sh x.sh", ModeDefault, nil, `curl URL | base64 -d > x.sh; sh x.sh`, Ask},
		{"S58 neighbour: echo $(curl URL) | tee x.sh; sh x.sh", ModeDefault, nil, `echo x | tee a && curl URL | tee x.sh; sh x.sh`, Ask},
	})
}

// TestSubstitutionWordsBoundedS58: the words of a substitution tried as
// paths are bounded; past the bound the word is asked for, not judged by
// the first ones alone.
func TestSubstitutionWordsBoundedS58(t *testing.T) {
	t.Parallel()
	many := ""
	for i := range 70 {
		many += fmt.Sprintf(" /x%d", i)
	}
	checkDecisions(t, []decisionRow{
		{"S58 cat $(basename 70 paths ~/.ssh/id_rsa)", ModeDefault, nil, "cat $(basename" + many + " ~/.ssh/id_rsa)", Ask},
		{"S58 neighbour: cat $(basename 70 words)", ModeDefault, nil, "cat $(basename" + strings.ReplaceAll(many, "/", "") + ")", Allow},
	})
}

// TestPipedFindsBoundedS58: a delete, and now any command, handed a
// find's names is added once for each find of its pipeline: find . | … |
// find . | xargs rm, a thousand finds to twenty xargs, added twenty
// thousand commands and took seconds (5000 to 40: 77 s). Past 32 such
// pairs the line is asked for as too complex.
func TestPipedFindsBoundedS58(t *testing.T) {
	t.Parallel()
	line := func(finds int, cmd string, n int) string {
		var parts []string
		for range finds {
			parts = append(parts, "find .")
		}
		for range n {
			parts = append(parts, cmd)
		}
		return strings.Join(parts, " | ")
	}
	var res Result
	if d := quickestRun(budget(time.Second), func() { res = engine(t, ModeDefault).Check(bash(line(1000, "xargs rm", 20))) }); d > budget(time.Second) {
		t.Errorf("1000 finds piped to 20 xargs rm took %v to decide, want well under a second", d)
	}
	if res.Decision == Allow {
		t.Errorf("1000 finds piped to 20 xargs rm: allowed (%s)", res.Reason)
	}
	checkDecisions(t, []decisionRow{
		{"S58 50 finds | xargs cat | xargs cat", ModeDefault, nil, line(50, "xargs cat", 2), Ask},
		{"S58 neighbour: find . | xargs cat | xargs grep x", ModeDefault, nil, `find . -name '*.go' | xargs cat | xargs grep x`, Allow},
	})
}

// TestPipedPrintersBoundedS58: xargs fed by an echo runs its command
// with each word printed, once for each echo of its pipeline: echo … |
// … | echo … | xargs cat, a thousand echoes of eight words to forty
// xargs, added 320,000 commands and took 25 s to decide. Past 32 such
// pairs the line is asked for as too complex.
func TestPipedPrintersBoundedS58(t *testing.T) {
	t.Parallel()
	var parts []string
	for range 200 {
		parts = append(parts, "echo a b c d e f g h")
	}
	for range 10 {
		parts = append(parts, "xargs cat")
	}
	var res Result
	if d := quickestRun(budget(2*time.Second), func() { res = engine(t, ModeDefault).Check(bash(strings.Join(parts, " | "))) }); d > budget(2*time.Second) {
		t.Errorf("200 echoes piped to 10 xargs took %v to decide, want well under 2s", d)
	}
	if res.Decision != Ask {
		t.Errorf("200 echoes piped to 10 xargs: %v (%s), want ask", res.Decision, res.Reason)
	}
	checkDecisions(t, []decisionRow{
		{"S58 neighbour: echo ~/.ssh/id_rsa | xargs cat", ModeDefault, nil, `echo ~/.ssh/id_rsa | xargs cat`, Ask},
		{"S58 neighbour: printf '%s\\n' a b | xargs wc -l", ModeDefault, nil, `printf '%s\n' a.txt b.txt | xargs wc -l`, Allow},
	})
}

// TestManyLinksAndClonesFastS58: what each command touches was worked
// out again for every link made on the line and every tree a clone or
// an extraction filled: quadratic, 3000 ln -s took 271 s to decide from
// the command line, 2000 git clones 90 s. It is now worked out once per
// command there.
func TestManyLinksAndClonesFastS58(t *testing.T) {
	t.Parallel()
	var links, clones []string
	for i := range 1500 {
		links = append(links, fmt.Sprintf("ln -s /x%d y%d", i, i))
		clones = append(clones, fmt.Sprintf("git clone u d%d", i))
	}
	for _, tt := range []struct {
		name, cmd string
		want      Decision
	}{
		{"1500 ln -s, then a write through one", strings.Join(links, "; ") + "; echo x > y1/z", Ask},
		{"1500 git clone, then make in one", strings.Join(clones, " && ") + " && make -C d1", Ask},
	} {
		var res Result
		if d := quickestRun(budget(time.Second), func() { res = engine(t, ModeDefault).Check(bash(tt.cmd)) }); d > budget(time.Second) {
			t.Errorf("%s took %v to decide, want well under a second", tt.name, d)
		}
		if res.Decision != tt.want {
			t.Errorf("%s: %v (%s), want %v", tt.name, res.Decision, res.Reason, tt.want)
		}
	}
}

// quickestRun times f, and again up to twice while it took longer than limit
// but not ten times as long, and returns the shortest time: a check that
// has gone quadratic takes minutes every time, where one slowed by the
// other tests and packages running beside it on a loaded machine (load
// averages of 13 to 18 with two cores) is not slow every time. The time
// is the processor time of the thread f runs on (the engine's check
// starts no goroutine), so that the tests beside it, which took the
// cores a timed check waited for, count for nothing: wall-clock time
// failed bounds by a few percent in whole runs of the package.
func quickestRun(limit time.Duration, f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var best time.Duration
	for i := range 3 {
		start := threadTime()
		f()
		d := threadTime() - start
		if i == 0 || d < best {
			best = d
		}
		if best <= limit || d > 10*limit {
			break
		}
	}
	return best
}

// threadTime is the processor time the calling thread has used.
func threadTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}
