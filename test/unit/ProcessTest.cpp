// Unit tests of process supervision (warplint/Driver/Process.h): starting a
// child as a shell would, its exit status and captured output, a child ended
// by a signal, deadlines and stop flags, and signals passed on to children.
#include "warplint/Driver/Process.h"
#include "ScratchDir.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Errno.h"
#include "gtest/gtest.h"
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>
#ifndef _WIN32
#include <csignal>
#include <sys/wait.h>
#endif

using namespace warplint::process;
using llvm::StringRef;
using warplint::test::readText;
using warplint::test::ScratchDir;

namespace {

/// Script, run by /bin/sh -c.
RunResult sh(StringRef Script,
             llvm::ArrayRef<std::optional<StringRef>> Redirects = {},
             const Limits &L = {}) {
  std::vector<std::string> Args{"/bin/sh", "-c", Script.str()};
  return runBounded("/bin/sh", Args, std::nullopt, Redirects, L);
}

} // namespace

TEST(ProcessTest, ScriptsWithoutAShebangRunWithTheShell) {
  EXPECT_TRUE(runsAsShellScript("echo hi\nexit 3\n"));
  EXPECT_TRUE(runsAsShellScript(""));
  // A NUL byte after the first line does not make a file binary.
  EXPECT_TRUE(runsAsShellScript(llvm::StringRef("exit 3\n\0x", 9)));
  EXPECT_FALSE(runsAsShellScript(llvm::StringRef("exit 3 \0\n", 9)));
  EXPECT_FALSE(runsAsShellScript("\177ELF\2\1\1"));
  // Only the first 80 bytes are looked at, as bash and dash do.
  std::string Long(100, 'x');
  Long[90] = '\0';
  EXPECT_TRUE(runsAsShellScript(Long));
}

#ifndef _WIN32

TEST(ProcessTest, TheExitStatusOfAChild) {
  RunResult R = sh("exit 3");
  EXPECT_TRUE(R.Started);
  EXPECT_FALSE(R.TimedOut);
  EXPECT_FALSE(R.Aborted);
  EXPECT_FALSE(R.killedBySignal());
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(sh("true").Status, 0);
}

TEST(ProcessTest, OutputAndErrorAreCapturedInFiles) {
  ScratchDir D("warplint-process");
  std::string Out = D.write("out", "what was there before\n");
  std::string Err = D.path("err");
  // Standard input is the null device: cat ends at once.
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out),
                                          StringRef(Err)};
  RunResult R = sh("echo to-out; cat; echo to-err >&2", Redirects);
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(readText(Out), "to-out\n");
  EXPECT_EQ(readText(Err), "to-err\n");
}

TEST(ProcessTest, AChildEndedByASignalIsReportedAsSuch) {
  RunResult R = sh("kill -KILL $$");
  EXPECT_TRUE(R.Started);
  EXPECT_TRUE(R.killedBySignal());
  EXPECT_EQ(R.Status, -2);
  EXPECT_EQ(R.Error, strsignal(SIGKILL));
  EXPECT_FALSE(R.TimedOut);
}

TEST(ProcessTest, AProgramThatCannotStartSaysWhy) {
  std::vector<std::string> Args{"/nonexistent/warplint-prog"};
  RunResult R = runBounded(Args[0], Args, std::nullopt, {});
  EXPECT_FALSE(R.Started);
  EXPECT_EQ(R.Error, llvm::sys::StrError(ENOENT));
  // A file that looks binary is not run by the shell.
  ScratchDir D("warplint-process");
  std::string Bin = D.write("bin", StringRef("\177ELF\2\1\1\0junk", 12),
                            /*Executable=*/true);
  Args = {Bin};
  R = runBounded(Bin, Args, std::nullopt, {});
  EXPECT_FALSE(R.Started);
  EXPECT_EQ(R.Error, llvm::sys::StrError(ENOEXEC));
}

