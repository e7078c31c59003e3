#include "python/interruptible.hpp"

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace tempo::python {

namespace py = pybind11;

void run_interruptible(const std::function<void()>& work, const std::function<void()>& stop) {
    using namespace std::chrono_literals;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    bool interrupted = false;
    std::exception_ptr failure;
    {
        py::gil_scoped_release release;
        std::thread worker([&] {
            try {
                work();
            } catch (...) {
                failure = std::current_exception();
            }
            std::lock_guard lock(mutex);
            done = true;
            finished.notify_one();
        });
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, 10ms, [&] { return done; })) {
            lock.unlock();
            if (!interrupted) {
                py::gil_scoped_acquire gil;
                interrupted = PyErr_CheckSignals() != 0;  // the handler's exception is now set
            }
            // Again at each wake: a stop that came before the search began would be lost.
            if (interrupted) stop();
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (interrupted) throw py::error_already_set();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace tempo::python
