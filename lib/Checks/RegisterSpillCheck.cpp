//===-- RegisterSpillCheck.cpp - warplint-register-spill ------------------===//
//
// Kernels that ptxas reports spilling registers to local memory, or using a
// stack frame (PtxasReports.h), one finding for all the architectures with
// the same numbers; with the register budget their __launch_bounds__ leaves,
// by the occupancy model, when it is what binds. See
// docs/checks/warplint-register-spill.md.
//
//===----------------------------------------------------------------------===//
#include "MessageText.h"
#include "PtxasReports.h"
#include "Registration.h"
#include "warplint/Model/Occupancy.h"
#include "clang/AST/Attr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

static void runRegisterSpillCheck(CheckContext &C) {
  notePtxasCoverage(C);
  PtxasReportIndex Idx(C);
  if (Idx.empty())
    return;
  for (const FunctionDecl *K : C.Index.DeviceFunctions) {
    if (!K->hasAttr<CUDAGlobalAttr>() ||
        !C.Index.isUserCode(K->getLocation()) || !C.Index.isAnalysable(K))
      continue;
    C.visit(CheckId::RegisterSpill, K->getLocation(), K);
    // One finding for all the archs with the same numbers.
    struct Numbers {
      uint64_t Stores, Loads, Stack;
      unsigned Regs;
      /// False for an object's entry: it records the frame, not the spills.
      bool SpillsKnown;
      bool operator==(const Numbers &O) const {
        return Stores == O.Stores && Loads == O.Loads && Stack == O.Stack &&
               Regs == O.Regs && SpillsKnown == O.SpillsKnown;
      }
    };
    std::vector<std::pair<Numbers, std::vector<std::string>>> Groups;
    for (const std::string &Arch : Idx.archs()) {
      // An entry without a register count is a damaged report, which the
      // front ends have said: its numbers are not to be trusted.
      const ptxas::Function *F = Idx.find(K, Arch);
      if (!F || !F->Registers)
        continue;
      Numbers N{F->SpillStores.value_or(0), F->SpillLoads.value_or(0),
                F->StackFrame.value_or(0), F->Registers.value_or(0),
                F->SpillStores && F->SpillLoads};
      if (!N.Stores && !N.Loads && !N.Stack)
        continue;
      auto It = llvm::find_if(Groups, [&](auto &G) { return G.first == N; });
      if (It == Groups.end())
        Groups.push_back({N, {Arch}});
      else
        It->second.push_back(Arch);
    }
    for (const auto &[N, Archs] : Groups) {
      AstFinding Fd;
      Fd.Check = CheckId::RegisterSpill;
      Fd.Level = Severity::Warning;
      Fd.Loc = K->getLocation();
      std::string On = " on " + llvm::join(Archs, ", ");
      if (N.Stores || N.Loads)
        Fd.Message = quote(functionName(K)) +
                     " spills registers to local "
                     "memory" +
                     On + ": " + std::to_string(N.Stores) +
                     " bytes stored and " + std::to_string(N.Loads) +
                     " bytes loaded per thread, with " +
                     std::to_string(N.Regs) + " registers";
      else if (!N.SpillsKnown)
        // A frame of spills or of local arrays: the object cannot tell.
        Fd.Message = quote(functionName(K)) + " uses a " +
                     std::to_string(N.Stack) +
                     "-byte stack frame in local memory" + On +
                     " (register spills, or arrays indexed at run time: the "
                     "object does not record spills; nvcc -Xptxas -v says)";
      else
        Fd.Message = quote(functionName(K)) + " uses a " +
                     std::to_string(N.Stack) +
                     "-byte stack frame in local memory" + On +
                     " (arrays indexed at run time, or values whose address "
                     "is taken)";
      // The register budget __launch_bounds__ sets, when it is what binds.
      if (const auto *LB = launchBounds(K)) {
        Assumptions AtKernel = Assumptions::hostIn(K);
        auto T = C.Values.integer(LB->getMaxThreads(), AtKernel);
        std::optional<llvm::APSInt> B;
        if (LB->getMinBlocks())
          B = C.Values.integer(LB->getMinBlocks(), AtKernel);
        if (T && !T->isNegative() && *T > 0 && (N.Stores || N.Loads)) {
          std::string Bound =
              "__launch_bounds__(" + std::to_string(T->getZExtValue()) +
              (B ? ", " + std::to_string(B->getZExtValue()) : std::string()) +
              ")";
          // The most registers that still fit the bound's blocks, by the
          // occupancy model: the budget ptxas had.
          uint64_t Blocks =
              B && !B->isNegative() && *B > 0 ? B->getZExtValue() : 1;
          unsigned Budget = 0;
          if (auto A = lookupSmArch(Archs.front())) {
            for (unsigned R = 255; R >= 16 && !Budget; --R) {
              OccupancyInput In;
              In.Threads = T->getZExtValue();
              In.Regs = R;
              OccupancyResult Res = computeOccupancy(**A, In);
              if (Res.ok() && Res.ActiveBlocks >= Blocks)
                Budget = R;
            }
          } else {
            llvm::consumeError(A.takeError());
          }
          std::string Msg = Bound + " ";
          if (Budget)
            Msg += "leaves at most " + std::to_string(Budget) +
                   " registers per thread on " + Archs.front() +
                   " (ptxas used " + std::to_string(N.Regs) +
                   "); a smaller block or fewer blocks per SM in the bound "
                   "leave more";
          else
            Msg += "caps the registers per thread (ptxas used " +
                   std::to_string(N.Regs) + ")";
          Fd.Notes.push_back({LB->getLocation(), Msg, {}});
        }
      }
      Fd.Properties["kernel"] = functionName(K);
      if (N.SpillsKnown) {
        Fd.Properties["spillStores"] = N.Stores;
        Fd.Properties["spillLoads"] = N.Loads;
      }
      Fd.Properties["stackFrame"] = N.Stack;
      Fd.Properties["registers"] = N.Regs;
      llvm::json::Array A;
      for (const std::string &S : Archs)
        A.push_back(S);
      Fd.Properties["archs"] = std::move(A);
      C.report(std::move(Fd), K);
    }
  }
}

void registerRegisterSpillCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::RegisterSpill, runRegisterSpillCheck);
}

} // namespace warplint
