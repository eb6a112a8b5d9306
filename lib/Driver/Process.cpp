//===-- Process.cpp - Starting, bounding and stopping children ------------===//
#include "warplint/Driver/Process.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/MemoryBuffer.h"

#include <chrono>
#include <climits>
#include <thread>

#ifndef _WIN32
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
extern char **environ;
#endif

using namespace llvm;

namespace warplint::process {

namespace {

/// Shared between the threads that run children and the signal handler.
std::atomic<bool> Aborted{false};
std::atomic<int> CaughtSignal{0};

/// The processes running now, for the signal handler to pass a signal on:
/// a process id, or minus the id of a process group (a child started in a
/// group of its own, with whatever it started), as kill() takes them.
constexpr unsigned MaxChildren = 1024;
std::atomic<int> Children[MaxChildren];
std::atomic<int> SignalsCaught{0};

#ifndef _WIN32
/// SIGINT, SIGTERM, SIGHUP: pass the signal on to the children, and let the
/// main thread finish (cleaning up) and end by the signal. A second signal
/// kills the process groups of the analysis (SIGKILL), passes the signal on
/// to the compiler, and ends this process at once by it.
extern "C" void onSignal(int Sig) {
  CaughtSignal.store(Sig);
  Aborted.store(true);
  bool Second = SignalsCaught.fetch_add(1) > 0;
  for (unsigned I = 0; I < MaxChildren; ++I)
    if (int Pid = Children[I].load())
      ::kill(Pid, Second && Pid < 0 ? SIGKILL : Sig);
  if (Second) {
    ::signal(Sig, SIG_DFL);
    ::raise(Sig); // delivered when the handler returns
  }
}
#endif

} // namespace

#ifdef __linux__
namespace {
/// posix_spawn for a child that dies with its parent: fork, then in the
/// child (async-signal-safe calls only) what posix_spawn would do (signals
/// blocked across the fork and reset to their defaults, a process group of
/// its own when OwnGroup, the redirections), and PR_SET_PDEATHSIG, so that
/// the child is killed when the thread that started it ends, the launcher
/// killed by SIGKILL included. A file the system cannot execute that is a
/// script runs with /bin/sh, as spawn does. Returns 0, or the errno of the
/// failure (from the child through a close-on-exec pipe).
int spawnDyingWithParent(pid_t &Pid, const char *Path, char *const *Direct,
                         char *const *ViaShell, const std::string Files[3],
                         char **EnvPtr, bool OwnGroup) {
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC))
    return errno;
  sigset_t All, Old;
  sigfillset(&All);
  pthread_sigmask(SIG_SETMASK, &All, &Old);
  pid_t Parent = ::getpid();
  pid_t Child = ::fork();
  if (Child == 0) {
    ::close(Pipe[0]);
    auto Fail = [&](int E) {
      (void)!::write(Pipe[1], &E, sizeof E);
      ::_exit(127);
    };
    for (int Sig = 1; Sig < NSIG; ++Sig) {
      struct sigaction Act;
      if (sigaction(Sig, nullptr, &Act) == 0 && Act.sa_handler != SIG_IGN &&
          Act.sa_handler != SIG_DFL) {
        Act.sa_handler = SIG_DFL;
        sigaction(Sig, &Act, nullptr);
      }
    }
    if (OwnGroup && ::setpgid(0, 0))
      Fail(errno);
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) || ::getppid() != Parent)
      Fail(ESRCH); // the parent is gone already
    pthread_sigmask(SIG_SETMASK, &Old, nullptr);
    for (int Fd = 0; Fd < 3; ++Fd) {
      if (Files[Fd].empty())
        continue;
      int F = ::open(Files[Fd].c_str(),
                     Fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0666);
      if (F < 0)
        Fail(errno);
      if (F != Fd) {
        if (::dup2(F, Fd) < 0)
          Fail(errno);
        ::close(F);
      }
    }
    ::execve(Path, Direct, EnvPtr);
    int E = errno;
    if (E == ENOEXEC) {
      char Head[80];
      ssize_t N = -1;
      int F = ::open(Path, O_RDONLY);
      if (F >= 0) {
        N = ::read(F, Head, sizeof Head);
        ::close(F);
      }
      if (runsAsShellScript(StringRef(Head, N > 0 ? size_t(N) : 0))) {
        ::execve("/bin/sh", ViaShell, EnvPtr);
        E = errno;
      }
    }
    Fail(E);
  }
  int ForkErr = Child < 0 ? errno : 0;
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
  ::close(Pipe[1]);
  if (ForkErr) {
    ::close(Pipe[0]);
    return ForkErr;
  }
  int E = 0;
  ssize_t N;
  do
    N = ::read(Pipe[0], &E, sizeof E);
  while (N < 0 && errno == EINTR);
  ::close(Pipe[0]);
  if (N == sizeof E) {
    while (::waitpid(Child, nullptr, 0) < 0 && errno == EINTR)
      ;
    return E;
  }
  Pid = Child;
  return 0;
}
} // namespace
#endif

