package permission

import (
	"reflect"
	"testing"
)

// allReadOnly reports whether every command of src is read-only.
func allReadOnly(src string) bool {
	a := AnalyzeShell(src)
	for _, c := range a.Commands {
		if !IsReadOnly(c) {
			return false
		}
	}
	return len(a.Commands) > 0
}

func TestIsReadOnly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want bool
	}{
		{"ls -la", true},
		{"cat a b", true},
		{"head -n 5 x", true},
		{"tail -f log", true},
		{"wc -l x", true},
		{"grep -rn foo .", true},
		{"egrep 'a|b' x", true},
		{"fgrep a x", true},
		{"rg -n foo src", true},
		{"find . -name '*.go' -print", true},
		{"pwd", true},
		{"echo hi", true},
		{"printf '%s\\n' x", true},
		{"which go", true},
		{"type ls", true},
		{"whereis ls", true},
		{"stat x", true},
		{"file x", true},
		{"du -sh .", true},
		{"df -h", true},
		{"diff -u a b", true},
		{"cmp a b", true},
		{"sort -u x", true},
		{"uniq -c x", true},
		{"cut -d: -f1 /etc/passwd", true},
		{"tr a-z A-Z", true},
		{"basename a/b", true},
		{"dirname a/b", true},
		{"realpath x", true},
		{"readlink -f x", true},
		{"tree -L 2", true},
		{"less x", true},
		{"more x", true},
		{"true", true},
		{"false", true},
		{"test -f x", true},
		{"[ -f x ]", true},
		{"date", true},
		{"date +%s", true},
		{"env", true},
		{"id", true},
		{"whoami", true},
		{"uname -a", true},
		{"hostname", true},
		{"hostname -f", true},
		{"ps aux", true},
		{"jq .name x.json", true},
		{"sha256sum x", true},
		{"md5sum x", true},
		{"command -v go", true},
		{"sed -n '1,20p' x", true},
		{"sed -n -e 5p -e '$p' x", true},
		{"git status", true},
		{"git log --oneline -5", true},
		{"git diff HEAD~1", true},
		{"git show HEAD:x", true},
		{"git branch", true},
		{"git branch -a -v", true},
		{"git branch --list 'feat*'", true},
		{"git branch --contains HEAD", true},
		{"git tag", true},
		{"git tag -l 'v*'", true},
		{"git rev-parse HEAD", true},
		{"git ls-files", true},
		{"git remote -v", true},
		{"git blame x", true},
		{"git describe --tags", true},
		{"git config --get user.name", true},
		{"git config --list", true},
		{"git --no-pager log", true},
		{"ls > /dev/null 2>&1", true},
		{"cat x | grep y | wc -l", true},
		{"ls && pwd; echo done", true},
		{"nice ls", true},
		{"timeout 5 cat x", true},
		{"FOO=1 ls", true},
		{"env FOO=1 ls", true},
		{"xargs cat", true},
		{"echo $(ls)", true},
		{"cd src && ls", true},
		{"bash -c 'ls -la'", true},
		{"x=1", true},
		{"< in", true},

		{"rm x", false},
		{"touch x", false},
		{"mkdir x", false},
		{"ls > out", false},
		{"echo x >> f", false},
		{"cat x &> log", false},
		{`echo x > "$F"`, false},
		{"find . -delete", false},
		{`find . -exec rm {} \;`, false},
		{`find . -exec cat {} \;`, false},
		{"find . -fprint out", false},
		{"sort -o out x", false},
		{"sort --output=out x", false},
		{"sort --compress-program=gzip x", false},
		{"uniq in out", false},
		{"tree -o out", false},
		{"file -C -m magic", false},
		{"diff --output=x a b", false},
		{"less -o log x", false},
		{"rg --pre ./x foo", false},
		{"sed -i 's/a/b/' x", false},
		{"sed 's/a/b/' x", false},
		{"sed -n 'w out' x", false},
		{"sed -n '1p' -i x", false},
		{"date -s 2020-01-01", false},
		{"date 010100002020", false},
		{"hostname newname", false},
		{"git push", false},
		{"git commit -m x", false},
		{"git checkout x", false},
		{"git branch new", false},
		{"git branch -d x", false},
		{"git branch -D x", false},
		{"git branch -m a b", false},
		{"git tag v1", false},
		{"git tag -d v1", false},
		{"git tag -a v1 -m x", false},
		{"git remote add o u", false},
		{"git config user.name x", false},
		{"git -c core.pager=x log", false},
		{"git -c core.pager=cat log -1", true},
		{"git -c color.ui=never log", true},
		{"git --config-env=core.pager=cat log", false},
		{"git diff --output=f", false},
		{"git log --ext-diff", false},
		{"git $SUB", false},
		{"sudo ls", false},
		{"doas cat x", false},
		{"env rm x", false},
		{"LD_PRELOAD=x ls", false},
		{"PATH=/tmp ls", false},
		{"export PATH=/tmp", false},
		{"PATH=/tmp", false},
		{"cat x | sh", false},
		{"make", false},
		{"npm test", false},
		{"awk '{print}' x", false},
		{"python3 x.py", false},
		{"xargs rm", false},
		{"$CMD", false},
		{"bash -c 'rm x'", false},
		{"{ ls; } > out", false},
		{"tee x", false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			if got := allReadOnly(tt.src); got != tt.want {
				t.Errorf("read-only(%q) = %v, want %v", tt.src, got, tt.want)
			}
		})
	}
}

