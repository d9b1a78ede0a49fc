// The sandbox child's interface to the Go side of package exec: the
// constants both sides share and the spec decoder, which tests call from Go.

#ifndef MEWSANDBOX_CHILD_LINUX_H
#define MEWSANDBOX_CHILD_LINUX_H

#include <stddef.h>
#include <stdint.h>

#define MEWS_CHILD_ARG "__mewsandbox_child"            // childArg
#define MEWS_PROBE_ARG "__mewsandbox_probe_namespaces" // probeArg
#define MEWS_RELEASE_ARG "__mewsandbox_release"        // releaseArg
#define MEWS_SPEC_MAGIC "mews"              // specMagic
#define MEWS_MAX_SPEC (64u << 20)           // maxSpecSize

// mews_spec is a decoded spec; its strings and filter point into the body.
struct mews_spec {
	char *path;
	char **argv, **envp;
	int best_effort, ruleset, seccomp;
	size_t ninsn;
	unsigned char *filter; // ninsn struct sock_filter
	uint64_t reset_signals;
	uint64_t keep_caps;
	size_t nlimits;
	unsigned char *limits; // nlimits (resource uint32, soft, hard uint64), little-endian
	size_t npass;
	unsigned char *pass; // npass (from uint32, to uint32): descriptors handed to the command
	size_t nmounts;
	unsigned char *mounts; // nmounts (op uint32, path string), decoded in place
	int pidns;             // the child is pid 1 of a pid namespace: fork the command, be its init
	uint64_t forward;      // signals (bit N-1 for N) that init passes on to the command
	uint64_t tmp_access;   // the Landlock rights granted beneath MEWS_MOUNT_PRIVATE_TMP's directory and MEWS_MOUNT_TMP's tmpfs
	uint64_t tmp_size;     // the size in bytes of it and of MEWS_MOUNT_SHM's and MEWS_MOUNT_TMP's tmpfs, 0 for the kernel's default
	uint64_t shm_access;   // the Landlock rights granted beneath MEWS_MOUNT_SHM's tmpfs
	uint64_t pts_access;   // the Landlock rights granted beneath MEWS_MOUNT_PTS's devpts
	int netns;             // unshare a network namespace of its own: abstract unix names not the host's
};

// mews_take_prefork hands the runner the child the release binary's entry
// point pre-forked for its run (child_linux.c's maybe_prefork), once: its
// pid, or -1, and the runner's ends of its spec socket and status pipe.
long mews_take_prefork(int *spec, int *status);
int mews_prefork_pending(void);
int mews_prefork_wait(void);
int mews_prefork_undumpable(void);
int mews_prefork_ended(void);
int mews_prefork_namespaced(void);
int mews_take_tmp(const char **path);
int mews_fd_open_at_start(int fd);
long mews_sharer_pid(void);
int mews_sharer_after_killed(const char *args, long n);
void mews_sharer_snapshot(const unsigned char *bytes, long n);
int mews_lock_queue(int *send, int *recv);

// What the sharer holds of the arguments of the process it starts should
// the runner be killed (child_linux.c's after): bytes, and strings. Both
// with the pointers (8 bytes a string) within the 128 KiB execve takes
// whatever the stack limit: 96 + 24 KiB. 64 KiB no longer held a project
// of 64 submodules' git directories named at length once stop 48 added
// some 30 protected names (TestAfterKilledManyGitDirs, as a user).
#define MEWS_AFTER_MAX_BYTES 98304
#define MEWS_AFTER_MAX_ARGS 3072
void mews_sharer_settled(void);
void mews_oom_runner(void);
int mews_test_kill_stragglers(int pause_fd, int for_ms, int without_pidfd);

// The probe's exit status when only the /proc of the pid namespace was
// refused (probeProcRefused in namespace_linux.go).
#define MEWS_PROBE_PROC_REFUSED 200

// The paths the layer can bind back into its tmpfs mounts: seven hidden
// directories and /dev/shm, of maxKept (namespace_linux.go) each.
#define MEWS_MAX_KEPT 512

// What the child says to the parent on the spec socket: it has blocked
// every signal; the kernel refused a /proc of its pid namespace; the
// kernel refused the network namespace of a best-effort run (followed by
// one byte, the errno); as the pid namespace's init, the command has
// ended, and nothing is left in the namespace (followed by one byte,
// init's exit status).
#define MEWS_ARMED "r"
#define MEWS_PROC_REFUSED "p"
#define MEWS_NETNS_REFUSED "n"
#define MEWS_ENDED "e"

