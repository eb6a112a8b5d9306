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
extern char **environ;
#endif

using namespace llvm;

namespace warplint::process {

namespace {

/// Shared between the threads that run children and the signal handler.
std::atomic<bool> Aborted{false};
std::atomic<int> CaughtSignal{0};

/// The processes running now, for the signal handler to pass a signal on.
constexpr unsigned MaxChildren = 1024;
std::atomic<int> Children[MaxChildren];

#ifndef _WIN32
/// SIGINT, SIGTERM, SIGHUP: pass the signal on to the children, and let the
/// main thread finish as its child does (cleaning up). SA_RESETHAND: a
/// second signal kills the process at once.
extern "C" void onSignal(int Sig) {
  CaughtSignal.store(Sig);
  Aborted.store(true);
  for (unsigned I = 0; I < MaxChildren; ++I)
    if (int Pid = Children[I].load())
      ::kill(Pid, Sig);
}
#endif

} // namespace

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
                       std::string &Error) {
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
  char **EnvPtr = Env ? Envp.data() : environ;
  pid_t Pid = 0;
  std::vector<char *> Direct = Argv(false);
  int Err =
      posix_spawn(&Pid, Path.c_str(), &Actions, nullptr, Direct.data(), EnvPtr);
  if (Err == ENOEXEC) {
    std::string Head;
    if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false))
      Head = (*Buf)->getBuffer().take_front(80).str();
    if (runsAsShellScript(Head)) {
      std::vector<char *> ViaShell = Argv(true);
      Err = posix_spawn(&Pid, "/bin/sh", &Actions, nullptr, ViaShell.data(),
                        EnvPtr);
    }
  }
  posix_spawn_file_actions_destroy(&Actions);
  if (Err) {
    Error = sys::StrError(Err);
    return PI;
  }
  PI.Pid = Pid;
  PI.Process = Pid;
#else
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

void stopChild(const sys::ProcessInfo &PI) {
#ifndef _WIN32
  ::kill(PI.Pid, SIGTERM);
  for (int I = 0; I < 200; ++I) {
    if (sys::Wait(PI, 0).Pid == PI.Pid)
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(PI.Pid, SIGKILL);
  sys::Wait(PI, std::nullopt);
#else
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
  sys::ProcessInfo PI = spawn(Program, Args, Env, Redirects, R.Error);
  if (PI.Pid == sys::ProcessInfo::InvalidPid)
    return R;
  R.Started = true;
  unsigned Slot = registerChild(PI.Pid);
  auto Stopped = [&] { return runsAborted() || (L.Stop && L.Stop->load()); };
  while (true) {
    std::string Err;
    sys::ProcessInfo W = sys::Wait(PI, 0, &Err);
    if (W.Pid == PI.Pid) {
      R.Status = W.ReturnCode;
      R.Error = Err;
      break;
    }
    if (Stopped() || (L.DeadlineMs && nowMs() > L.DeadlineMs->load())) {
      R.Aborted = Stopped();
      R.TimedOut = !R.Aborted;
      stopChild(PI);
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
    Act.sa_flags = SA_RESETHAND;
    sigaction(Sig, &Act, nullptr);
  }
#endif
}

int caughtSignal() { return CaughtSignal.load(); }

unsigned registerChild(int Pid) {
  unsigned Slot = MaxChildren;
  for (unsigned I = 0; I < MaxChildren && Slot == MaxChildren; ++I) {
    int Expected = 0;
    if (Children[I].compare_exchange_strong(Expected, Pid))
      Slot = I;
  }
#ifndef _WIN32
  // A signal that came before the process was registered: pass it on now.
  if (int Sig = CaughtSignal.load())
    ::kill(Pid, Sig);
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
