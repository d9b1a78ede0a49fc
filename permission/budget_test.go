package permission

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// budget is the time a test allows a check it times: limit, times
// slowdown under the race detector, times the runnable tasks each core
// has beyond one (the load average, read when called). The whole suite
// runs these tests beside the integration suite's processes, at loads of
// 8 to 13 on two cores, where a line checked in 0.6 s alone took 1.2 to
// 3 s and failed its bound; a line gone quadratic still takes minutes.
func budget(limit time.Duration) time.Duration {
	busy := 1.0
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			if load, err := strconv.ParseFloat(f[0], 64); err == nil {
				busy = max(1, load/float64(runtime.NumCPU()))
			}
		}
	}
	return time.Duration(float64(limit*slowdown) * busy)
}
