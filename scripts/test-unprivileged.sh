#!/usr/bin/env bash
# test-unprivileged.sh runs the integration suite as an unprivileged user,
# the way most people run mewsandbox: the namespace layer then lives in a
# user namespace. Run as root (CI is); it creates the user mewsandbox-test
# when missing. Usage: scripts/test-unprivileged.sh GO LDFLAGS
set -euo pipefail
go=${1:-go}
ldflags=${2:-}
user=mewsandbox-test
if [ "$(id -u)" != 0 ]; then
	echo "test-unprivileged: not root: the suite already ran as $(id -un)"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
dir=$(mktemp -d /tmp/mewsandbox-unprivileged-XXXXXX)
trap 'rm -rf "$dir"' EXIT
# The checkout may be where the user cannot read (/root): the binary, the
# test binary and the test data are copied out.
"$go" build -trimpath -ldflags "$ldflags" -o "$dir/mewsandbox" ./cmd/mewsandbox
# And as go build and go install make it (TestPlainBuildRunnerKilled): the
# user's build cache is empty, a build there would take minutes.
"$go" build -trimpath -o "$dir/mewsandbox-plain" ./cmd/mewsandbox
"$go" test -race -c -o "$dir/integration.test" ./integration
cp -r integration/testdata "$dir/"
mkdir "$dir/home"
chmod -R a+rX "$dir"
chown "$user" "$dir/home"
gobin=$(dirname "$(command -v "$go")")
cd "$dir"
echo "integration tests as $user (uid $(id -u "$user")):"
setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups \
	env -i PATH="$gobin:/usr/local/bin:/usr/bin:/bin" HOME="$dir/home" MEWSANDBOX_BIN="$dir/mewsandbox" MEWSANDBOX_PLAIN_BIN="$dir/mewsandbox-plain" \
	./integration.test -test.count=1
