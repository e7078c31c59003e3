// A child process on Windows (tools/process/child_process.hpp): CreateProcess with anonymous pipes,
// a job object that a kill ends whole, and a thread a pipe that reads it (anonymous pipes cannot
// be polled with a timeout).
#include "tools/process/child_process.hpp"

#include <windows.h>
#include <psapi.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace tempo::process {

namespace {

// What a killed child exits with: 128 + SIGKILL, as a shell reports a killed process on POSIX.
constexpr UINT kKilledExitCode = 137;
// Bytes a reader thread holds before it waits for them to be taken: a flood waits in the pipe.
constexpr std::size_t kMaxPendingBytes = std::size_t{2} << 20;

// What one of the child's output pipes has delivered and not yet been taken.
struct Stream {
    std::string bytes;
    bool ended = false;
};

std::string last_error_text() { return std::system_category().message(static_cast<int>(GetLastError())); }

std::runtime_error system_error(const std::string& what) { return std::runtime_error(what + ": " + last_error_text()); }

void close_handle(HANDLE& handle) {
    if (handle) CloseHandle(handle);
    handle = nullptr;
}

// `arg` quoted so that the C runtime's command-line splitting gives it back as it is.
std::string quoted(const std::string& arg) {
    if (!arg.empty() && arg.find_first_of(" \t\n\v\"") == std::string::npos) return arg;
    std::string out = "\"";
    for (std::size_t i = 0;; ++i) {
        std::size_t backslashes = 0;
        while (i < arg.size() && arg[i] == '\\') ++i, ++backslashes;
        if (i == arg.size()) {
            out.append(backslashes * 2, '\\');  // before the closing quote, each one doubled
            break;
        }
        if (arg[i] == '"')
            out.append(backslashes * 2 + 1, '\\');
        else
            out.append(backslashes, '\\');
        out += arg[i];
    }
    return out + '"';
}

// Children are started one at a time: while one is, its pipe ends are inheritable, and a child that
// another thread started at that moment would inherit them (and hold our pipes open).
std::mutex& start_mutex() {
    static std::mutex mutex;
    return mutex;
}

}  // namespace

struct ChildProcess::Native {
    HANDLE process = nullptr, job = nullptr, to_child = nullptr;
    std::mutex mutex;  // guards out, err, closing
    std::condition_variable arrived, taken;
    Stream out, err;
    bool closing = false;  // the child is gone or going: readers stop waiting for their bytes to be taken
    std::thread out_reader, err_reader;

    // A reader thread: the pipe's bytes into `stream` until the pipe ends (the child closed it or died).
    void read(HANDLE pipe, Stream& stream) {
        char chunk[4096];
        DWORD got = 0;
        while (ReadFile(pipe, chunk, sizeof chunk, &got, nullptr)) {
            std::unique_lock lock(mutex);
            taken.wait(lock, [&] { return stream.bytes.size() < kMaxPendingBytes || closing; });
            stream.bytes.append(chunk, got);
            arrived.notify_all();
        }
        CloseHandle(pipe);
        std::lock_guard lock(mutex);
        stream.ended = true;
        arrived.notify_all();
    }
};