TEST(ProcessTest, AScriptWithoutAShebangRunsWithTheShellAsItsArgv0) {
  ScratchDir D("warplint-process");
  std::string Script =
      D.write("script", "echo \"$0 $1\"\nexit 7\n", /*Executable=*/true);
  std::string Out = D.path("out");
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out)};
  std::vector<std::string> Args{"name-ignored", "arg"};
  RunResult R = runBounded(Script, Args, std::nullopt, Redirects);
  EXPECT_EQ(R.Status, 7);
  EXPECT_EQ(readText(Out), Script + " arg\n");
}

TEST(ProcessTest, ADeadlineStopsTheChild) {
  std::atomic<int64_t> Deadline{nowMs() + 100};
  int64_t Start = nowMs();
  RunResult R = sh("exec sleep 30", {}, {&Deadline, nullptr});
  EXPECT_TRUE(R.Started);
  EXPECT_TRUE(R.TimedOut);
  EXPECT_FALSE(R.Aborted);
  EXPECT_LT(nowMs() - Start, 5000);
}

TEST(ProcessTest, TheDeadlineMayBeSetWhileTheChildRuns) {
  std::atomic<int64_t> Deadline{INT64_MAX};
  std::thread Setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    Deadline.store(nowMs());
  });
  RunResult R = sh("exec sleep 30", {}, {&Deadline, nullptr});
  Setter.join();
  EXPECT_TRUE(R.TimedOut);
  // A child that ends in time is not stopped.
  Deadline.store(nowMs() + 10000);
  R = sh("exit 4", {}, {&Deadline, nullptr});
  EXPECT_FALSE(R.TimedOut);
  EXPECT_EQ(R.Status, 4);
}

TEST(ProcessTest, AStopFlagAbortsTheRun) {
  std::atomic<bool> Stop{false};
  std::thread Stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    Stop.store(true);
  });
  RunResult R = sh("exec sleep 30", {}, {nullptr, &Stop});
  Stopper.join();
  EXPECT_TRUE(R.Aborted);
  EXPECT_FALSE(R.TimedOut);
}

TEST(ProcessTest, TheEnvironmentWithTmpdir) {
  std::vector<std::string> Env = environmentWithTmpdir("/some/dir");
  EXPECT_EQ(
      llvm::count_if(Env, [](StringRef E) { return E.starts_with("TMPDIR="); }),
      1);
  EXPECT_EQ(Env.back(), "TMPDIR=/some/dir");
  ScratchDir D("warplint-process");
  std::string Out = D.path("out");
  std::vector<StringRef> Refs(Env.begin(), Env.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out)};
  std::vector<std::string> Args{"/bin/sh", "-c", "echo $TMPDIR"};
  RunResult R =
      runBounded("/bin/sh", Args, llvm::ArrayRef<StringRef>(Refs), Redirects);
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(readText(Out), "/some/dir\n");
}

TEST(ProcessTest, TheLauncherEndsAsItsChildDid) {
  std::string Error;
  auto WaitFor = [&](StringRef Script) {
    std::vector<std::string> Args{"/bin/sh", "-c", Script.str()};
    llvm::sys::ProcessInfo PI = spawn("/bin/sh", Args, std::nullopt, {}, Error);
    EXPECT_NE(PI.Pid, llvm::sys::ProcessInfo::InvalidPid) << Error;
    return waitStatus(PI);
  };
  int Zero = WaitFor("exit 0");
  EXPECT_TRUE(exitedWithZero(Zero));
  EXPECT_EQ(finishAs(Zero), 0);
  int Five = WaitFor("exit 5");
  EXPECT_FALSE(exitedWithZero(Five));
  EXPECT_EQ(finishAs(Five), 5);
  // A crash (here SIGUSR1, which dumps no core) gives 128 + the signal; the
  // signals of an interrupted build would end this process, as they do the
  // launcher.
  int Usr1 = WaitFor("kill -USR1 $$");
  EXPECT_FALSE(exitedWithZero(Usr1));
  EXPECT_EQ(finishAs(Usr1), 128 + SIGUSR1);
}

