#include <gtest/gtest.h>

#include <csignal>

#include "tools/process/child_process.hpp"

namespace tempo::process {
namespace {

// Long enough never to be reached on a loaded machine: these tests wait for output, not for time.
Clock::time_point later() { return Clock::now() + std::chrono::seconds(30); }

TEST(ChildProcess, LinesGoBothWays) {
    ChildProcess child({"/bin/cat"});
    ASSERT_TRUE(child.send("f5 d6"));
    ASSERT_TRUE(child.write("c3\r\nlast"));
    std::string line;
    ASSERT_EQ(child.read_line(line, later()), ChildProcess::Read::kLine);
    EXPECT_EQ(line, "f5 d6");
    ASSERT_EQ(child.read_line(line, later()), ChildProcess::Read::kLine);
    EXPECT_EQ(line, "c3\r");  // carriage returns are the caller's business
    child.close_input();
    ASSERT_EQ(child.read_line(line, later()), ChildProcess::Read::kLine);
    EXPECT_EQ(line, "last");  // a last line without '\n'
    EXPECT_EQ(child.read_line(line, later()), ChildProcess::Read::kEof);
    EXPECT_TRUE(child.at_eof());
    const auto status = child.wait_exit(later());
    ASSERT_TRUE(status);
    EXPECT_TRUE(clean_exit(*status));
    EXPECT_EQ(describe_status(*status), "exit 0");
    EXPECT_FALSE(child.running());
    EXPECT_FALSE(child.send("gone"));
}

TEST(ChildProcess, ShellLineWithPipedStderrAndExitCode) {
    // Shell quoting as a match's --engineN command line uses it.
    ChildProcess child(shell_argv("/bin/sh -c 'echo out; echo err >&2; exit 3'"), {ChildOptions::Stderr::kPipe, true});
    std::string line;
    ASSERT_EQ(child.read_line(line, later()), ChildProcess::Read::kLine);
    EXPECT_EQ(line, "out");
    EXPECT_EQ(child.read_line(line, later()), ChildProcess::Read::kEof);
    const auto status = child.wait_exit(later());
    ASSERT_TRUE(status);
    EXPECT_FALSE(clean_exit(*status));
    EXPECT_EQ(exit_code(*status), 3);
    EXPECT_EQ(describe_status(*status), "exit 3");
    EXPECT_EQ(child.take_stderr_lines(), std::vector<std::string>{"err"});
    EXPECT_TRUE(child.take_stderr_lines().empty());
}

TEST(ChildProcess, StderrLastLineWithoutNewlineAfterExit) {
    ChildProcess child(shell_argv("/bin/sh -c 'printf \"a\\nb\" >&2'"), {ChildOptions::Stderr::kPipe, true});
    std::string line;
    EXPECT_EQ(child.read_line(line, later()), ChildProcess::Read::kEof);
    ASSERT_TRUE(child.wait_exit(later()));
    EXPECT_EQ(child.take_stderr_lines(), (std::vector<std::string>{"a", "b"}));
}

TEST(ChildProcess, TimeoutAndKill) {
    ChildProcess child({"/bin/cat"});
    std::string line;
    EXPECT_EQ(child.read_line(line, Clock::now()), ChildProcess::Read::kTimeout);  // a deadline already past
    const std::atomic<bool> abort{true};
    EXPECT_EQ(child.read_line(line, later(), &abort), ChildProcess::Read::kTimeout);
    EXPECT_FALSE(child.wait_exit(Clock::now()));  // cat waits for its input: killed
    EXPECT_TRUE(child.hung());
    const auto status = child.exit_status();
    ASSERT_TRUE(status);
    EXPECT_EQ(exit_code(*status), 128 + SIGKILL);
}

TEST(ChildProcess, ProgramThatDoesNotStart) {
    ChildProcess child({"/nonexistent/engine"}, {ChildOptions::Stderr::kDiscard});
    const auto status = child.wait_exit(later());
    ASSERT_TRUE(status);
    EXPECT_EQ(exit_code(*status), 127);
    EXPECT_THROW(ChildProcess(std::vector<std::string>{}), std::runtime_error);
}

}  // namespace
}  // namespace tempo::process