std::vector<std::string> shell_argv(const std::string& command) {
    std::vector<std::string> args;
    std::string arg;
    bool in_arg = false, in_quotes = false;
    for (std::size_t i = 0; i < command.size();) {
        const char c = command[i];
        if (c == '\\') {
            // Backslashes are themselves, except before a quote: 2n then a quote are n and a
            // delimiter, 2n+1 then a quote are n and a quote character.
            std::size_t count = 0;
            while (i < command.size() && command[i] == '\\') ++i, ++count;
            const bool before_quote = i < command.size() && command[i] == '"';
            arg.append(before_quote ? count / 2 : count, '\\');
            if (before_quote && count % 2 == 1) arg += command[i++];
            in_arg = true;
        } else if (c == '"') {
            in_quotes = !in_quotes;
            in_arg = true;
            ++i;
        } else if ((c == ' ' || c == '\t') && !in_quotes) {
            if (in_arg) args.push_back(std::move(arg));
            arg.clear();
            in_arg = false;
            ++i;
        } else {
            arg += c;
            in_arg = true;
            ++i;
        }
    }
    if (in_arg) args.push_back(std::move(arg));
    return args;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, ChildOptions options)
    : native_(std::make_unique<Native>()) {
    if (argv.empty()) throw std::runtime_error("no program to start");
    std::string command_line;
    for (const std::string& arg : argv) {
        if (!command_line.empty()) command_line += ' ';
        command_line += quoted(arg);
    }

    // Our ends stay ours; the child's ends become inheritable only while it is started.
    HANDLE in_read = nullptr, in_write = nullptr, out_read = nullptr, out_write = nullptr;
    HANDLE err_read = nullptr, err_write = nullptr;
    const auto close_all = [&] {
        for (HANDLE* h : {&in_read, &in_write, &out_read, &out_write, &err_read, &err_write}) close_handle(*h);
    };
    const auto fail = [&](const std::string& what) {
        const auto error = system_error(what);
        close_all();
        close_handle(native_->job);
        throw error;
    };
    if (!CreatePipe(&in_read, &in_write, nullptr, 0) || !CreatePipe(&out_read, &out_write, nullptr, 0)) fail("pipe");
    switch (options.stderr_mode) {
        case ChildOptions::Stderr::kPipe:
            if (!CreatePipe(&err_read, &err_write, nullptr, 0)) fail("pipe");
            break;
        case ChildOptions::Stderr::kDiscard:
            err_write = CreateFileA("NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                    0, nullptr);
            if (err_write == INVALID_HANDLE_VALUE) err_write = nullptr, fail("NUL");
            break;
        case ChildOptions::Stderr::kInherit: {
            const HANDLE ours = GetStdHandle(STD_ERROR_HANDLE);
            if (ours && ours != INVALID_HANDLE_VALUE &&
                !DuplicateHandle(GetCurrentProcess(), ours, GetCurrentProcess(), &err_write, 0, FALSE,
                                 DUPLICATE_SAME_ACCESS))
                fail("stderr");
            break;
        }
    }
    // The job ends the child and whatever it starts in one kill, and with us if we die first.
    native_->job = CreateJobObjectA(nullptr, nullptr);
    if (native_->job) {
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        SetInformationJobObject(native_->job, JobObjectExtendedLimitInformation, &limits, sizeof limits);
    }

    STARTUPINFOA startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = in_read;
    startup.hStdOutput = out_write;
    startup.hStdError = err_write;
    PROCESS_INFORMATION info{};
    const DWORD flags = CREATE_SUSPENDED | (options.own_group ? CREATE_NEW_PROCESS_GROUP : 0);
    {
        std::lock_guard lock(start_mutex());
        for (HANDLE h : {in_read, out_write, err_write})
            if (h) SetHandleInformation(h, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
        const BOOL started = CreateProcessA(nullptr, command_line.data(), nullptr, nullptr, TRUE, flags, nullptr,
                                            nullptr, &startup, &info);
        if (!started) fail("cannot start " + argv[0]);
        close_handle(in_read);
        close_handle(out_write);
        close_handle(err_write);
    }
    // Outside a job (one the system refuses) the child alone is killed.
    if (native_->job && !AssignProcessToJobObject(native_->job, info.hProcess)) close_handle(native_->job);
    ResumeThread(info.hThread);
    CloseHandle(info.hThread);
    native_->process = info.hProcess;
    native_->to_child = in_write;
    native_->out_reader = std::thread([native = native_.get(), out_read] { native->read(out_read, native->out); });
    if (err_read)
        native_->err_reader = std::thread([native = native_.get(), err_read] { native->read(err_read, native->err); });
    else
        native_->err.ended = true;
}

ChildProcess::~ChildProcess() {
    stop(std::chrono::milliseconds(0));
    {
        std::lock_guard lock(native_->mutex);
        native_->closing = true;
        native_->taken.notify_all();
    }
    // The child is gone: its pipes have ended, and the readers with them.
    if (native_->out_reader.joinable()) native_->out_reader.join();
    if (native_->err_reader.joinable()) native_->err_reader.join();
    close_handle(native_->process);
    close_handle(native_->job);
}

bool ChildProcess::write(std::string_view bytes) {
    if (!native_->to_child) return false;
    while (!bytes.empty()) {
        DWORD wrote = 0;
        const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size(), 1u << 20));
        if (!WriteFile(native_->to_child, bytes.data(), chunk, &wrote, nullptr) || wrote == 0) return false;
        bytes.remove_prefix(wrote);
    }
    return true;
}

void ChildProcess::close_input() { close_handle(native_->to_child); }

void ChildProcess::await_output(std::chrono::milliseconds wait) {
    std::unique_lock lock(native_->mutex);
    Stream& out = native_->out;
    Stream& err = native_->err;
    native_->arrived.wait_for(lock, wait, [&] { return !out.bytes.empty() || out.ended || !err.bytes.empty(); });
    buffer_ += out.bytes;
    out.bytes.clear();
    eof_ = out.ended;
    stderr_buffer_ += err.bytes;
    err.bytes.clear();
    const bool err_ended = err.ended;
    native_->taken.notify_all();
    lock.unlock();
    split_stderr(err_ended);
}

void ChildProcess::drain_stderr() {
    std::unique_lock lock(native_->mutex);
    stderr_buffer_ += native_->err.bytes;
    native_->err.bytes.clear();
    const bool ended = native_->err.ended;
    native_->taken.notify_all();
    lock.unlock();
    split_stderr(ended);
}

std::optional<int> ChildProcess::exit_status() {
    if (!status_ && native_->process && WaitForSingleObject(native_->process, 0) == WAIT_OBJECT_0) {
        DWORD code = 0;
        GetExitCodeProcess(native_->process, &code);
        status_ = static_cast<int>(code);
    }
    return status_;
}

void ChildProcess::kill_and_reap() {
    if (exit_status() || !native_->process) return;
    if (!native_->job || !TerminateJobObject(native_->job, kKilledExitCode))
        TerminateProcess(native_->process, kKilledExitCode);
    WaitForSingleObject(native_->process, INFINITE);
    exit_status();
}

long ChildProcess::peak_rss_kib() const {
    PROCESS_MEMORY_COUNTERS counters{};
    if (status_ || !GetProcessMemoryInfo(native_->process, &counters, sizeof counters)) return 0;
    return static_cast<long>(counters.PeakWorkingSetSize / 1024);
}

long ChildProcess::rss_kib() const {
    PROCESS_MEMORY_COUNTERS counters{};
    if (status_ || !GetProcessMemoryInfo(native_->process, &counters, sizeof counters)) return 0;
    return static_cast<long>(counters.WorkingSetSize / 1024);
}

std::string describe_status(int status) {
    const auto code = static_cast<unsigned>(status);
    if (code >= 0xC0000000u) {  // an NTSTATUS error: the child crashed (0xc0000005, an access violation)
        char text[32];
        std::snprintf(text, sizeof text, "exception 0x%08x", code);
        return text;
    }
    return "exit " + std::to_string(code);
}

bool clean_exit(int status) { return status == 0; }

int exit_code(int status) { return status; }

}  // namespace tempo::process