bool runsAsShellScript(StringRef Head) {
  // bash's check_binary_file and dash's, on the first 80 bytes.
  Head = Head.take_front(80);
  if (Head.starts_with("\177ELF"))
    return false;
  return !Head.take_until([](char C) { return C == '\n'; }).contains('\0');
}

sys::ProcessInfo spawn(StringRef Program, ArrayRef<std::string> Args,
                       std::optional<ArrayRef<StringRef>> Env,
                       ArrayRef<std::optional<StringRef>> Redirects,
                       std::string &Error, bool OwnGroup, bool DieWithParent) {
  sys::ProcessInfo PI;
  PI.Pid = sys::ProcessInfo::InvalidPid;
#ifndef _WIN32
  std::string Path = Program.str();
  std::vector<std::string> EnvStrings;
  std::vector<char *> Envp;
  if (Env) {
    EnvStrings.assign(Env->begin(), Env->end());
    for (std::string &E : EnvStrings)
      Envp.push_back(E.data());
    Envp.push_back(nullptr);
  }
  std::vector<std::string> ArgStrings(Args.begin(), Args.end());
  auto Argv = [&](bool ViaShell) {
    std::vector<char *> V;
    if (ViaShell) {
      V.push_back(const_cast<char *>("/bin/sh"));
      V.push_back(Path.data());
    } else if (!ArgStrings.empty()) {
      V.push_back(ArgStrings.front().data());
    }
    for (size_t I = 1; I < ArgStrings.size(); ++I)
      V.push_back(ArgStrings[I].data());
    V.push_back(nullptr);
    return V;
  };
  // The child started (or the reason it did not, in Error).
  auto Spawned = [&](int Err, pid_t Pid) {
    if (Err) {
      Error = sys::StrError(Err);
      return PI;
    }
    PI.Pid = Pid;
    PI.Process = Pid;
    return PI;
  };
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  std::string Files[3];
  for (size_t Fd = 0; Fd < 3 && Fd < Redirects.size(); ++Fd) {
    if (!Redirects[Fd])
      continue;
    Files[Fd] = Redirects[Fd]->empty() ? "/dev/null" : Redirects[Fd]->str();
    posix_spawn_file_actions_addopen(
        &Actions, int(Fd), Files[Fd].c_str(),
        Fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0666);
  }
#ifdef __linux__
  if (DieWithParent) {
    pid_t Pid = 0;
    std::vector<char *> Direct = Argv(false), ViaShell = Argv(true);
    int Err =
        spawnDyingWithParent(Pid, Path.c_str(), Direct.data(), ViaShell.data(),
                             Files, Env ? Envp.data() : environ, OwnGroup);
    posix_spawn_file_actions_destroy(&Actions);
    return Spawned(Err, Pid);
  }
#endif
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  if (OwnGroup) {
    posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&Attr, 0);
  }
  char **EnvPtr = Env ? Envp.data() : environ;
  pid_t Pid = 0;
  std::vector<char *> Direct = Argv(false);
  int Err =
      posix_spawn(&Pid, Path.c_str(), &Actions, &Attr, Direct.data(), EnvPtr);
  if (Err == ENOEXEC) {
    std::string Head;
    if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false))
      Head = (*Buf)->getBuffer().take_front(80).str();
    if (runsAsShellScript(Head)) {
      std::vector<char *> ViaShell = Argv(true);
      Err = posix_spawn(&Pid, "/bin/sh", &Actions, &Attr, ViaShell.data(),
                        EnvPtr);
    }
  }
  posix_spawnattr_destroy(&Attr);
  posix_spawn_file_actions_destroy(&Actions);
  return Spawned(Err, Pid);
#else
  (void)OwnGroup;
  (void)DieWithParent;
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  bool Failed = false;
  PI = sys::ExecuteNoWait(Program, Argv, Env, Redirects, 0, &Error, &Failed);
  if (Failed)
    PI.Pid = sys::ProcessInfo::InvalidPid;
#endif
  return PI;
}

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch())
      .count();
}