// What a strict run's child reports when the kernel refuses its network
// namespace (netnsWhat in run_linux.go, which words the refusal).
#define MEWS_NETNS_WHAT "unshare(CLONE_NEWNET)"

// The release helper (release_placeholders): the extended attribute that
// marks a placeholder (placeholderMark), the runner's word that its run is
// over, and the prefixes of a placeholder's path that say this run made
// it, or only holds it.
#define MEWS_PLACEHOLDER_MARK "user.mewsandbox.placeholder" // placeholderMark
#define MEWS_RUN_OVER "d"                                   // runOver
#define MEWS_MADE "m"                                       // placeholderMade
#define MEWS_HELD "h"                                       // placeholderHeld
#define MEWS_RELEASE_GRACE_MS 100                           // releaseGrace
// What a placeholder commondir holds (commondirSelf): one that holds
// anything else is not removed.
#define MEWS_COMMONDIR_SELF ".\n" // commondirSelf

// The value the runner queues a signal with for init to pass it on to every
// process of the pid namespace (queueToAll in run_linux.go).
#define MEWS_TO_ALL 1

// The mount steps of the namespace layer (mountStep in namespace_linux.go).
#define MEWS_MOUNT_PRIVATE 1     // mount(MS_REC|MS_PRIVATE) of /
#define MEWS_MOUNT_BIND 2        // recursive bind of path onto itself
#define MEWS_MOUNT_RDONLY_TREE 3 // mount_setattr(AT_RECURSIVE, set MOUNT_ATTR_RDONLY and MOUNT_ATTR_NODEV) of /
#define MEWS_MOUNT_WRITABLE 4    // mount_setattr(clear MOUNT_ATTR_RDONLY), this mount only
#define MEWS_MOUNT_RDONLY 5      // mount_setattr(set MOUNT_ATTR_RDONLY), this mount only
#define MEWS_MOUNT_CHDIR 6       // fchdir: the working directory in the new tree
#define MEWS_MOUNT_PROC 7        // a read-only /proc of the child's pid namespace
#define MEWS_MOUNT_EMPTY 8       // an empty tmpfs over path (sealed by a MEWS_MOUNT_RDONLY)
#define MEWS_MOUNT_KEEP 9        // open path, to bind it back by a MEWS_MOUNT_PLACE
#define MEWS_MOUNT_PLACE 10      // bind the next kept path back at path, in a tmpfs
#define MEWS_MOUNT_HIDE_FILE 11  // /dev/null over path, read-only, nodev: unopenable
#define MEWS_MOUNT_PRIVATE_TMP 12 // a directory made at path, in an empty tmpfs, with a tmpfs of its own
#define MEWS_MOUNT_SHM 13         // a tmpfs of the child's own over path (/dev/shm), writable by all
#define MEWS_MOUNT_PTS 14         // a devpts of the child's own over path (/dev/pts), its ptmx bound over the sibling ptmx
#define MEWS_MOUNT_BIND_LINK 15    // bind the symbolic link at path onto itself, not followed
#define MEWS_MOUNT_MKDIR 16        // an empty directory made at path, in a tmpfs, nothing bound
#define MEWS_MOUNT_NODEV 17        // mount_setattr(set MOUNT_ATTR_NODEV), this mount only
#define MEWS_MOUNT_DEVICES 18      // mount_setattr(clear MOUNT_ATTR_NODEV), this mount only
#define MEWS_MOUNT_TMP 19          // a writable tmpfs of the child's own over path (/tmp), granted tmp_access beneath
#define MEWS_MOUNT_WRITABLE_HOST 20 // MEWS_MOUNT_WRITABLE where the mount was writable before MEWS_MOUNT_RDONLY_TREE
#define MEWS_MOUNT_MAX_HOST 256     // MEWS_MOUNT_WRITABLE_HOST steps looked at
// A MEWS_MOUNT_WRITABLE_HOST step's path is followed by the identity of the
// mount the plan judged (mountIdentity): device major and minor (uint32
// each) and the inode of its root (uint64), little-endian.
#define MEWS_MOUNT_IDENTITY_SIZE 16
#define MEWS_MOUNT_FIRST MEWS_MOUNT_PRIVATE
#define MEWS_MOUNT_LAST MEWS_MOUNT_WRITABLE_HOST

// mews_decode_spec decodes the n-byte body (which must have 4 writable bytes
// before it: strings are made C strings in place), using vec (nvec entries)
// for argv and envp. It returns NULL, or what is wrong with the body.
const char *mews_decode_spec(unsigned char *body, size_t n, char **vec, size_t nvec, struct mews_spec *s);

#endif
