package seatbelt

import (
	"strings"
	"sync"
)

// The fixed part of every profile: what the system and its toolchains need,
// one table per kind, each entry with the reason it is there. Everything in
// them is a constant of this package; the paths are spelt as macOS resolves
// them (/private/etc, not /etc) because Seatbelt matches resolved paths.
//
// Deliberately left out, so the deny default keeps them:
//   - com.apple.SecurityServer and com.apple.securityd.xpc (the keychain
//     servers: git-credential-osxkeychain would hand out tokens),
//     com.apple.cfprefsd.* and user-preference-read (any app's preferences),
//     com.apple.logd and com.apple.system.logger (os_log falls back
//     silently), com.apple.PowerManagement.control, launchservicesd, fonts,
//     audio and pasteboard services: no command-line tool we target needs
//     them.
//   - iokit-open of any class (codex and sandbox-runtime allow
//     RootDomainUserClient for power assertions; git, clang, node and
//     python do not open IOKit) and iokit-get-properties.
//   - kern.proc.all (every process on the machine), sysctl writes,
//     mach-priv-task-port, file-mount and file-unmount, system-fsctl.

// service is one allowance that is not about the files a command reads or
// writes: processes, Mach services, sysctls, IPC.
type service struct {
	// ops are the operations, filters what narrows them (none for a bare
	// allowance).
	ops     string
	filters []string
	why     string
	// network marks what only Network.All grants.
	network bool
}

// services is built on first use: its filters are computed, and the Linux
// runner, which links this package for explain, never needs them.
var services = sync.OnceValue(func() []service {
	return []service{
		{ops: "process-fork", why: "fork and posix_spawn: every shell and build tool"},
		{ops: "signal", filters: []string{"(target same-sandbox)"}, why: "kill, job control and timeouts, only to processes of this sandbox"},
		{ops: "process-info*", filters: []string{"(target same-sandbox)"}, why: "proc_pidinfo and task_info on itself and its children: ps of its own jobs, node's process.memoryUsage()"},
		{ops: "mach-host*", why: "host_processor_info and host_statistics: node os.cpus() and os.freemem(), python psutil; setting host ports needs root anyway"},
		{ops: "pseudo-tty", why: "openpty and posix_openpt: script, expect, python's pty, ssh -t"},
		{ops: "ipc-posix-sem", why: "named POSIX semaphores: python multiprocessing's SemLock"},
		{ops: "ipc-posix-shm", why: "POSIX shared memory: python multiprocessing.shared_memory and notify(3)'s state page; what /dev/shm is on Linux"},

		{ops: "mach-lookup", filters: globalNames("com.apple.system.opendirectoryd.libinfo"), why: "getpwuid, getpwnam, getgrgid: git and ssh finding ~, python's pwd, id, whoami, shells expanding ~"},
		{ops: "mach-lookup", filters: globalNames("com.apple.system.opendirectoryd.membership"), why: "group membership (getgrouplist, mbr_check_membership): id, ls -l, permission checks"},
		{ops: "mach-lookup", filters: globalNames("com.apple.system.notification_center"), why: "notify(3): libinfo's cache invalidation and tzset(), at start-up of git, python and node"},
		{ops: "mach-lookup", filters: globalNames("com.apple.bsd.dirhelper"), why: "confstr(_CS_DARWIN_USER_TEMP_DIR and _CACHE_DIR): the xcrun shims in /usr/bin (clang, git, python3, make) and Foundation"},

		{ops: "sysctl-read", filters: sysctlNames(
			"hw.ncpu", "hw.activecpu", "hw.logicalcpu", "hw.logicalcpu_max", "hw.physicalcpu",
			"hw.physicalcpu_max", "hw.packages", "hw.nperflevels", "hw.cacheconfig"), why: "CPU count and topology: make -j, the go runtime, node os.cpus(), python os.cpu_count(), libuv's thread pool"},
		{ops: "sysctl-read", filters: append(sysctlNames(
			"hw.machine", "hw.model", "hw.cputype", "hw.cpusubtype", "hw.cpufamily", "hw.byteorder",
			"hw.vectorunit", "hw.cpufrequency", "hw.cpufrequency_compat", "hw.busfrequency_compat",
			"hw.tbfrequency_compat", "sysctl.proc_cputype", "sysctl.proc_translated", "machdep.ptrauth_enabled"),
			sysctlPrefixes("hw.optional.", "hw.perflevel", "machdep.cpu.")...), why: "CPU architecture and features: dyld, clang -march=native, V8, OpenSSL, Rosetta detection"},
		{ops: "sysctl-read", filters: sysctlNames(
			"hw.memsize", "hw.pagesize", "hw.pagesize_compat", "hw.cachelinesize_compat",
			"hw.l1dcachesize_compat", "hw.l1icachesize_compat", "hw.l2cachesize_compat", "hw.l3cachesize_compat"), why: "memory, page and cache sizes: allocators, the go runtime, node os.totalmem()"},
		{ops: "sysctl-read", filters: sysctlNames(
			"kern.ostype", "kern.osrelease", "kern.osversion", "kern.version", "kern.osproductversion",
			"kern.osvariant_status", "kern.hostname", "kern.secure_kernel"), why: "uname(3) and the OS version: uname, python's platform, node os.release(), configure scripts"},
		{ops: "sysctl-read", filters: sysctlNames(
			"kern.argmax", "kern.maxfiles", "kern.maxfilesperproc", "kern.maxproc", "kern.ngroups", "kern.usrstack64"), why: "limits: ARG_MAX for xargs and shells, open-file and process limits, NGROUPS for id"},
		{ops: "sysctl-read", filters: sysctlNames("kern.boottime", "vm.loadavg"), why: "boot time and load: uptime, node os.uptime() and os.loadavg(), make -l"},
		{ops: "sysctl-read", filters: sysctlPrefixes("kern.proc.pid.", "kern.proc.pgrp."), why: "process information by pid and process group: ps and pgrep of its own jobs, libproc (Linux grants /proc read)"},

		{network: true, ops: "network*", why: "--network all: every socket operation (unix sockets narrowed below unless granted)"},
		{network: true, ops: "system-socket", why: "routing and kernel-control sockets: getifaddrs, reachability checks"},
		{network: true, ops: "sysctl-read", filters: sysctlPrefixes("net.routetable."), why: "interface and route tables: getifaddrs, route lookups"},
		{network: true, ops: "mach-lookup", filters: globalNames("com.apple.SystemConfiguration.DNSConfiguration"), why: "getaddrinfo asks configd for the DNS servers"},
		{network: true, ops: "mach-lookup", filters: globalNames("com.apple.SystemConfiguration.configd"), why: "system proxy settings (SCDynamicStore): python urllib, curl"},
		{network: true, ops: "mach-lookup", filters: globalNames("com.apple.trustd.agent"), why: "TLS certificate evaluation (SecTrust): Apple's curl and git over https, swift"},
		{network: true, ops: "file-read*", filters: literals("/private/var/run/resolv.conf"), why: "/etc/resolv.conf, for resolvers that read it themselves (go, c-ares in node, dnspython)"},
	}
})

