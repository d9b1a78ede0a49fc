package exec

import "golang.org/x/sys/unix"

// ioctlGetTermios reads a terminal's attributes: what isTerminal asks.
const ioctlGetTermios = unix.TCGETS