void stopChild(const sys::ProcessInfo &PI, bool Group) {
#ifndef _WIN32
  // A group's id is its leader's, which stays reserved while any process of
  // the group is left, even after the leader is reaped.
  pid_t Target = Group ? -PI.Pid : PI.Pid;
  ::kill(Target, SIGTERM);
  bool Ended = false;
  for (int I = 0; I < 200 && !Ended; ++I) {
    Ended = sys::Wait(PI, 0).Pid == PI.Pid;
    if (!Ended)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(Target, SIGKILL);
  if (!Ended)
    sys::Wait(PI, std::nullopt);
#else
  (void)Group;
  sys::Wait(PI, 1);
#endif
}

RunResult runBounded(StringRef Program, ArrayRef<std::string> Args,
                     std::optional<ArrayRef<StringRef>> Env,
                     ArrayRef<std::optional<StringRef>> Redirects,
                     const Limits &L) {
  RunResult R;
  if (runsAborted()) {
    R.Aborted = true;
    return R;
  }
  sys::ProcessInfo PI =
      spawn(Program, Args, Env, Redirects, R.Error, L.Group, L.DieWithParent);
  if (PI.Pid == sys::ProcessInfo::InvalidPid)
    return R;
  R.Started = true;
  unsigned Slot = registerChild(PI.Pid, L.Group);
  auto Stopped = [&] { return runsAborted() || (L.Stop && L.Stop->load()); };
  while (true) {
    std::string Err;
    sys::ProcessInfo W = sys::Wait(PI, 0, &Err);
    if (W.Pid == PI.Pid) {
      R.Status = W.ReturnCode;
      R.Error = Err;
#ifndef _WIN32
      // What it left running in its group goes with it.
      if (L.Group)
        ::kill(-PI.Pid, SIGKILL);
#endif
      break;
    }
    if (Stopped() || (L.DeadlineMs && nowMs() > L.DeadlineMs->load())) {
      R.Aborted = Stopped();
      R.TimedOut = !R.Aborted;
      stopChild(PI, L.Group);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  unregisterChild(Slot);
  return R;
}

int waitStatus(const sys::ProcessInfo &PI) {
#ifndef _WIN32
  int Status = 0;
  while (::waitpid(PI.Pid, &Status, 0) < 0) {
    if (errno != EINTR)
      return 255 << 8;
  }
  return Status;
#else
  return sys::Wait(PI, std::nullopt).ReturnCode;
#endif
}

bool exitedWithZero(int WaitStatus) {
#ifndef _WIN32
  return WIFEXITED(WaitStatus) && WEXITSTATUS(WaitStatus) == 0;
#else
  return WaitStatus == 0;
#endif
}

int finishAs(int WaitStatus) {
#ifndef _WIN32
  if (WIFSIGNALED(WaitStatus)) {
    int Sig = WTERMSIG(WaitStatus);
    if (Sig == SIGINT || Sig == SIGTERM || Sig == SIGHUP || Sig == SIGPIPE ||
        Sig == SIGKILL) {
      ::signal(Sig, SIG_DFL);
      ::raise(Sig);
    }
    return 128 + Sig;
  }
  return WEXITSTATUS(WaitStatus);
#else
  return WaitStatus;
#endif
}

void installSignalForwarding() {
#ifndef _WIN32
  for (int Sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction Old;
    if (sigaction(Sig, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue; // nohup and the like: stay ignored
    struct sigaction Act = {};
    Act.sa_handler = onSignal;
    sigemptyset(&Act.sa_mask);
    sigaction(Sig, &Act, nullptr);
  }
#endif
}

int caughtSignal() { return CaughtSignal.load(); }

int finishAfterSignal(int WaitStatus) {
#ifndef _WIN32
  int Sig = CaughtSignal.load();
  if (Sig && !WIFSIGNALED(WaitStatus)) {
    // The compiler finished anyway (or ignored the signal): the launcher
    // was still told to stop, and ends by that signal, never with 0.
    ::signal(Sig, SIG_DFL);
    ::raise(Sig);
    return 128 + Sig; // the signal is blocked or ignored here
  }
#endif
  return finishAs(WaitStatus);
}

unsigned registerChild(int Pid, bool Group) {
  int Target = Group ? -Pid : Pid;
  unsigned Slot = MaxChildren;
  for (unsigned I = 0; I < MaxChildren && Slot == MaxChildren; ++I) {
    int Expected = 0;
    if (Children[I].compare_exchange_strong(Expected, Target))
      Slot = I;
  }
#ifndef _WIN32
  // A signal that came before the process was registered: pass it on now.
  if (int Sig = CaughtSignal.load())
    ::kill(Target, Sig);
#endif
  return Slot;
}

void unregisterChild(unsigned Slot) {
  if (Slot < MaxChildren)
    Children[Slot].store(0);
}

void abortRuns() { Aborted.store(true); }

bool runsAborted() { return Aborted.load(); }

std::vector<std::string> environmentWithTmpdir(StringRef Dir) {
  std::vector<std::string> Env;
#ifndef _WIN32
  for (char **E = environ; E && *E; ++E)
    if (!StringRef(*E).starts_with("TMPDIR="))
      Env.push_back(*E);
#endif
  Env.push_back(("TMPDIR=" + Dir).str());
  return Env;
}

} // namespace warplint::process
