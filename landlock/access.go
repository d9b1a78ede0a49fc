// Package landlock turns a filesystem and network policy into a Landlock
// ruleset and applies it to the calling thread. It talks to the kernel through
// raw system calls (golang.org/x/sys/unix) and reports which parts of a policy
// the running kernel cannot enforce.
package landlock

import (
	"fmt"
	"math/bits"
	"strings"
)

// AccessFS is a set of Landlock filesystem rights; bits equal the kernel's
// LANDLOCK_ACCESS_FS_*.
type AccessFS uint64

// Filesystem rights, in the kernel's bit order.
const (
	Execute    AccessFS = 1 << iota // LANDLOCK_ACCESS_FS_EXECUTE
	WriteFile                       // LANDLOCK_ACCESS_FS_WRITE_FILE
	ReadFile                        // LANDLOCK_ACCESS_FS_READ_FILE
	ReadDir                         // LANDLOCK_ACCESS_FS_READ_DIR
	RemoveDir                       // LANDLOCK_ACCESS_FS_REMOVE_DIR
	RemoveFile                      // LANDLOCK_ACCESS_FS_REMOVE_FILE
	MakeChar                        // LANDLOCK_ACCESS_FS_MAKE_CHAR
	MakeDir                         // LANDLOCK_ACCESS_FS_MAKE_DIR
	MakeReg                         // LANDLOCK_ACCESS_FS_MAKE_REG
	MakeSock                        // LANDLOCK_ACCESS_FS_MAKE_SOCK
	MakeFifo                        // LANDLOCK_ACCESS_FS_MAKE_FIFO
	MakeBlock                       // LANDLOCK_ACCESS_FS_MAKE_BLOCK
	MakeSym                         // LANDLOCK_ACCESS_FS_MAKE_SYM
	Refer                           // LANDLOCK_ACCESS_FS_REFER, ABI 2
	Truncate                        // LANDLOCK_ACCESS_FS_TRUNCATE, ABI 3
	IoctlDev                        // LANDLOCK_ACCESS_FS_IOCTL_DEV, ABI 5
)

// Common sets of rights.
const (
	ReadOnly = ReadFile | ReadDir
	ReadExec = ReadOnly | Execute
	// ReadWrite is every right except creating device nodes, which a
	// sandboxed command is never granted.
	ReadWrite = allFS &^ (MakeChar | MakeBlock)
)

// allFS is every filesystem right this package knows. ABI 9 adds
// LANDLOCK_ACCESS_FS_RESOLVE_UNIX (connecting to pathname unix sockets); it is
// deliberately absent until the exec policy decides how to grant it.
const allFS = IoctlDev<<1 - 1

// fileRights are the rights the kernel accepts on a rule for a non-directory;
// the others only make sense beneath a directory.
const fileRights = Execute | WriteFile | ReadFile | Truncate | IoctlDev

var accessNames = [...]string{
	"execute", "write_file", "read_file", "read_dir", "remove_dir", "remove_file",
	"make_char", "make_dir", "make_reg", "make_sock", "make_fifo", "make_block",
	"make_sym", "refer", "truncate", "ioctl_dev",
}

// String lists the rights joined by "|" ("read_file|read_dir"), "none" for the
// empty set; bits this package does not know print in hex.
func (a AccessFS) String() string {
	if a == 0 {
		return "none"
	}
	var parts []string
	for b := a & allFS; b != 0; b &= b - 1 {
		parts = append(parts, accessNames[bits.TrailingZeros64(uint64(b))])
	}
	if unknown := a &^ allFS; unknown != 0 {
		parts = append(parts, fmt.Sprintf("%#x", uint64(unknown)))
	}
	return strings.Join(parts, "|")
}

// Network rights (LANDLOCK_ACCESS_NET_*) and scopes (LANDLOCK_SCOPE_*). They
// stay unexported: Config exposes them as ports and booleans.
const (
	netBindTCP    uint64 = 1 << 0
	netConnectTCP uint64 = 1 << 1

	scopeAbstractUnix uint64 = 1 << 0
	scopeSignal       uint64 = 1 << 1
)

// abiFeatures is what one Landlock ABI version can restrict.
type abiFeatures struct {
	fs     AccessFS
	net    uint64
	scoped uint64
}

// abiTable is the downgrade table: index = ABI version. Later ABIs only add.
//
//	1 (Linux 5.13) filesystem: execute … make_sym
//	2 (5.19)       refer: reparenting by rename/link (ABI 1 always denies it)
//	3 (6.2)        truncate
//	4 (6.7)        TCP bind and connect
//	5 (6.10)       ioctl on device files
//	6 (6.12)       scoping of signals and abstract unix sockets
//	7 (6.15)       audit logging flags for restrict_self, no new rights
//
// Later ABIs are treated as 7: ABI 8 adds LANDLOCK_RESTRICT_SELF_TSYNC (restrict
// every thread of the process at once, which would free callers from
// restricting on the execve'ing thread), ABI 9 adds the pathname unix socket
// right noted at allFS. Neither is used yet.
var abiTable = [...]abiFeatures{
	0: {},
	1: {fs: Execute | WriteFile | ReadFile | ReadDir | RemoveDir | RemoveFile | MakeChar | MakeDir | MakeReg | MakeSock | MakeFifo | MakeBlock | MakeSym},
	2: {fs: Execute | WriteFile | ReadFile | ReadDir | RemoveDir | RemoveFile | MakeChar | MakeDir | MakeReg | MakeSock | MakeFifo | MakeBlock | MakeSym | Refer},
	3: {fs: Execute | WriteFile | ReadFile | ReadDir | RemoveDir | RemoveFile | MakeChar | MakeDir | MakeReg | MakeSock | MakeFifo | MakeBlock | MakeSym | Refer | Truncate},
	4: {fs: Execute | WriteFile | ReadFile | ReadDir | RemoveDir | RemoveFile | MakeChar | MakeDir | MakeReg | MakeSock | MakeFifo | MakeBlock | MakeSym | Refer | Truncate, net: netBindTCP | netConnectTCP},
	5: {fs: allFS, net: netBindTCP | netConnectTCP},
	6: {fs: allFS, net: netBindTCP | netConnectTCP, scoped: scopeAbstractUnix | scopeSignal},
	7: {fs: allFS, net: netBindTCP | netConnectTCP, scoped: scopeAbstractUnix | scopeSignal},
}

// maxKnownABI is the newest ABI whose rights this package knows.
const maxKnownABI = len(abiTable) - 1

// Handled is the file system rights a ruleset built for the given ABI
// handles (Config.Build): a rule added to it later may grant no other.
func Handled(abi int) AccessFS { return features(abi).fs }

// features returns what the given ABI can restrict, capped at maxKnownABI.
func features(abi int) abiFeatures {
	switch {
	case abi <= 0:
		return abiTable[0]
	case abi > maxKnownABI:
		return abiTable[maxKnownABI]
	}
	return abiTable[abi]
}
