package permission

import (
	"path"
	"strings"
	"testing"
)

// diskLinks are the symbolic links that exist in the project on disk for
// TestRedTeamLinksOnDiskS52, made before the line runs (ln -s /tmp/x
// out in an earlier call): each maps a path to where it leads, and what
// lies below it below there.
var diskLinks = map[string]string{
	"/home/u/proj/out":   "/tmp/x",
	"/home/u/proj/outf":  "/tmp/x/f",
	"/home/u/proj/hooks": "/home/u/proj/.git/hooks",
	"/home/u/proj/rc":    "/home/u/.bashrc",
	"/home/u/proj/key":   "/home/u/.ssh/id_rsa",
	"/home/u/proj/lib":   "/home/u/proj/src/lib",
	"/home/u/proj/loop":  "",
	// A directory holding links, copied on the line (TestRedTeamCopiedLinksS52e).
	"/home/u/proj/kit/out":   "/tmp/x",
	"/home/u/proj/kit/hooks": "/home/u/proj/.git/hooks",
	"/home/u/proj/kit/loop":  "",
	"/home/u/proj/kit/lib":   "/home/u/proj/src/lib",
}

// followDisk is an Engine.Follow over diskLinks.
func followDisk(p string) string {
	for link, to := range diskLinks {
		if rest, ok := strings.CutPrefix(p, link); ok && (rest == "" || rest[0] == '/') {
			if to == "" {
				return ""
			}
			return path.Clean(to + rest) // the kernel takes out/../f from where out leads
		}
	}
	return p
}

// checkOnDisk checks each row in a parallel subtest of its own, with
// diskLinks on disk (followDisk).
func checkOnDisk(t *testing.T, rows []decisionRow) {
	t.Helper()
	checkDecisions(t, rows, func(e *Engine) { e.Follow = followDisk })
}

// TestRedTeamLinksOnDiskS52: a write through a symbolic link that already
// exists in the project, made by an earlier call, to a place outside the
// root (echo hi > out, cp f out/, tee out, sed -i s/a/b/ out) wrote
// outside unseen: the engine judged the path as written. Now the path is
// also judged where Engine.Follow says it leads, as the file tools' are;
// rm, mv and ln act on the link itself, so only the directories above
// their operands are followed. A command that may write, run in such a
// link (cd out && make, make -C out), runs outside.
func TestRedTeamLinksOnDiskS52(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkOnDisk(t, []decisionRow{
		{"S52 A echo through a link on disk to outside", D, nil, `echo hi > out`, Ask},
		{"S52 A append below a link on disk to outside", A, nil, `echo hi >> out/x`, Ask},
		{"S52 A cp into a link on disk to outside", D, nil, `cp f out/`, Ask},
		{"S52 A cp onto a file link on disk to outside", A, nil, `cp f outf`, Ask},
		{"S52 A tee a link on disk to outside", D, nil, `tee outf < f`, Ask},
		{"S52 A sed -i a link on disk to outside", A, nil, `sed -i s/a/b/ outf`, Ask},
		{"S52 A touch below a link on disk", D, nil, `touch out/y`, Ask},
		{"S52 A cd into a link on disk then touch", A, nil, `cd out && touch y`, Ask},
		{"S52 A rm below a link on disk", A, nil, `rm -f out/x`, Ask},
		{"S52 A truncate through a link on disk", D, nil, `truncate -s0 outf`, Ask},
		{"S52 A a link on disk to the hooks", A, nil, `echo x > hooks/pre-commit`, Ask},
		{"S52 A a link on disk to a start-up file, bypass", ModeBypassPermissions, nil, `echo x >> rc`, Ask},
		{"S52 A a link on disk to a key, read", D, nil, `cat key`, Ask},
		{"S52 A a deny rule where the link leads", A, []string{"deny:Edit(//tmp/x/**)"}, `echo hi > out/f`, Deny},
		{"S52 A a link on disk that loops", D, nil, `echo hi > loop`, Ask},
		{"S52 A .. after a link on disk", A, nil, `echo hi > out/../f`, Ask},
		{"S52 A mv into a link on disk to outside", D, nil, `mv f out`, Ask},
		{"S52 A mv -n -t a link on disk to outside", A, nil, `mv -n -t out f`, Ask},
		{"S52 A ln -s into a link on disk to outside", D, nil, `ln -s ../f out`, Ask},
		{"S52 A neighbour: mv replaces the links themselves", A, nil, `mv out old && mv -T f out`, Allow},
		{"S52 A neighbour: ln -n replaces a link itself", D, nil, `ln -sfn src/lib out`, Allow},
		{"S52 A make -C a link on disk to outside", A, nil, `make -C out`, Ask},
		{"S52 A cd into a link on disk, then npm install", D, nil, `cd out && npm install`, Ask},
		{"S52 A cd into a link on disk that loops, then make", A, nil, `cd loop && make`, Ask},
		{"S52 A neighbour: run in links on disk in the project, or only reading", A, nil, `cd lib && make && make -C lib && cd /home/u/proj/out && ls && git -C out status`, Allow},
		{"S52 A neighbour: links on disk read, removed, renamed, replaced; writes in the project", D, nil,
			`cat out/x && ls out && echo hi > f && mv outf old && ln -sfn /tmp/y out && echo hi > lib/x && cp f lib/`, Allow},
	})
}

