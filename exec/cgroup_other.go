//go:build !linux

package exec

// CgroupLimits: cgroups are Linux's; elsewhere limits are rlimits.
func CgroupLimits() string { return "rlimits only: cgroups are Linux's" }