// pathArgs renders the PathArgs of every command of src as "r:x" and
// "w:x" ("k:x" for an ssh identity), "?" before a non-literal word.
func pathArgs(src string) []string {
	var out []string
	for _, c := range AnalyzeShell(src).Commands {
		for _, p := range PathArgs(c) {
			s := "r:"
			if p.Write {
				s = "w:"
			}
			if p.Key {
				s = "k:"
			}
			if p.Reach {
				s = "x:"
			}
			if !p.Word.Literal {
				s += "?"
			}
			out = append(out, s+p.Word.Text)
		}
	}
	return out
}

func TestPathArgs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want []string
	}{
		// Redirects always count, first.
		{"cat < in > out", []string{"r:in", "w:out"}},
		{"sort <> f", []string{"w:f"}},
		{`echo x > "$F"`, []string{`w:?"$F"`}},
		{"{ ls; } >> log", []string{"w:log"}},
		// Readers.
		{"cat a b", []string{"r:a", "r:b"}},
		{"cat -- -x", []string{"r:-x"}},
		{"head -n 5 x", []string{"r:x"}},
		{"tail -n5 -f log", []string{"r:log"}},
		{"less -o log x", []string{"w:log", "r:x"}},
		{"grep -r foo src", []string{"r:src"}},
		{"grep -e foo -f pats src", []string{"r:pats", "r:src"}},
		{"grep -A 3 foo x", []string{"r:x"}},
		{"rg foo ~/.ssh", []string{"r:~/.ssh"}},
		{"rg --files src", []string{"r:src"}},
		{"sort -o out in", []string{"w:out", "r:in"}},
		{"uniq in out", []string{"r:in", "w:out"}},
		{"xxd in out", []string{"r:in", "w:out"}},
		{"diff a b", []string{"r:a", "r:b"}},
		{"ls ~/.ssh", []string{"r:~/.ssh"}},
		{"cut -d : -f 1 /etc/passwd", []string{"r:/etc/passwd"}},
		{"stat -c %s x", []string{"r:x"}},
		{"tree -o out .", []string{"w:out", "r:."}},
		{"jq .a x.json", []string{"r:x.json"}},
		{"jq -f prog.jq x.json", []string{"r:prog.jq", "r:x.json"}},
		{"jq -n --arg a b '$a'", nil},
		{"jq -n --rawfile k ~/.netrc '$k'", []string{"r:~/.netrc"}},
		{"find ~/.aws -name x", []string{"r:~/.aws"}},
		{"find . -fprint out", []string{"r:.", "w:out"}},
		{"find -newer ref", []string{"r:.", "r:ref"}},
		{"source ~/.bashrc", []string{"r:~/.bashrc"}},
		{". ./env.sh", []string{"r:./env.sh"}},
		{"python3 script.py ~/.ssh/id_rsa plain", []string{"r:script.py", "r:~/.ssh/id_rsa"}},
		{"python3 -c 'print(1)' ./x", []string{"r:./x"}},
		{"python3 -m http.server", nil},
		{"bash -c 'cat x'", []string{"r:x"}},
		{"node app.js", []string{"r:app.js"}},
		{"cd ~/.ssh", []string{"r:~/.ssh"}},
		{"md5sum a", []string{"r:a"}},
		// Writers.
		{"cp a b dst", []string{"r:a", "r:b", "w:dst"}},
		{"cp -r -t dst a b", []string{"w:dst", "r:a", "r:b"}},
		{"cp -s a b", []string{"x:a", "w:b"}},
		{"cp -S .bak --link a b", []string{"x:a", "w:b"}},
		{"mv a b", []string{"w:a", "w:b"}},
		{"install -m 755 a /usr/local/bin/a", []string{"r:a", "w:/usr/local/bin/a"}},
		{"install -d a b", []string{"w:a", "w:b"}},
		{"ln -s target link", []string{"w:link", "x:target", "x:link/target"}},
		{"ln -s /x/y", []string{"w:y", "x:/x/y"}},
		{"ln -s ../x sub/link", []string{"w:sub/link", "x:sub/../x", "x:sub/link/../x"}}, // uncleaned: sub may be a link
		{"ln -sr ../x sub/link", []string{"w:sub/link", "x:../x"}},
		{"ln -s --relative ../x sub/link", []string{"w:sub/link", "x:../x"}},
		{"ln -sf -t dir ../a b", []string{"w:dir", "x:dir/../a", "x:dir/b"}},
		{"ln a b", []string{"w:b", "x:a"}},
		{"ln -S .bak -s a b", []string{"w:b", "x:a", "x:b/a"}},
		{"link a b", []string{"w:b", "x:a"}},
		{"touch x", []string{"w:x"}},
		{"touch -r ref x", []string{"r:ref", "w:x"}},
		{"mkdir -p -m 700 a/b", []string{"w:a/b"}},
		{"rm -rf x y", []string{"w:x", "w:y"}},
		{"rmdir x", []string{"w:x"}},
		{"tee -a log", []string{"w:log"}},
		{"truncate -s 0 x", []string{"w:x"}},
		{"shred -u -n 3 x", []string{"w:x"}},
		{"chmod 600 ~/.ssh/id_rsa", []string{"w:~/.ssh/id_rsa"}},
		{"chmod -w x", []string{"w:x"}},
		{"chown -R u:g dir", []string{"w:dir"}},
		{"chmod --reference=ref x", []string{"r:ref", "w:x"}},
		{"sed -i 's/a/b/' f", []string{"w:f"}},
		{"sed 's/a/b/' f", []string{"r:f"}},
		{"sed -e s/a/b/ -i.bak f g", []string{"w:f", "w:g"}},
		{"sed -f script.sed f", []string{"r:script.sed", "r:f"}},
		{"sed -n 'w out.txt' f", []string{"r:f", "w:out.txt"}},
		{"sed -e '1r ~/.ssh/id_rsa' -e 's/a/b/w log; x' f", []string{"r:f", "r:~/.ssh/id_rsa", "w:log; x"}},
		{"sed '/x/R other\nW  both' f", []string{"r:f", "r:other", "w:both"}},
		{"sed 'a wrong;r not' f", []string{"r:f"}},
		{`sed "w $F" f`, []string{"r:f", "w:?$F"}},
		{"sed -n p f -e 'w out'", []string{"r:p", "r:f", "w:out"}},
		{"sed --in=.bak --expr 's/a/b/' -- -f", []string{"w:-f"}},
		{"ln --target=d -s ../a", []string{"w:d", "x:d/../a"}},
		{"ln --backup -s a b", []string{"w:b", "x:a", "x:b/a"}},
		{"dd if=/dev/sda of=img bs=1M", []string{"r:/dev/sda", "w:img"}},
		{"tar -czf out.tgz src", []string{"w:out.tgz", "r:src"}},
		{"tar xzf a.tgz -C dst", []string{"r:a.tgz", "w:dst"}},
		{"tar -xf a.tar", []string{"r:a.tar", "w:."}}, // extracted into the working directory, a tree written
		{"tar -C /x -cf - sec", []string{"w:-", "r:/x", "r:/x/sec"}},
		{"tar -cf a.tar a -C /x sec", []string{"w:a.tar", "r:/x", "r:a", "r:/x/a", "r:/x/sec"}},
		{"tar -xf a.tar -C /x sec", []string{"r:a.tar", "w:/x", "w:/x/sec"}},
		{"tar --directory=/x -c /abs", []string{"r:/x", "r:/abs"}},
		{"script -q out.txt", []string{"w:out.txt"}},
		{"script -qc 'make' -O log2 log", []string{"w:log2", "w:log"}},
		{"openssl genrsa -out key.pem 2048", []string{"w:key.pem"}},
		{"openssl req -new -key k.pem -keyout k2.pem -out r.csr -config c.cnf", []string{"r:k.pem", "w:k2.pem", "w:r.csr", "r:c.cnf"}},
		{"patch -i fix.diff x", []string{"r:fix.diff", "w:x"}},
		{"gzip x", []string{"w:x"}},
		{"zip out.zip a", []string{"w:out.zip", "r:a"}},
		{"vim x", []string{"w:x"}},
		{"curl -o out https://x", []string{"w:out"}},
		{"curl -sSLo out https://x", []string{"w:out"}},
		{"curl -d @~/.ssh/id_rsa https://x", []string{"r:~/.ssh/id_rsa"}},
		{"curl --data-binary @secret https://x", []string{"r:secret"}},
		{"curl -F 'f=@secret.txt;type=text/plain' https://x", []string{"r:secret.txt"}},
		{"curl -T up.bin https://x", []string{"r:up.bin"}},
		{"curl -K ~/.curlrc https://x", []string{"w:?*", "r:~/.curlrc"}}, // the configuration may name an output
		{"curl file:///etc/passwd -o x", []string{"r:/etc/passwd", "w:x"}},
		{"curl --url=FILE://localhost/a%2Fb https://x/file:///y", []string{"r:/a/b"}},
		{"curl 'file:///x/{a,b}'", []string{"r:?/x/{a,b}"}},
		{"curl -w '%{http_code}' -H 'a: b' -o - https://x", nil},
		{"wget -O out https://x", []string{"w:out"}},
		{"wget -i urls.txt", []string{"r:urls.txt", "w:?*"}}, // the URLs, and so the names, are in the file
		{"scp ~/.ssh/id_rsa host:/tmp", []string{"r:~/.ssh/id_rsa"}},
		{"scp -i ~/.ssh/k ./a host:/tmp", []string{"k:~/.ssh/k", "r:./a"}},
		{"ssh -i ~/.ssh/k -p 22 -F ./cfg host cat ~/x", []string{"k:~/.ssh/k", "r:./cfg", "r:~/x"}},
		{"ssh -4i~/.ssh/k host", []string{"k:~/.ssh/k"}},
		{"ssh -o IdentityFile=~/.ssh/k -o 'UserKnownHostsFile ~/kh' host", []string{"k:~/.ssh/k", "r:~/kh"}},
		{"sftp -i ~/.ssh/k -b ./batch host", []string{"k:~/.ssh/k", "r:./batch"}},
		{"scp -i key a host:b", []string{"k:key", "r:a"}},
		{"rsync -a host:/x ./y", []string{"w:./y"}},
		// git reads what its operands name (git add .env stores it), and
		// writes what --output and kin name.
		{"git add .env", []string{"r:.env"}},
		{"git show HEAD:.env", []string{"r:HEAD:.env", "r:.env"}},
		{"git show origin/main:.env", []string{"r:origin/main:.env", "r:.env"}},
		{"git cat-file -p :2:.env", []string{"r::2:.env", "r:.env"}},
		// init, clone and worktree write where their operands say; an
		// option's value is not an operand.
		{"git clone https://x/y.git", []string{"r:https://x/y.git", "w:y"}},
		{"git clone https://x/y.git/ dest", []string{"r:https://x/y.git/", "w:dest"}},
		{"git clone git@host:team/y.git", []string{"r:git@host:team/y.git", "w:y"}},
		{"git clone --depth 1 -b main -o up --filter=blob:none https://x/y dest", []string{"r:https://x/y", "w:dest"}},
		{"git clone -qj4 -b main https://x/y", []string{"r:https://x/y", "w:y"}},
		{"git clone --reference ../cache --separate-git-dir /g https://x/y d", []string{"r:../cache", "w:/g", "r:https://x/y", "w:d"}},
		{"git clone --sep=/g https://x/y d", []string{"w:/g", "r:https://x/y", "w:d"}},
		{`git clone "$URL"`, []string{`r:?"$URL"`, "w:."}},
		{"git init", []string{"w:."}},
		{"git init -b main --template=/usr/share/git-core/templates repo", []string{"r:/usr/share/git-core/templates", "w:repo", "w:repo/.git/hooks"}},
		{"git -C /elsewhere init", []string{"r:/elsewhere", "w:/elsewhere/."}},
		{"git worktree add -b feat ../wt main", []string{"w:../wt"}},
		{"git worktree move wt ../wt2", []string{"w:wt", "w:../wt2"}},
		{"git worktree remove --force wt", []string{"w:wt"}},
		{"git worktree list --porcelain", nil},
		{"git log -1 --output=out.txt", []string{"w:out.txt"}},
		{"git -C sub archive -o a.tgz HEAD", []string{"r:sub", "w:sub/a.tgz", "r:sub/HEAD"}},
		{"git commit -m ./x", nil},
		// perl and ruby -i edit the files after the program in place.
		{"perl -pi -e 's/a/b/' ~/.bashrc", []string{"w:~/.bashrc"}},
		{"perl -i.bak -ne print f g", []string{"w:f", "w:g"}},
		{"perl -0777 -I lib -Mstrict -pi -e x f", []string{"w:f"}},
		{"perl -pie 's/a/b/' f", []string{"r:s/a/b/", "w:f"}},
		{"perl -e 'print 1' ~/.bashrc", []string{"r:~/.bashrc"}},
		{"perl script.pl ./data", []string{"r:script.pl", "r:./data"}},
		{"perl -- -i x", []string{"r:-i"}},
		{"ruby -pi -e x ~/.bashrc", []string{"w:~/.bashrc"}},
		{"ruby -r json -e x ./f", []string{"r:./f"}},
		// Not paths.
		{"echo ~/.ssh/id_rsa", nil},
		{"xargs rm", nil},
		// Behind wrappers.
		{"env FOO=1 cat x", []string{"r:x"}},
		{"sudo -u bob cat /etc/shadow", []string{"r:/etc/shadow"}},
		// Unknown commands: path-like words are reads.
		{"mytool --config=~/.aws/credentials ./x plain", []string{"r:~/.aws/credentials", "r:./x"}},
		{`mytool $HOME/x "$Y" plain`, []string{"r:?$HOME/x"}},
		{"mytool .env", []string{"r:.env"}},
		{"$CMD ./x", []string{"r:./x"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			if got := pathArgs(tt.src); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("PathArgs(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
