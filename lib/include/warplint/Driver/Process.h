//===-- Process.h - Starting, bounding and stopping children ----*- C++ -*-===//
///
/// Process supervision for warplint-launch: starting a program as a shell
/// would (a script without "#!" runs with /bin/sh), with its standard
/// streams redirected to files; running it bounded by a deadline that may be
/// set while it runs; stopping it; and passing the signals the launcher gets
/// (SIGINT, SIGTERM, SIGHUP) on to every child it has registered. LLVM
/// Support only; POSIX, with LLVM's process calls on Windows (untested).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_PROCESS_H
#define WARPLINT_DRIVER_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint::process {

/// True when a file that the system cannot execute (execve failed with
/// ENOEXEC) is run by /bin/sh, as execvp and the shells do with a script
/// without a "#!" line; Head is the file's start (at least its first 80
/// bytes, when it has them). Like bash and dash, a file that looks binary (an
/// ELF header, or a NUL byte before the first newline) is not.
bool runsAsShellScript(llvm::StringRef Head);

/// Starts Program with Args (argv[0] as given) as execvp and the shells do:
/// a file the system cannot execute that is not binary (runsAsShellScript)
/// is run by /bin/sh with Program as $0. Env: the environment, or the
/// launcher's (std::nullopt). Redirects: standard input, output and error,
/// each inherited (std::nullopt, or missing), the null device ("") or a
/// file (created or truncated). OwnGroup: the child leads a process group
/// of its own, so that it can be stopped with everything it starts (it must
/// not read the terminal: a background group that does is stopped).
/// DieWithParent (Linux): the child is killed (SIGKILL, PR_SET_PDEATHSIG)
/// when the calling thread ends, as when this process is killed by SIGKILL;
/// the thread must outlive the child (wait for it). On failure the Pid is
/// InvalidPid and Error says why.
llvm::sys::ProcessInfo
spawn(llvm::StringRef Program, llvm::ArrayRef<std::string> Args,
      std::optional<llvm::ArrayRef<llvm::StringRef>> Env,
      llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects,
      std::string &Error, bool OwnGroup = false, bool DieWithParent = false);

/// Milliseconds of a steady clock, for deadlines.
int64_t nowMs();

/// What ends a bounded run early. Both are read while the child runs, so
/// another thread may set them meanwhile (the launcher sets the deadline
/// when the compiler ends).
struct Limits {
  /// A time of nowMs(); none when null.
  const std::atomic<int64_t> *DeadlineMs = nullptr;
  /// Set: the run is no longer wanted.
  const std::atomic<bool> *Stop = nullptr;
  /// The child runs in a process group of its own (spawn's OwnGroup), which
  /// signals, stopping and its end reach as a whole: nothing it started
  /// outlives it. For children that do not read the terminal.
  bool Group = false;
  /// The child is killed when this process ends, even by SIGKILL (spawn's
  /// DieWithParent; Linux only): a backstop for the clean-up that a process
  /// killed that way cannot do.
  bool DieWithParent = false;
};

/// How a bounded run ended.
struct RunResult {
  bool Started = false;  ///< false: Error says why it could not be started
  bool TimedOut = false; ///< the deadline passed; the child was stopped
  /// Stopped because Limits::Stop was set or runs were aborted (abortRuns),
  /// or never started for that.
  bool Aborted = false;
  /// The exit status; -1 when llvm::sys::Wait reports that the program
  /// could not be executed (status 126 or 127, Error says so); -2 when a
  /// signal ended it (Error names the signal: "Segmentation fault").
  int Status = -1;
  std::string Error;

  bool killedBySignal() const { return Status == -2; }
};

/// Runs Program to its end, or until the deadline passes, Stop is set or
/// runs are aborted, then stops it (stopChild). The child is registered for
/// signal forwarding while it runs. With L.Group, what is left of its group
/// when it ends is killed.
RunResult runBounded(llvm::StringRef Program, llvm::ArrayRef<std::string> Args,
                     std::optional<llvm::ArrayRef<llvm::StringRef>> Env,
                     llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects,
                     const Limits &L = {});

/// Stops a child: SIGTERM, up to two seconds to exit, then SIGKILL; and
/// reaps it. Group: the child leads a process group, and the signals go to
/// the whole group (SIGKILL too, to what outlived the leader).
void stopChild(const llvm::sys::ProcessInfo &PI, bool Group = false);

/// Waits for a child to end and returns its POSIX wait status (where
/// llvm::sys::Wait reports a signal as -2 without saying which); on
/// Windows, its exit code.
int waitStatus(const llvm::sys::ProcessInfo &PI);

/// True when WaitStatus is that of a child that exited with status 0.
bool exitedWithZero(int WaitStatus);

/// The exit status of a launcher whose child ended with WaitStatus. A child
/// stopped by SIGINT, SIGTERM, SIGHUP, SIGPIPE or SIGKILL stops this process
/// the same way (it does not return), so that make and ninja see an
/// interrupted build; a child that crashed gives 128 + the signal, as a
/// shell does, without this process dumping core itself.
int finishAs(int WaitStatus);

/// Pass SIGINT, SIGTERM and SIGHUP on to the registered children (those
/// this process ignores stay ignored), and abort the bounded runs; a second
/// signal kills the registered process groups and ends this process at
/// once, by that signal.
void installSignalForwarding();

/// The signal forwarded last, or 0.
int caughtSignal();

/// finishAs(WaitStatus), except that a launcher that caught a signal ends
/// by it even when its child exited (with 0 or another status): a signal
/// never gives 0. A child killed by a signal gives finishAs's end.
int finishAfterSignal(int WaitStatus);

/// Registers Pid (Group: the process group Pid leads) for signal
/// forwarding, and passes on at once a signal that came before; returns the
/// slot for unregisterChild.
unsigned registerChild(int Pid, bool Group = false);
void unregisterChild(unsigned Slot);

/// Aborts every bounded run, now and later (the compiler failed, or a
/// signal came).
void abortRuns();
bool runsAborted();

/// This process's environment with TMPDIR set to Dir, for a child whose
/// temporary files must land there.
std::vector<std::string> environmentWithTmpdir(llvm::StringRef Dir);

} // namespace warplint::process

#endif // WARPLINT_DRIVER_PROCESS_H
