package exec

// growStackTo is the stack GrowStack gives a goroutine: deeper than the
// runner's deepest work goes (the engine's analysis of a command line
// through the shell parser, the settings' YAML, the layer's plan through
// the resolver), measured: none of the goroutines that call GrowStack
// grew their stack again in a run.
const growStackTo = 48 << 10

// GrowStack gives the calling goroutine, at once, the stack its deep work
// would grow it to. A goroutine starts with a few kilobytes of stack and
// doubles it each time a call goes deeper than it holds; each doubling
// copies the stack and walks every frame on it to adjust its pointers,
// the dearer the deeper. A run with the layer grew its goroutines' stacks
// 13 times (counted with a uprobe on runtime.morestack), most of them deep
// in the engine's check, the layer's plan and the Landlock plan; with
// GrowStack first in each of those goroutines, 8 times, four of them
// GrowStack's own copies of a stack a frame or two deep. Measured (make
// bench): 0.3 to 0.4 ms less processor time for a run or a check, the
// layer's median 0.5 ms shorter (see docs/speed.md, What keeps it short).
// It costs a 64 KiB stack where the goroutine would have grown to 32 or
// 64. Call it first thing in a goroutine that goes deep; elsewhere it
// only costs the copy.
//
//go:noinline
func GrowStack() {
	var frame [growStackTo]byte
	touchStack(frame[:])
}

// touchStack writes to the frame GrowStack hands it, so that the frame is
// kept: the compiler drops a local array nothing uses.
//
//go:noinline
func touchStack(b []byte) { b[len(b)-1] = 1 }
