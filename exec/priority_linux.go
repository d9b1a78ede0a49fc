package exec

import "golang.org/x/sys/unix"

// priorityLimits are the limits that take back from the command a
// scheduling priority above everyone's, where the caller's limits grant
// one without a capability: RLIMIT_RTPRIO (limits.conf's rtprio, 95 for
// the audio group where JACK is installed) lets it run SCHED_FIFO or
// SCHED_RR, where a busy loop on every core leaves the host 5% of each
// (none where the real-time throttle is off); RLIMIT_NICE lets it take a
// nice value below 0, many times the host's share of a core. seccomp sees
// sched_setattr's policy only through a pointer, so the limits are the
// guard: 0, as for a user granted nothing. Nothing is added (no system
// call spent in the child) where the caller has neither.
func priorityLimits() []rlimit {
	var out []rlimit
	for _, res := range []int{unix.RLIMIT_RTPRIO, unix.RLIMIT_NICE} {
		var r unix.Rlimit
		if unix.Getrlimit(res, &r) == nil && r.Cur == 0 && r.Max == 0 {
			continue
		}
		out = append(out, rlimit{resource: res, soft: 0, hard: 0})
	}
	return out
}