/// Registers a child, gets SIGTERM and exits 0 when the child got it too,
/// the signal was noted and later runs are refused.
[[noreturn]] static void forwardSignalToAChild() {
  installSignalForwarding();
  std::string Error;
  std::vector<std::string> Args{"/bin/sh", "-c", "exec sleep 30"};
  llvm::sys::ProcessInfo PI = spawn("/bin/sh", Args, std::nullopt, {}, Error);
  unsigned Slot = registerChild(PI.Pid);
  ::raise(SIGTERM);
  int Status = waitStatus(PI);
  unregisterChild(Slot);
  bool Passed = WIFSIGNALED(Status) && WTERMSIG(Status) == SIGTERM;
  bool Noted = caughtSignal() == SIGTERM && runsAborted();
  bool Refused = sh("exit 0").Aborted;
  std::_Exit(Passed && Noted && Refused ? 0 : 1);
}

// In a child process of its own (a death test): the forwarding changes this
// process's signal handlers and aborts every later run.
TEST(ProcessTest, SignalsArePassedOnToRegisteredChildren) {
  EXPECT_EXIT(forwardSignalToAChild(), ::testing::ExitedWithCode(0), "");
}

/// True while the process Pid exists and is not a zombie.
static bool alive(int Pid) {
  std::ifstream In("/proc/" + std::to_string(Pid) + "/stat");
  std::string Stat;
  if (!std::getline(In, Stat))
    return false;
  StringRef State = StringRef(Stat).rsplit(')').second.trim();
  return !State.starts_with("Z");
}

/// Waits up to five seconds for Pid to end.
static bool ends(int Pid) {
  for (int I = 0; I < 500 && alive(Pid); ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return !alive(Pid);
}

// A child in a group of its own is stopped with what it started: a shell
// killed by SIGTERM left its own child running, re-parented to init
// (warplint --run-ptxas's clang, after a failed compile).
TEST(ProcessTest, AChildInItsOwnGroupIsStoppedWithWhatItStarted) {
  ScratchDir D("warplint-process");
  std::string Pid = D.path("grandchild");
  std::atomic<bool> Stop{false};
  Limits L;
  L.Stop = &Stop;
  L.Group = true;
  std::thread Stopper([&] {
    for (int I = 0; I < 2000 && !StringRef(readText(Pid)).ends_with("\n"); ++I)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    Stop.store(true);
  });
  RunResult R = sh("sleep 60 & echo $! > '" + Pid + "'; wait", {}, L);
  Stopper.join();
  EXPECT_TRUE(R.Aborted);
  int Grandchild = 0;
  ASSERT_FALSE(StringRef(readText(Pid)).trim().getAsInteger(10, Grandchild))
      << "'" << readText(Pid) << "'";
  EXPECT_TRUE(ends(Grandchild));
}

// Even when it ends by itself, what it left running in its group goes.
TEST(ProcessTest, WhatAGroupLeavesBehindIsKilled) {
  ScratchDir D("warplint-process");
  std::string Pid = D.path("grandchild");
  Limits L;
  L.Group = true;
  RunResult R = sh("sleep 60 & echo $! > '" + Pid + "'", {}, L);
  EXPECT_EQ(R.Status, 0);
  int Grandchild = 0;
  ASSERT_FALSE(StringRef(readText(Pid)).trim().getAsInteger(10, Grandchild))
      << "'" << readText(Pid) << "'";
  EXPECT_TRUE(ends(Grandchild));
}

/// Gets SIGTERM while its child exits 0 regardless: ends by SIGTERM, never
/// with status 0.
[[noreturn]] static void signalWhileTheChildSucceeds() {
  installSignalForwarding();
  std::string Error;
  std::vector<std::string> Args{"/bin/sh", "-c", "trap '' TERM; exit 0"};
  llvm::sys::ProcessInfo PI = spawn("/bin/sh", Args, std::nullopt, {}, Error);
  ::raise(SIGTERM);
  int Status = waitStatus(PI);
  std::_Exit(finishAfterSignal(Status));
}

TEST(ProcessTest, ASignalNeverEndsTheLauncherWithZero) {
  EXPECT_EXIT(signalWhileTheChildSucceeds(), ::testing::KilledBySignal(SIGTERM),
              "");
}

#endif
