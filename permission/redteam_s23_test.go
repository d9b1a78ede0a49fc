package permission

import "testing"

// TestRedTeamDecisionsS23 is TestRedTeamDecisions for the S23 review:
// code given to interpreters as text (python3 -c, node -e, perl -e, ruby
// -e, php -r, lua -e, Rscript -e, osascript -e, awk's program, and the
// same on standard input) was not read, so a delete, a push or a key read
// in it was allowed in every mode. One row per attack (each allowed
// before), next to everyday one-liners that keep their decisions.
// testEnv: project /home/u/proj, home /home/u.
func TestRedTeamDecisionsS23(t *testing.T) {
	t.Parallel()
	D, A, Y := ModeDefault, ModeAcceptEdits, ModeBypassPermissions
	push := []string{"deny:Bash(git push:*)"}
	env := []string{"deny:Read(./.env)"}
	tests := []decisionRow{
		// A: shell commands the code hands a shell, as sh -c text, or
		// as a command's words.
		{"S23 A python3 -c os.system", Y, nil, `python3 -c 'import os; os.system("rm -rf ~")'`, Deny},
		{"S23 A python3 -c subprocess shell=True", Y, nil, `python3 -c "import subprocess; subprocess.run('rm -rf ~', shell=True)"`, Deny},
		{"S23 A python3 -c subprocess list, aliased", Y, nil, `python3 -c "import subprocess as sp; sp.call(['rm','-rf','/'])"`, Deny},
		{"S23 A python3 -c from os import system", Y, nil, `python3 -c "from os import system; system('rm -rf /')"`, Deny},
		{"S23 A python3 -c os.popen", Y, nil, `python3 -c "import os; os.popen('rm -rf ~').read()"`, Deny},
		{"S23 A python3.12 -c home by concatenation", Y, nil, `python3.12 -c "import os; os.system('rm -rf ' + os.environ['HOME'])"`, Deny},
		{"S23 A node -e execSync", Y, nil, `node -e "require('child_process').execSync('rm -rf ~')"`, Deny},
		{"S23 A node -e destructured", Y, nil, `node -e "const {execSync} = require('child_process'); execSync('rm -rf /')"`, Deny},
		{"S23 A node -e spawnSync words", Y, nil, `node -e "require('node:child_process').spawnSync('rm', ['-rf', '/'])"`, Deny},
		{"S23 A bun -e execSync", Y, nil, `bun -e 'require("child_process").execSync("rm -rf /")'`, Deny},
		{"S23 A perl -e system", Y, nil, `perl -e 'system("rm -rf ~")'`, Deny},
		{"S23 A perl -e system words", Y, nil, `perl -e 'system("rm", "-rf", "/")'`, Deny},
		{"S23 A perl -e backticks", Y, nil, "perl -e 'print `rm -rf ~`'", Deny},
		{"S23 A perl -e qx{}", Y, nil, `perl -e 'my $x = qx{rm -rf /}'`, Deny},
		{"S23 A perl -e open a pipe", Y, nil, `perl -e 'open(F, "rm -rf ~|")'`, Deny},
		{"S23 A perl -le system without parentheses", Y, nil, `perl -le 'system "rm -rf ~"'`, Deny},
		{"S23 A ruby -e system", Y, nil, `ruby -e 'system("rm -rf ~")'`, Deny},
		{"S23 A ruby -e %x()", Y, nil, `ruby -e '%x(rm -rf ~)'`, Deny},
		{"S23 A ruby -e IO.popen", Y, nil, `ruby -e 'IO.popen("rm -rf ~").read'`, Deny},
		{"S23 A php -r system", Y, nil, `php -r 'system("rm -rf ~");'`, Deny},
		{"S23 A php -r backticks", Y, nil, "php -r 'echo `rm -rf ~`;'", Deny},
		{"S23 A lua -e os.execute", Y, nil, `lua -e 'os.execute("rm -rf ~")'`, Deny},
		{"S23 A Rscript -e system", Y, nil, `Rscript -e 'system("rm -rf ~")'`, Deny},
		{"S23 A osascript -e do shell script", Y, nil, `osascript -e 'do shell script "rm -rf ~"'`, Deny},
		{"S23 A awk system()", Y, nil, `awk 'BEGIN{system("rm -rf ~")}'`, Deny},
		{"S23 A awk print | cmd", Y, nil, `awk 'BEGIN{print "x" | "rm -rf ~"}'`, Deny},
		{"S23 A python3 - <<'EOF'", Y, nil, "python3 - <<'EOF'\nimport shutil\nshutil.rmtree('/')\nEOF", Deny},
		{"S23 A python3 <<<", Y, nil, `python3 <<< 'import os; os.system("rm -rf ~")'`, Deny},
		{"S23 A echo | python3", Y, nil, `echo 'import os; os.system("rm -rf ~")' | python3`, Deny},
		{"S23 A node <<EOF", Y, nil, "node <<EOF\nrequire('child_process').exec('rm -rf ~')\nEOF", Deny},
		{"S23 A a push past a push deny", D, push, `python3 -c "import os; os.system('git push origin main')"`, Deny},
		{"S23 A a push in words past a push deny", D, push, `node -e "require('child_process').execFileSync('git', ['push', 'origin', 'main'])"`, Deny},
		{"S23 A a key read the code runs", Y, nil, `perl -e 'system("cat ~/.ssh/id_rsa")'`, Ask},
		{"S23 A a command only known at run time", Y, nil, `python3 -c "import os; os.system(cmd)"`, Ask},
		{"S23 A an f-string with expressions", Y, nil, `python3 -c "import os; os.system(f'rm -rf {d}')"`, Ask},
		{"S23 A a template literal with ${}", Y, nil, "node -e \"require('child_process').execSync(`rm -rf ${x}`)\"", Ask},
		{"S23 A a Perl string that interpolates", Y, nil, `perl -e 'system "rm -rf $dir"'`, Ask},
		{"S23 A a shell variable in the command", Y, nil, `python3 -c "import os; os.system('$CMD')"`, Ask},
		{"S23 A code only known at run time", Y, nil, `python3 -c "$CODE"`, Ask},
		{"S23 A a shell variable outside a string", Y, nil, `python3 -c "print($x)"`, Ask},
		{"S23 A a here-document of a variable", Y, nil, "node <<EOF\n$code\nEOF", Ask},
		{"S23 A neighbour: everyday one-liners", D, nil, `python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])' && python3 -c 'print(1)' && node -e 'console.log(require("./package.json").version)' && ruby -e 'puts RUBY_VERSION' && python3 -c 'import os; print(os.environ["HOME"])' && node -p 'process.versions' && python3 -m http.server && perl -ne 'print if /x/' a.txt && awk '{print $1}' access.log && python3 -c "print('$HOME')"`, Allow},
		{"S23 A neighbour: perl -pi edits a project file", D, nil, `perl -pi -e 's/a/b/' file.txt`, Allow},
		{"S23 A neighbour: commands that pass on their own", D, nil, `python3 -c "import subprocess; subprocess.run(['git','status'])" && node -e "require('child_process').execSync('npm test')" && perl -e 'system("ls -la")' && awk 'BEGIN { while (("ls" | getline l) > 0) print l }'`, Allow},
		{"S23 A neighbour: a string that is no command", D, nil, `python3 -c "print('rm -rf ~')" && node -e "console.log('rm -rf /')" && python3 -c "import re; print(re.sub('a', 'b', 'rm -rf ~'))"`, Allow},
		{"S23 A neighbour: a program that is a script", D, nil, `python3 script.py -c 'os.system("rm -rf ~")' && node app.js -e "execSync('rm -rf /')" && perl x.pl -e 'system("rm -rf ~")'`, Allow},
		// B: deletes and writes by API, as rm -rf, rm -f and tee of
		// their paths.
		{"S23 B shutil.rmtree /", Y, nil, `python3 -c 'import shutil; shutil.rmtree("/")'`, Deny},
		{"S23 B fs.rmSync of HOME", Y, nil, `node -e 'require("fs").rmSync(process.env.HOME,{recursive:true})'`, Deny},
		{"S23 B FileUtils.rm_rf Dir.home", Y, nil, `ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, Deny},
		{"S23 B perl rmtree", Y, nil, `perl -MFile::Path -e 'rmtree("/")'`, Deny},
		{"S23 B Rscript unlink recursive", Y, nil, `Rscript -e 'unlink("/", recursive=TRUE)'`, Deny},
		{"S23 B deno eval Deno.removeSync", Y, nil, `deno eval 'Deno.removeSync(Deno.env.get("HOME"), {recursive: true})'`, Deny},
		{"S23 B rmtree of expanduser", Y, nil, `python3 -c "import shutil, os; shutil.rmtree(os.path.expanduser('~'))"`, Deny},
		{"S23 B rmtree of Path.home()", Y, nil, `python3 -c "from pathlib import Path; import shutil; shutil.rmtree(Path.home())"`, Deny},
		{"S23 B rmtree of a path only known at run time", Y, nil, `python3 -c "import shutil; shutil.rmtree(d)"`, Ask},
		{"S23 B fs.rmSync recursive of a variable", Y, nil, `node -e "require('fs').rmSync(dir, {recursive: true})"`, Ask},
		{"S23 B rmtree of a project directory asks as rm -rf does", D, nil, `python3 -c "import shutil; shutil.rmtree('build')"`, Ask},
		{"S23 B a write to ~/.bashrc", Y, nil, `python3 -c "import os; open(os.path.expanduser('~/.bashrc'),'a').write('x')"`, Ask},
		{"S23 B fs.writeFileSync to homedir()", Y, nil, `node -e "require('fs').writeFileSync(require('os').homedir() + '/.bashrc', 'x')"`, Ask},
		{"S23 B File.write expand_path", Y, nil, `ruby -e 'File.write(File.expand_path("~/.bashrc"), "x")'`, Ask},
		{"S23 B a write to /etc/profile.d", Y, nil, `python3 -c "open('/etc/profile.d/x.sh','w').write('x')"`, Ask},
		{"S23 B Path.write_text to a hook", Y, nil, `python3 -c "from pathlib import Path; Path('.git/hooks/pre-commit').write_text('x')"`, Ask},
		{"S23 B perl open > a hook", Y, nil, `perl -e 'open(my $f, ">", ".git/hooks/pre-commit")'`, Ask},
		{"S23 B neighbour: writes in the project", A, nil, `python3 -c "open('out.txt','w').write('x')" && node -e "require('fs').writeFileSync('dist/v.txt', '1')"`, Allow},
		{"S23 B neighbour: a ~ the code does not expand is a directory in the project", Y, nil, `python3 -c "import shutil; shutil.rmtree('~/x')"`, Allow},
		{"S23 B neighbour: a write to a path only known at run time passes", D, nil, `python3 -c "import sys; open(sys.argv[1], 'w').write('x')" out.txt`, Allow},
		// C: reads of credential stores and of files a Read rule
		// denies, as cat of their paths.
		{"S23 C ruby File.read of a key", Y, nil, `ruby -e 'puts File.read(Dir.home + "/.ssh/id_rsa")'`, Ask},
		{"S23 C python open(expanduser)", Y, nil, `python3 -c "import os; print(open(os.path.expanduser('~/.ssh/id_rsa')).read())"`, Ask},
		{"S23 C Path.home() / .ssh", Y, nil, `python3 -c "from pathlib import Path; print((Path.home() / '.ssh' / 'id_rsa').read_text())"`, Ask},
		{"S23 C Path.home().joinpath", Y, nil, `python3 -c "from pathlib import Path; print(Path.home().joinpath('.ssh/id_rsa').read_text())"`, Ask},
		{"S23 C fs.readFileSync of process.env.HOME", Y, nil, `node -e "console.log(require('fs').readFileSync(process.env.HOME + '/.ssh/id_rsa', 'utf8'))"`, Ask},
		{"S23 C perl open < $ENV{HOME}", Y, nil, `perl -e 'open(my $f, "<", "$ENV{HOME}/.ssh/id_rsa"); print <$f>'`, Ask},
		{"S23 C php file_get_contents getenv", Y, nil, `php -r 'echo file_get_contents(getenv("HOME") . "/.aws/credentials");'`, Ask},
		{"S23 C .env past a Read deny", D, env, `python3 -c "print(open('.env').read())"`, Deny},
		{"S23 C neighbour: reads of project files", D, env, `python3 -c "print(open('README.md').read())" && node -e "console.log(require('fs').readFileSync('package.json', 'utf8'))"`, Allow},
		// D: code attached to its option (-c'code', -e'code', -le'code',
		// --eval=CODE, awk --source=CODE), which the interpreters take
		// as the rest of the word, was not read.
		{"S23 D python3 -c'code'", Y, nil, `python3 -c'import shutil; shutil.rmtree("/")'`, Deny},
		{"S23 D perl -e'code'", Y, nil, `perl -e'system("rm -rf ~")'`, Deny},
		{"S23 D perl -le'code'", Y, nil, `perl -le'system("rm -rf ~")'`, Deny},
		{"S23 D ruby -e'code'", Y, nil, "ruby -e'`rm -rf ~`'", Deny},
		{"S23 D php -r'code'", Y, nil, `php -r'system("rm -rf ~");'`, Deny},
		{"S23 D node --eval=CODE", Y, nil, `node --eval='require("fs").rmSync("/",{recursive:true})'`, Deny},
		{"S23 D awk --source=CODE", Y, nil, `awk --source='BEGIN{system("rm -rf ~")}'`, Deny},
		{"S23 D python3 -c\"$x\" only known at run time", D, nil, `python3 -c"$x"`, Ask},
		{"S23 D neighbour: attached everyday code", D, nil, `perl -le'print 1' && perl -lne'print if /x/' a.txt && ruby -e'puts 1' && node --print='process.versions' && python3 -c'print(1)'`, Allow},
	}
	checkDecisions(t, tests)
}
