//===-- OccupancyCheck.cpp - warplint-occupancy ---------------------------===//
//
// Runs the occupancy model (lib/Model/Occupancy) on what ptxas reported for
// each kernel (registers, static shared memory, barriers; PtxasReports.h) at
// every launch whose block size and dynamic shared memory the code fixes,
// and at kernels with __launch_bounds__ and no launch in the file (with the
// bound's thread count): launches below MinOccupancy, with the limiter and
// the change that reaches the next level, and launches that cannot run. See
// docs/checks/warplint-occupancy.md.
//
//===----------------------------------------------------------------------===//
#include "MessageText.h"
#include "PtxasReports.h"
#include "Registration.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Core/LaunchInfo.h"
#include "warplint/Model/BankModel.h"
#include "warplint/Model/Occupancy.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <set>

using namespace clang;
using namespace warplint::model;

namespace warplint {

namespace {

std::string percent(double F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.1f%%", F * 100);
  return S;
}

std::string bytesText(uint64_t B) {
  if (B >= 1024 && B % 1024 == 0)
    return std::to_string(B) + " bytes (" + std::to_string(B / 1024) + " KB)";
  return std::to_string(B) + (B == 1 ? " byte" : " bytes");
}

/// The dynamic shared memory of a launch, when the code fixes it (0 when the
/// launch does not pass any).
std::optional<uint64_t> dynamicSmem(CheckContext &C, const LaunchSite &S) {
  const Expr *E = nullptr;
  if (S.How == LaunchSite::TripleChevron) {
    const auto *K = cast<CUDAKernelCallExpr>(S.Call);
    const CallExpr *Cfg = K->getConfig();
    if (!Cfg || Cfg->getNumArgs() < 3 || isa<CXXDefaultArgExpr>(Cfg->getArg(2)))
      return 0;
    E = Cfg->getArg(2);
  } else if (S.How == LaunchSite::LaunchKernel ||
             S.How == LaunchSite::LaunchCooperativeKernel) {
    const auto *Call = cast<CallExpr>(S.Call);
    if (Call->getNumArgs() < 5)
      return std::nullopt;
    E = Call->getArg(4);
  } else if (S.Config) {
    E = launchConfigField(C.Values, S, "dynamicSmemBytes");
    if (!E)
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  auto V = C.Values.integer(E, Assumptions::hostIn(S.Enclosing));
  if (!V || V->isNegative())
    return std::nullopt;
  return V->getZExtValue();
}

std::string limiterText(const OccupancyResult &R, const OccupancyInput &In) {
  switch (R.Primary) {
  case LimitRegisters:
    return "registers (" + std::to_string(In.Regs) + " per thread)";
  case LimitSharedMemory:
    return "shared memory (" + bytesText(In.Smem) + " per block)";
  case LimitWarps:
    return "warps (" + std::to_string(R.WarpsPerBlock) + " per block)";
  case LimitBlocks:
    return "blocks per SM (" + std::to_string(R.ActiveBlocks) + ")";
  case LimitBarriers:
    return "barriers";
  }
  return "warps";
}

/// The smallest change that reaches the next occupancy level, in words.
std::string nextStep(const SmArch &A, const OccupancyInput &In,
                     const OccupancyResult &R, const OccupancySteps &St,
                     const std::string &Bounds) {
  if (St.NextActiveBlocks &&
      (R.Primary == LimitRegisters || R.Primary == LimitSharedMemory)) {
    double Next = double(St.NextActiveWarps) / A.MaxWarpsPerSM;
    std::vector<std::string> Needs;
    if (St.NextRegs < In.Regs)
      Needs.push_back("at most " + std::to_string(St.NextRegs) +
                      " registers per thread (" + Bounds + ")");
    if (St.NextSmem < In.Smem)
      Needs.push_back("at most " + bytesText(St.NextSmem) +
                      " of shared memory per block");
    if (!Needs.empty()) {
      std::string S = llvm::join(Needs, " and ");
      return S + " would give " + percent(Next);
    }
  }
  if (St.BestThreads && St.BestActiveWarps > R.ActiveWarps)
    return "blocks of " + std::to_string(St.BestThreads) +
           " threads would give " +
           percent(double(St.BestActiveWarps) / A.MaxWarpsPerSM);
  return "";
}

} // namespace

/// What the check computed for one launch, for LaunchInfo.
LaunchInfo::Arch archInfo(const SmArch &A, const OccupancyInput &In,
                          const OccupancyResult &R, uint64_t StaticSmem,
                          uint64_t Threads) {
  LaunchInfo::Arch I;
  I.Name = A.Name.str();
  I.Registers = In.Regs;
  I.Barriers = In.Barriers;
  I.StaticSmem = StaticSmem;
  if (!R.ok()) {
    I.Error = R.ErrorMessage;
    return I;
  }
  I.Occupancy = R.Occupancy;
  I.ActiveBlocks = R.ActiveBlocks;
  I.ActiveWarps = R.ActiveWarps;
  I.MaxWarps = R.MaxWarps;
  I.Limiter = limiterText(R, In);
  OccupancySteps St = occupancySteps(A, In, R);
  std::string Bounds =
      St.NextActiveBlocks
          ? "__launch_bounds__(" + std::to_string(Threads) + ", " +
                std::to_string(*St.NextActiveBlocks) +
                ") or -maxrregcount=" + std::to_string(St.NextRegs)
          : "";
  I.NextStep = nextStep(A, In, R, St, Bounds);
  return I;
}

static void runOccupancyCheck(CheckContext &C) {
  notePtxasCoverage(C);
  PtxasReportIndex Idx(C);
  // With no report there is nothing to check, but the launches are still
  // described when asked (the language server's hover says what is known).
  if (Idx.empty() && !C.LaunchInfos)
    return;
  double Min = C.Opts.getDouble("warplint-occupancy.MinOccupancy", 0.5);
  const SourceManager &SM = C.Index.Ctx.getSourceManager();

  auto Check = [&](const FunctionDecl *K, SourceLocation Loc,
                   const FunctionDecl *Context, std::optional<Dim3> Block,
                   uint64_t Threads, uint64_t Dyn, StringRef What,
                   bool FromBounds) {
    LaunchInfo *Info = nullptr;
    if (C.LaunchInfos) {
      Info = &C.LaunchInfos->emplace_back();
      Info->Loc = fileLocationOf(SM.getExpansionLoc(Loc), SM);
      Info->What = What.str();
      Info->Kernel = functionName(K);
      Info->Block = Block ? shapeText(*Block) : std::to_string(Threads);
      Info->Threads = Threads;
      Info->DynamicSmem = Dyn;
      Info->WhyNoOccupancy = Idx.empty()
                                 ? "no ptxas report"
                                 : "the ptxas reports have no registers for " +
                                       quote(Info->Kernel);
    }
    for (const std::string &ArchName : Idx.archs()) {
      const ptxas::Function *F = Idx.find(K, ArchName);
      if (!F || !F->Registers)
        continue;
      auto A = lookupSmArch(ArchName);
      if (!A) {
        llvm::consumeError(A.takeError());
        continue;
      }
      OccupancyInput In;
      In.Threads = Threads;
      In.Regs = *F->Registers;
      In.Smem = F->Smem.value_or(0) + Dyn;
      In.Barriers = F->Barriers.value_or(1) ? F->Barriers.value_or(1) : 1;
      OccupancyResult R = computeOccupancy(**A, In);
      C.visit(CheckId::Occupancy, Loc, Context);
      LaunchInfo::Arch AI = archInfo(**A, In, R, F->Smem.value_or(0), Threads);
      AI.StackFrame = F->StackFrame;
      if (Info) {
        Info->Archs.push_back(AI);
        Info->WhyNoOccupancy.clear();
      }

      AstFinding Fd;
      Fd.Check = CheckId::Occupancy;
      Fd.Loc = Loc;
      Fd.Properties["arch"] = ArchName;
      Fd.Properties["kernel"] = functionName(K);
      Fd.Properties["threads"] = Threads;
      Fd.Properties["registers"] = In.Regs;
      Fd.Properties["sharedMemBytes"] = In.Smem;
      Fd.Properties["dynamicSharedMemBytes"] = Dyn;
      if (!R.ok()) {
        Fd.Level = Severity::Error;
        Fd.Message =
            What.str() + " cannot run on " + ArchName + ": " + R.ErrorMessage;
        Fd.Properties["occupancy"] = 0.0;
        Fd.Properties["activeBlocksPerSM"] = 0;
        Fd.Properties["activeWarpsPerSM"] = 0;
        Fd.Properties["maxWarpsPerSM"] = (*A)->MaxWarpsPerSM;
        C.report(std::move(Fd), Context);
        continue;
      }
      if (R.Occupancy >= Min)
        continue;
      Fd.Level = Severity::Warning;
      Fd.Message =
          What.str() + " reaches " + percent(R.Occupancy) + " occupancy on " +
          ArchName + " (" + std::to_string(R.ActiveWarps) + " of " +
          std::to_string(R.MaxWarps) + " warps per SM" +
          (FromBounds
               ? ", with blocks of " + std::to_string(Threads) + " threads"
               : "") +
          "), limited by " + AI.Limiter;
      if (!AI.NextStep.empty())
        Fd.Message += ": " + AI.NextStep;
      Fd.Notes.push_back(
          {Loc,
           "ptxas: " + std::to_string(In.Regs) + " registers, " +
               bytesText(F->Smem.value_or(0)) + " of static shared memory" +
               (Dyn ? ", plus " + bytesText(Dyn) + " dynamic" : "") + "; " +
               std::to_string(R.ActiveBlocks) + " block" +
               (R.ActiveBlocks == 1 ? "" : "s") + " of " +
               std::to_string(R.WarpsPerBlock) + " warps per SM",
           {}});
      Fd.Properties["occupancy"] = R.Occupancy;
      Fd.Properties["activeBlocksPerSM"] = R.ActiveBlocks;
      Fd.Properties["activeWarpsPerSM"] = R.ActiveWarps;
      Fd.Properties["maxWarpsPerSM"] = R.MaxWarps;
      Fd.Properties["limiter"] = limiterName(R.Primary).str();
      Fd.Properties["minOccupancy"] = Min;
      C.report(std::move(Fd), Context);
    }
  };

  std::set<const FunctionDecl *> Launched;
  for (const LaunchSite &S : C.Index.Launches) {
    if (!S.Kernel || !C.Index.isUserCode(S.Loc) ||
        !C.Index.isAnalysable(S.Enclosing))
      continue;
    Launched.insert(S.Kernel->getCanonicalDecl());
    std::string What = "launch of " + quote(functionName(S.Kernel));
    if (S.How != LaunchSite::TripleChevron)
      What = S.Api.str() + " of " + quote(functionName(S.Kernel));
    std::optional<Dim3> D =
        launchBlock(C.Values, S, Assumptions::hostIn(S.Enclosing));
    std::optional<uint64_t> Dyn =
        D && D->threads() ? dynamicSmem(C, S) : std::nullopt;
    if (!Dyn) {
      // Described all the same, with what is missing.
      if (C.LaunchInfos && (!D || D->threads())) {
        LaunchInfo &I = C.LaunchInfos->emplace_back();
        I.Loc = fileLocationOf(SM.getExpansionLoc(S.Loc), SM);
        I.What = What;
        I.Kernel = functionName(S.Kernel);
        if (D) {
          I.Block = shapeText(*D);
          I.Threads = D->threads();
        }
        I.WhyNoOccupancy = D ? "its dynamic shared memory is not known here"
                             : "its block size is not known here";
      }
      continue;
    }
    Check(S.Kernel, S.Loc, S.Enclosing, D, D->threads(), *Dyn, What, false);
  }
  for (const FunctionDecl *K : C.Index.BoundedKernels) {
    if (Launched.count(K->getCanonicalDecl()) ||
        !C.Index.isUserCode(K->getLocation()) || !C.Index.isAnalysable(K))
      continue;
    const auto *LB = launchBounds(K);
    auto T = LB ? C.Values.integer(LB->getMaxThreads(), Assumptions::hostIn(K))
                : std::nullopt;
    if (!T || T->isNegative() || *T == 0)
      continue;
    Check(K, K->getLocation(), K, std::nullopt, T->getZExtValue(), 0,
          "kernel " + quote(functionName(K)), true);
  }
}

void registerOccupancyCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::Occupancy, runOccupancyCheck);
}

} // namespace warplint
