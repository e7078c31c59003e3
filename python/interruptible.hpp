// Long calls (searches, batches) run with the GIL released and stop on Ctrl-C.
#pragma once

#include <functional>

namespace tempo::python {

// Runs `work` on a helper thread with the GIL released, while the calling thread (which holds the
// GIL) checks for signals every few milliseconds: on Ctrl-C it calls `stop` until `work` returns,
// then raises KeyboardInterrupt (the signal handler's exception). An exception from `work` is
// raised here. Python runs signal handlers on its main thread only, so only a call from the main
// thread is interrupted; `stop` still serves any thread (Engine.stop()).
void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop);

}  // namespace tempo::python
