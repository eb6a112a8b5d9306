//===-- Containment.cpp - A crash in the analysis costs its findings ------===//
#include "warplint/Analysis/Containment.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/TimeProfiler.h"
#include <memory>
#ifndef _WIN32
#include <signal.h>
#endif

using namespace clang;

namespace warplint {

std::string crashDescription(int RetCode) {
  return RetCode > 128 && RetCode < 128 + 64
             ? "signal " + std::to_string(RetCode - 128)
             : "exit code " + std::to_string(RetCode);
}

bool runContained(llvm::function_ref<void()> Work, std::string &Crash) {
  // Clang's driver enables crash recovery for the compiles it runs in its
  // own process; clang-tidy and the tool do not. Enabling it twice changes
  // nothing.
  llvm::CrashRecoveryContext::Enable();
#ifndef _WIN32
  // LLVM installs its crash-recovery handlers without SA_ONSTACK: the
  // handler of a stack overflow would run on the overflowed stack and the
  // process would die. With SA_ONSTACK it runs on the signal stack of the
  // thread below, and on the normal stack in threads that have none, as
  // before.
  for (int Sig : {SIGSEGV, SIGBUS}) {
    struct sigaction A;
    if (sigaction(Sig, nullptr, &A) == 0 && !(A.sa_flags & SA_ONSTACK) &&
        A.sa_handler != SIG_DFL && A.sa_handler != SIG_IGN) {
      A.sa_flags |= SA_ONSTACK;
      sigaction(Sig, &A, nullptr);
    }
  }
#endif
  llvm::CrashRecoveryContext CRC;
  constexpr unsigned StackBytes = 64u << 20;
  // Under clang's -ftime-trace the thread records its own scopes (the
  // analysis's "warplint ..."), handed to the compile's trace at its end.
  bool Traced = llvm::timeTraceProfilerEnabled();
  bool Done = CRC.RunSafelyOnThread(
      [&] {
        if (Traced)
          llvm::timeTraceProfilerInitialize(/*TimeTraceGranularity=*/500,
                                            "warplint");
#ifndef _WIN32
        // The signal handler of a stack overflow needs a stack of its own,
        // and LLVM gives one only to the thread that installed it. (A
        // sanitizer runtime gives every thread one, and frees it itself.)
        constexpr size_t AltBytes = 256u << 10;
        std::unique_ptr<char[]> Alt;
        stack_t Old{};
        bool HaveAlt = false;
        if (sigaltstack(nullptr, &Old) == 0 && (Old.ss_flags & SS_DISABLE)) {
          Alt.reset(new char[AltBytes]);
          stack_t New{};
          New.ss_sp = Alt.get();
          New.ss_size = AltBytes;
          HaveAlt = sigaltstack(&New, nullptr) == 0;
        }
#endif
        Work();
#ifndef _WIN32
        if (HaveAlt)
          sigaltstack(&Old, nullptr);
#endif
        if (Traced)
          llvm::timeTraceProfilerFinishThread();
      },
      StackBytes);
  if (!Done)
    Crash = crashDescription(CRC.RetCode);
  return Done;
}

std::optional<AnalysisResult>
analyzeTranslationUnitContained(ASTContext &Ctx, const CheckRegistry &Checks,
                                const Options &Opts, std::string &Crash) {
  std::optional<AnalysisResult> R;
  if (!runContained([&] { R = analyzeTranslationUnit(Ctx, Checks, Opts); },
                    Crash))
    return std::nullopt; // what it allocated is abandoned, never destroyed
  return R;
}

} // namespace warplint
