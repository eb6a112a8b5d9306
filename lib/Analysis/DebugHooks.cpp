//===-- DebugHooks.cpp - What the tests ask of the analysis ---------------===//
#include "DebugHooks.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Options.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <cstdlib>

using namespace clang;

namespace warplint {

void debugCrashHook() {
  const char *How = std::getenv("WARPLINT_DEBUG_CRASH");
  if (!How)
    return;
  StringRef H(How);
  if (H == "segv")
    std::raise(SIGSEGV);
  else if (H == "abort")
    std::abort();
  else if (H == "stack") {
    // Unbounded recursion, as a runaway walk of a deep AST would do (on
    // purpose: the compilers' warning about it is silenced).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winfinite-recursion"
    struct Deep {
      static unsigned down(volatile char *Prev) {
        volatile char Frame[1024];
        Frame[0] = Prev ? Prev[0] + 1 : 0;
        return down(Frame) + Frame[0];
      }
    };
#pragma GCC diagnostic pop
    (void)Deep::down(nullptr);
  }
}

void debugTraceAnalysis(ASTContext &Ctx, const Options &Opts) {
  if (!std::getenv("WARPLINT_DEBUG_ANALYSES"))
    return;
  std::string Names;
  for (const CheckInfo &I : allChecks())
    if (Opts.Checks.isEnabled(I.Id))
      Names += (Names.empty() ? "" : ",") + I.Name.str();
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getMainFileID());
  llvm::errs() << "warplint: debug: analysing "
               << (F ? F->getName() : StringRef("<input>")) << " for " << Names
               << "\n";
}

} // namespace warplint