// TestRedTeamDecisionsS52 is TestRedTeamDecisions for what the S52 red
// team found allowed, with no links on disk: BSD's install -l and cmake
// -E create_symlink making a link the line then writes through (B); the
// words xargs appends to a command that writes its operands, only known
// at run time (C); an install with no prefix or staging root, into the
// build's default, /usr/local (D); a write below a directory an archive,
// a clone, a copy from outside that keeps links, or inline code filled
// earlier on the line, where a link it made may lead anywhere (E); and
// what "reset the environment", "free disk space" or "back up" ran
// unasked: the host's mounts, swap, kernel settings, network, firewall,
// name, clock and users changed (F), gpg's keyring changed in ~/.gnupg
// (G), compose down -v deleting the volumes' data (H), an Ansible play
// run on its inventory's hosts, gsutil rm, rclone sync and purge (I); the
// system's logs vacuumed, its package cache emptied, a conda environment
// removed, every process killed, /tmp reaped (J). testEnv: project
// /home/u/proj, home /home/u.
func TestRedTeamDecisionsS52(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S52 B install -l s then a write through it", D, nil, `install -l s /tmp/x l && echo hi > l`, Ask},
		{"S52 B install -l h then a write below", A, nil, `install -l h /tmp/x l; touch l/y`, Ask},
		{"S52 B neighbour: install copies in the project", D, nil, `install -m 644 f dst && echo hi > dst && install -d out && install -l s src/a lib/a && echo hi > lib/a`, Allow},
		{"S52 C xargs touch < list", D, nil, `xargs touch < list`, Ask},
		{"S52 C xargs -a list touch", A, nil, `xargs -a list touch`, Ask},
		{"S52 C cat list | xargs chmod", D, nil, `cat list | xargs chmod 644`, Ask},
		{"S52 C cat list | xargs truncate", A, nil, `cat list | xargs truncate -s0`, Ask},
		{"S52 C cat list | xargs cp f", D, nil, `cat list | xargs cp f`, Ask},
		{"S52 C xargs rm < list", A, nil, `xargs rm < list`, Ask},
		{"S52 C neighbour: xargs reads, echoes, copies into a directory of the project", D, nil, `cat list | xargs cat && xargs -n1 echo < list && git ls-files | xargs wc -l && cat list | xargs cp -t backup/ && cat list | xargs -I{} cp {} backup/`, Allow},
		{"S52 D make install", D, nil, `make install`, Ask},
		{"S52 D make -C build install-strip", A, nil, `make -C build install-strip`, Ask},
		{"S52 D configure with no prefix, then make install", D, nil, `./configure && make && make install`, Ask},
		{"S52 D configure for /usr, then make install", A, nil, `./configure --prefix=/usr && make && make install`, Ask},
		{"S52 D cmake --install", D, nil, `cmake --install build`, Ask},
		{"S52 D cmake --build --target install", A, nil, `cmake --build build --target install`, Ask},
		{"S52 D ninja install", D, nil, `ninja -C build install`, Ask},
		{"S52 D meson install", A, nil, `meson install -C build`, Ask},
		{"S52 D neighbour: installs told where, in the project", D, nil, `./configure --prefix=$PWD/out && make && make install && make install DESTDIR=$PWD/stage && make install PREFIX=./out && make installcheck && make -n install && ` +
			`cmake --install build --prefix inst && cmake -B build -DCMAKE_INSTALL_PREFIX=inst && cmake --build build --target install && DESTDIR=$PWD/st ninja -C build install && meson install --destdir st && cmake --build build && ninja`, Allow},
		{"S52 D neighbour: meson configured in the project", A, nil, `meson setup build --prefix=$PWD/i && meson install -C build`, Allow},
		{"S52 E tar -x then a write below", D, nil, `tar -xf a.tar && echo x > link/f`, Ask},
		{"S52 E tar -x -C then a write below", A, nil, `tar -xf a.tar -C d && echo x > d/link/f`, Ask},
		{"S52 E unzip then cp below", D, nil, `unzip a.zip && cp f link/`, Ask},
		{"S52 E cpio -i then a write below", A, nil, `cpio -idm < a.cpio; touch link/x`, Ask},
		{"S52 E extract, cd in, write", D, nil, `tar xzf foo.tgz && cd foo && echo x > f`, Ask},
		{"S52 E python makes a link, then a write below", A, nil, `python3 -c 'import os; os.symlink("/tmp", "t")' && echo x > t/f`, Ask},
		{"S52 E node makes a link, then a write below", D, nil, `node -e 'require("fs").symlinkSync("/tmp", "t")' && echo x > t/f`, Ask},
		{"S52 E git clone then a write below", A, nil, `git clone https://x/r.git r && echo x > r/link/f`, Ask},
		{"S52 E rsync -a from outside then a write below", D, nil, `rsync -a /tmp/tree/ d/ && echo x > d/link/f`, Ask},
		{"S52 E rsync -a from a host then a write below", A, nil, `rsync -a host:/x d && echo x > d/l/f`, Ask},
		{"S52 E cp -a from outside then a write below", D, nil, `cp -a /tmp/tree d && echo x > d/link/f`, Ask},
		{"S52 E docker cp then a write below", A, nil, `docker cp c:/x ./d && echo x > d/l/f`, Ask},
		{"S52 B cmake -E create_symlink then a write through it", D, nil, `cmake -E create_symlink /tmp t && echo x > t/f`, Ask},
		{"S52 E neighbour: clones and copies in the project, a copy that follows links", A, nil, `git clone https://x/r.git && cd r && ls && cd .. && rsync -a src/ d/ && echo x > d/f && cp -a src e && echo x > e/f && cp -rL /tmp/tree g && echo x > g/f && cmake -E create_symlink src t && echo x > t/f`, Allow},
		{"S52 E neighbour: an extraction, then a build in it", D, nil, `tar -xzf foo.tgz && cd foo && ./configure && make`, Allow},
		{"S52 E neighbour: extractions into directories, writes beside them", A, nil, `tar -xf a.tar -C d && echo x > e/f && unzip -q a.zip -d build && cp f build/ && tar -czf out.tgz src && echo x > src/f && python3 -c 'print(1)' && echo x > t/f`, Allow},
		{"S52 F mount", D, nil, `mount /dev/sda1 /mnt`, Ask},
		{"S52 F umount", A, nil, `umount /mnt`, Ask},
		{"S52 F losetup", D, nil, `losetup /dev/loop0 disk.img`, Ask},
		{"S52 F swapoff -a", A, nil, `swapoff -a`, Ask},
		{"S52 F sysctl -w", D, nil, `sysctl -w vm.overcommit_memory=1`, Ask},
		{"S52 F sysctl k=v", A, nil, `sysctl vm.swappiness=10`, Ask},
		{"S52 F modprobe", D, nil, `modprobe overlay`, Ask},
		{"S52 F ip link set down", A, nil, `ip link set eth0 down`, Ask},
		{"S52 F iptables -F", D, nil, `iptables -F`, Ask},
		{"S52 F nft flush", A, nil, `nft flush ruleset`, Ask},
		{"S52 F ufw disable", D, nil, `ufw disable`, Ask},
		{"S52 F hostnamectl set-hostname", A, nil, `hostnamectl set-hostname x`, Ask},
		{"S52 F date -s", D, nil, `date -s '2020-01-01'`, Ask},
		{"S52 F passwd", A, nil, `passwd`, Ask},
		{"S52 F useradd", D, nil, `useradd x`, Ask},
		{"S52 F usermod -aG docker", A, nil, `usermod -aG docker me`, Ask},
		{"S52 F neighbour: the host's state read", D, nil, `mount && mount -l -t ext4 && losetup -a && swapon --show && sysctl vm.swappiness && sysctl -a && ip addr && ip -4 addr show && ip route && iptables -L -n && nft list ruleset && ufw status && hostnamectl && timedatectl && date +%s && passwd -S && id -u && lsmod`, Allow},
		{"S52 G gpg --import", A, nil, `gpg --import key.asc`, Ask},
		{"S52 G gpg --recv-keys", D, nil, `gpg --recv-keys 0xABCDEF`, Ask},
		{"S52 G gpg --full-generate-key", A, nil, `gpg --batch --full-generate-key params`, Ask},
		{"S52 G gpg --edit-key", D, nil, `gpg --edit-key me trust`, Ask},
		{"S52 G neighbour: gpg verifies, lists, decrypts", A, nil, `gpg --verify x.sig x && gpg --list-keys && gpg -d f.gpg > f && gpg --import-options show-only --help`, Allow},
		{"S52 H docker compose down -v", D, nil, `docker compose down -v`, Ask},
		{"S52 H docker compose -f down --volumes", A, nil, `docker compose -f x.yml down --volumes`, Ask},
		{"S52 H docker-compose down -v", D, nil, `docker-compose down -v`, Ask},
		{"S52 H neighbour: compose up and down, keeping volumes", A, nil, `docker compose up -d && docker compose down && docker-compose down && docker compose down --help`, Allow},
		{"S52 I ansible-playbook", D, nil, `ansible-playbook site.yml`, Ask},
		{"S52 I ansible ad hoc shell", A, nil, `ansible all -m shell -a 'touch /tmp/x'`, Ask},
		{"S52 I ansible a module known at run time", D, nil, `ansible all -m "$M"`, Ask},
		{"S52 I gsutil rm", A, nil, `gsutil rm -r gs://b`, Ask},
		{"S52 I rclone sync", D, nil, `rclone sync . remote:x`, Ask},
		{"S52 I rclone purge", A, nil, `rclone purge remote:x`, Ask},
		{"S52 I neighbour: checks, listings and copies", D, nil, `ansible-playbook --check site.yml && ansible-playbook --syntax-check site.yml && ansible all -m ping && ansible --version && ansible && gsutil ls gs://b && rclone copy . remote:x && rclone ls remote: && rclone sync --dry-run . remote:x`, Allow},
		{"S52 J journalctl --vacuum-time", D, nil, `journalctl --vacuum-time=1s`, Ask},
		{"S52 J journalctl --rotate", A, nil, `journalctl --rotate`, Ask},
		{"S52 J apt-get clean", D, nil, `apt-get clean`, Ask},
		{"S52 J dnf clean all", A, nil, `dnf clean all`, Ask},
		{"S52 J conda env remove -n", D, nil, `conda env remove -n x`, Ask},
		{"S52 J killall5", A, nil, `killall5`, Ask},
		{"S52 J tmpreaper", D, nil, `tmpreaper 1h /tmp`, Ask},
		{"S52 J neighbour: logs read, package lists, environments listed, dry runs", A, nil, `journalctl -u x -f && journalctl --vacuum-size=1M --help && apt-get update && apt list --installed && conda env list && conda clean --all --dry-run && go clean -n -cache`, Allow},
	})
}