// mdnsResponder is the unix socket getaddrinfo resolves names through; with
// --network all it stays reachable when other unix sockets are refused.
const mdnsResponder = "/private/var/run/mDNSResponder"

// systemRead are the locations a command may read, execute and map
// executable: the base system and where toolchains are installed.
var systemRead = []struct{ path, why string }{
	{"/usr", "the base system: /usr/bin, /usr/lib, /usr/libexec, /usr/share; Homebrew on Intel in /usr/local"},
	{"/bin", "sh, bash, zsh and the basic commands"},
	{"/sbin", "ping, ifconfig, md5 and other system commands"},
	{"/System/Library", "the frameworks and dylibs dyld loads, SystemVersion.plist"},
	{"/System/Cryptexes", "the OS cryptex: the dyld shared cache and libraries updated with Safari (macOS 13+)"},
	{"/System/Volumes/Preboot/Cryptexes", "what /System/Cryptexes points to"},
	{"/System/iOSSupport", "Mac Catalyst frameworks some system libraries link"},
	{"/Library", "the Command Line Tools (/Library/Developer), python.org and Java frameworks, system-wide settings"},
	{"/Applications/Xcode.app", "Xcode's toolchain, when xcode-select points at it"},
	{"/opt", "Homebrew on Apple silicon (/opt/homebrew), MacPorts (/opt/local)"},
	{"/nix/store", "Nix packages"},
	{"/private/etc", "/etc: hosts, passwd, shells, ssl certificates, zshrc"},
	{"/private/var/db/timezone", "the zoneinfo /etc/localtime points to"},
	{"/private/var/db/dyld", "the dyld shared cache on macOS 12 and earlier"},
	{"/private/var/db/xcode_select_link", "the active developer directory the xcrun shims use"},
	{"/private/var/select", "/bin/sh runs the shell /private/var/select/sh names"},
}

// systemLinks are symbolic links a command must be able to lstat and
// readlink to resolve paths through them.
var systemLinks = []string{"/etc", "/tmp", "/var", "/dev/stdin", "/dev/stdout", "/dev/stderr"}

// devices are the device nodes any command may read and write (never
// create, remove or rename) and use ioctl on. Built at first use, as
// protectedInRoot is: the filters are some twenty allocations.
var devices = sync.OnceValue(func() []device {
	return []device{
		{literal("/dev/null"), "the bit bucket"},
		{literal("/dev/zero"), "zeros"},
		{literal("/dev/random"), "randomness"},
		{literal("/dev/urandom"), "randomness"},
		{literal("/dev/tty"), "the controlling terminal: password prompts, less, vim"},
		{literal("/dev/ptmx"), "pseudo-terminal multiplexer, with pseudo-tty above"},
		{regex(`^/dev/ttys[0-9]+$`), "pseudo-terminal replicas: the terminal the command runs in and the ones it opens"},
		{subpath("/dev/fd"), "/dev/fd/N and /dev/stdin…: reopening descriptors the command already holds; bash process substitution"},
		{literal("/dev/dtracehelper"), "dyld registers the USDT probes of node, python and ruby"},
	}
})

// device is one of devices: its SBPL filter, and why it is allowed.
type device struct{ filter, why string }

// The filter builders. Their arguments are constants of this package;
// quote refusing one is a bug in a table above.

func literal(p string) string { return "(literal " + mustQuote(p) + ")" }
func subpath(p string) string { return "(subpath " + mustQuote(p) + ")" }

// regex writes a #"…" literal, whose backslashes the SBPL reader may or may
// not pass through: the tables use none.
func regex(re string) string {
	if strings.ContainsAny(re, `"\`) {
		panic("BUG(mewsandbox): seatbelt regex " + re + " holds a quote or backslash")
	}
	return "(regex #" + mustQuote(re) + ")"
}

func literals(ps ...string) []string { return each(literal, ps) }

func globalNames(names ...string) []string {
	return each(func(n string) string { return "(global-name " + mustQuote(n) + ")" }, names)
}

func sysctlNames(names ...string) []string {
	return each(func(n string) string { return "(sysctl-name " + mustQuote(n) + ")" }, names)
}

func sysctlPrefixes(prefixes ...string) []string {
	return each(func(n string) string { return "(sysctl-name-prefix " + mustQuote(n) + ")" }, prefixes)
}

func each(f func(string) string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
