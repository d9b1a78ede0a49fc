#!/usr/bin/env bash
# Shows mewsandbox at work: the permission engine's decisions, then the
# kernel sandbox stopping what the engine was told to let through.
# Usage: scripts/demo.sh path/to/mewsandbox
set -uo pipefail

bin=$(realpath "${1:-bin/mewsandbox}")
# Outside /tmp, which the namespace layer empties: the fake home should be
# stopped the way a real one is, by Landlock and read-only mounts.
work=$(mktemp -d -p /var/tmp 2>/dev/null || mktemp -d)
listener=""
cleanup() { [ -n "$listener" ] && kill "$listener" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# A throwaway home with a fake secret, and a project inside it.
export HOME="$work/home"
mkdir -p "$HOME/.ssh" "$HOME/project"
echo "-----BEGIN FAKE PRIVATE KEY-----" >"$HOME/.ssh/id_rsa"
cd "$HOME/project"
git init -q . && printf 'int main(void){return 0;}\n' >main.c
echo "keep me" >notes.txt

bold="" plain=""
if [ -t 1 ]; then bold=$(tput bold 2>/dev/null || true) plain=$(tput sgr0 2>/dev/null || true); fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
show() { printf '$ %s\n' "$*"; "$@"; printf '(exit %d)\n' "$?"; }

step "1. The permission engine decides (mewsandbox check runs nothing)"
show "$bin" check -c 'git status && ls -la'
show "$bin" check -c 'rm -rf build'
show "$bin" check --deny 'Bash(git push:*)' -c 'make test && git push origin main'
show "$bin" check --dont-ask -c 'rm -rf build'
show "$bin" check --yolo -c 'rm -rf build'
show "$bin" check --yolo --deny 'Bash(git push:*)' -c 'echo ok; git push --force'

step "2. rm -rf of the project itself is refused in every mode, before anything runs"
show "$bin" run --yolo -- rm -rf "$HOME/project"
show cat notes.txt

step "3. With --yolo the engine lets everything through; the kernel still holds"
show "$bin" run --yolo -c "echo pwned > $work/outside.txt"
test -e "$work/outside.txt" && echo "!! the write outside the root went through" || echo "-> nothing was written outside the project root"
show "$bin" run --yolo -- cat "$HOME/.ssh/id_rsa"
echo "-> the engine still asks for credential reads in --yolo mode (and for one spelt in pieces, d=.ssh; cat ~/\$d/id_rsa); hidden from it in a program it cannot read, the kernel refuses:"
printf '$ echo '\''cat ~/.ssh/id_rsa'\'' | %s run --yolo -- sh -s   # the engine sees only "sh -s"\n' "$bin"
echo 'cat ~/.ssh/id_rsa' | "$bin" run --yolo -- sh -s
printf '(exit %d)\n' "$?"
/usr/bin/python3 -c 'import socket,time
s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 47631)); s.listen(); time.sleep(30)' &
listener=$!
sleep 0.3
show "$bin" run --yolo -c 'exec 3<>/dev/tcp/127.0.0.1/47631 && echo connected'
echo "-> a git hook would run outside the sandbox at the next commit; planted by a program the engine cannot read, the namespace layer refuses it:"
plant='printf "#!/bin/sh\necho pwned by a hook\n" > .git/hooks/pre-commit'
printf '$ echo '\''%s'\'' | %s run --yolo -- sh -s   # the engine sees only "sh -s"\n' "$plant" "$bin"
echo "$plant" | "$bin" run --yolo -- sh -s
printf '(exit %d)\n' "$?"
test -e .git/hooks/pre-commit && echo "!! the hook was planted" || echo "-> no hook was planted (see mewsandbox doctor: namespace layer)"

step "4. Ordinary work inside the root keeps working"
show "$bin" run --yolo -c 'cc -o hello main.c && ./hello && echo built and ran && git add main.c && git -c user.name=demo -c user.email=demo@example.com commit -qm demo && git log --oneline'
