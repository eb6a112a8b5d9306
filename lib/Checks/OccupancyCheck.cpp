//===-- OccupancyCheck.cpp - warplint-occupancy, warplint-register-spill --===//
//
// Both checks join what ptxas reported for each kernel (registers, static
// shared memory, barriers, spills, stack frame) with the source: a kernel is
// found in the report by its mangled name, computed by Clang's Itanium
// mangler exactly as the device compilation names it, so that overloads and
// template instantiations map one to one. Without a report entry for a
// kernel and an architecture, the checks say nothing about it.
//
// warplint-occupancy runs the occupancy model (lib/Model/Occupancy) at every
// launch whose block size and dynamic shared memory the code fixes, and at
// kernels with __launch_bounds__ and no launch in the file (with the bound's
// thread count). See docs/checks/warplint-occupancy.md and
// docs/checks/warplint-register-spill.md.
//
// A file with kernels that the two checks cannot look at, because no report
// was given or none covers an architecture asked for, is not passed over in
// silence: ptxasCoverage says what was skipped, for each front end's note.
//
//===----------------------------------------------------------------------===//
#include "Registration.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Model/Occupancy.h"
#include "warplint/Ptxas/PtxasReport.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include <set>

using namespace clang;
using namespace warplint::model;

namespace warplint {

namespace {

std::string quote(StringRef S) { return ("'" + S + "'").str(); }

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

/// Whether two architecture names are the same SM: sm_90, compute_90, sm_90a.
bool sameArch(StringRef A, StringRef B) {
  auto Base = [](StringRef S) {
    S.consume_front("sm_");
    S.consume_front("compute_");
    if (S.ends_with("a") || S.ends_with("f"))
      S = S.drop_back();
    return S;
  };
  return Base(A) == Base(B);
}

/// The ptxas reports of the options, parsed, and the kernels' names in them.
class ReportIndex {
public:
  ReportIndex(CheckContext &C) : Ctx(C.Index.Ctx) {
    for (const auto &[Name, Text] : C.Opts.ptxasReports()) {
      ++Given;
      auto R = ptxas::parseReport(Text);
      if (!R) {
        llvm::consumeError(R.takeError());
        continue;
      }
      Reports.push_back(std::move(*R));
    }
    Mangler.reset(Ctx.createMangleContext());
    // The architectures: --arch when given, else those the reports name.
    if (C.Opts.ArchsGiven) {
      Archs = C.Opts.Archs;
    } else {
      for (const ptxas::Report &R : Reports)
        for (const ptxas::Function &F : R.Functions)
          if (!F.Arch.empty() && !llvm::is_contained(Archs, F.Arch))
            Archs.push_back(F.Arch);
      if (Archs.empty())
        Archs = C.Opts.Archs;
    }
  }

  bool empty() const { return Reports.empty(); }
  /// How many reports the options hold, usable or not.
  unsigned given() const { return Given; }
  ArrayRef<std::string> archs() const { return Archs; }

  /// The architectures the reports' kernels were compiled for, in order;
  /// std::nullopt when a kernel's entry names none (it matches any).
  std::optional<std::vector<std::string>> kernelArchs() const {
    std::vector<std::string> Out;
    for (const ptxas::Report &R : Reports)
      for (const ptxas::Function &F : R.Functions) {
        if (!F.IsKernel)
          continue;
        if (F.Arch.empty())
          return std::nullopt;
        if (!llvm::is_contained(Out, F.Arch))
          Out.push_back(F.Arch);
      }
    return Out;
  }

  /// The kernel's device-side symbol name.
  std::string mangled(const FunctionDecl *K) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    GlobalDecl GD(K, KernelReferenceKind::Kernel);
    if (Mangler->shouldMangleDeclName(K))
      Mangler->mangleName(GD, OS);
    else
      OS << K->getName();
    return S;
  }

  /// What ptxas reported for K compiled for Arch ("sm_90"); an entry without
  /// an architecture matches any.
  const ptxas::Function *find(const FunctionDecl *K, StringRef Arch) {
    std::string M = mangled(K);
    for (const ptxas::Report &R : Reports)
      for (const ptxas::Function &F : R.Functions)
        if (F.IsKernel && F.Mangled == M &&
            (F.Arch.empty() || sameArch(F.Arch, Arch)))
          return &F;
    return nullptr;
  }

private:
  ASTContext &Ctx;
  std::vector<ptxas::Report> Reports;
  std::unique_ptr<MangleContext> Mangler;
  std::vector<std::string> Archs;
  unsigned Given = 0;
};

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
    const RecordDecl *RD =
        S.Config->getType().getCanonicalType()->getAsRecordDecl();
    if (!RD)
      return std::nullopt;
    for (const FieldDecl *F : RD->fields())
      if (F->getName() == "dynamicSmemBytes") {
        const FieldDecl *Path[] = {F};
        E = C.Eval.reachingDefinition(S.Config, Path, S.Call);
      }
    if (!E)
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  auto V = C.Eval.evalInt(E);
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
  if (St.NextActiveBlocks && (R.Primary == LimitRegisters ||
                              R.Primary == LimitSharedMemory)) {
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

static PtxasCoverage ptxasCoverage(CheckContext &C);
static void notePtxasCoverage(CheckContext &C);

static void runOccupancyCheck(CheckContext &C) {
  notePtxasCoverage(C);
  ReportIndex Idx(C);
  if (Idx.empty())
    return;
  double Min = C.Opts.getDouble("warplint-occupancy.MinOccupancy", 0.5);

  auto Check = [&](const FunctionDecl *K, SourceLocation Loc,
                   const FunctionDecl *Context, uint64_t Threads,
                   uint64_t Dyn, StringRef What, bool FromBounds) {
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
        Fd.Message = What.str() + " cannot run on " + ArchName + ": " +
                     R.ErrorMessage;
        Fd.Properties["occupancy"] = 0.0;
        Fd.Properties["activeBlocksPerSM"] = 0;
        Fd.Properties["activeWarpsPerSM"] = 0;
        Fd.Properties["maxWarpsPerSM"] = (*A)->MaxWarpsPerSM;
        C.report(std::move(Fd), Context);
        continue;
      }
      if (R.Occupancy >= Min)
        continue;
      OccupancySteps St = occupancySteps(**A, In, R);
      std::string Bounds =
          St.NextActiveBlocks
              ? "__launch_bounds__(" + std::to_string(Threads) + ", " +
                    std::to_string(*St.NextActiveBlocks) +
                    ") or -maxrregcount=" + std::to_string(St.NextRegs)
              : "";
      Fd.Level = Severity::Warning;
      Fd.Message = What.str() + " reaches " + percent(R.Occupancy) +
                   " occupancy on " + ArchName + " (" +
                   std::to_string(R.ActiveWarps) + " of " +
                   std::to_string(R.MaxWarps) + " warps per SM" +
                   (FromBounds ? ", with blocks of " + std::to_string(Threads) +
                                     " threads"
                               : "") +
                   "), limited by " + limiterText(R, In);
      std::string Next = nextStep(**A, In, R, St, Bounds);
      if (!Next.empty())
        Fd.Message += ": " + Next;
      Fd.Notes.push_back(
          {Loc,
           "ptxas: " + std::to_string(In.Regs) + " registers, " +
               bytesText(F->Smem.value_or(0)) + " of static shared memory" +
               (Dyn ? ", plus " + bytesText(Dyn) + " dynamic" : "") +
               "; " + std::to_string(R.ActiveBlocks) + " block" +
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
    C.Eval.resetLastDefinition();
    std::optional<Dim3> D = S.blockDim(C.Eval);
    if (!D || D->threads() == 0)
      continue;
    std::optional<uint64_t> Dyn = dynamicSmem(C, S);
    if (!Dyn)
      continue;
    std::string What = "launch of " + quote(functionName(S.Kernel));
    if (S.How != LaunchSite::TripleChevron)
      What = S.Api.str() + " of " + quote(functionName(S.Kernel));
    Check(S.Kernel, S.Loc, S.Enclosing, D->threads(), *Dyn, What, false);
  }
  for (const FunctionDecl *K : C.Index.BoundedKernels) {
    if (Launched.count(K->getCanonicalDecl()) ||
        !C.Index.isUserCode(K->getLocation()) || !C.Index.isAnalysable(K))
      continue;
    const auto *LB = launchBounds(K);
    auto T = LB ? C.Eval.evalInt(LB->getMaxThreads()) : std::nullopt;
    if (!T || T->isNegative() || *T == 0)
      continue;
    Check(K, K->getLocation(), K, T->getZExtValue(), 0,
          "kernel " + quote(functionName(K)), true);
  }
}

static PtxasCoverage ptxasCoverage(CheckContext &C) {
  PtxasCoverage Cov;
  std::vector<std::string> Checks;
  for (CheckId Id : {CheckId::Occupancy, CheckId::RegisterSpill})
    if (C.Opts.Checks.isEnabled(Id))
      Checks.push_back(checkInfo(Id).Name.str());
  if (Checks.empty())
    return Cov;
  // Only a file that defines or launches a kernel has anything unchecked.
  bool Kernels =
      llvm::any_of(C.Index.DeviceFunctions,
                   [&](const FunctionDecl *F) {
                     return F->hasAttr<CUDAGlobalAttr>() &&
                            C.Index.isUserCode(F->getLocation());
                   }) ||
      llvm::any_of(C.Index.Launches, [&](const LaunchSite &S) {
        return S.Kernel && C.Index.isUserCode(S.Loc);
      });
  if (!Kernels)
    return Cov;
  ReportIndex Idx(C);
  if (!Idx.given()) {
    Cov.Checks = std::move(Checks);
    Cov.NoReport = true;
    return Cov;
  }
  // Without --arch the checks take the reports' own architectures.
  std::optional<std::vector<std::string>> Covered = Idx.kernelArchs();
  if (Idx.empty() || !C.Opts.ArchsGiven || !Covered)
    return Cov;
  for (const std::string &A : C.Opts.Archs)
    if (llvm::none_of(*Covered, [&](const std::string &R) {
          return sameArch(R, A);
        }))
      Cov.MissingArchs.push_back(A);
  if (!Cov.MissingArchs.empty()) {
    Cov.Checks = std::move(Checks);
    Cov.ReportArchs = std::move(*Covered);
  }
  return Cov;
}

/// Sets C.Coverage, unless the other check did already.
static void notePtxasCoverage(CheckContext &C) {
  if (!C.Coverage)
    C.Coverage = ptxasCoverage(C);
}

static void runRegisterSpillCheck(CheckContext &C) {
  notePtxasCoverage(C);
  ReportIndex Idx(C);
  if (Idx.empty())
    return;
  for (const FunctionDecl *K : C.Index.DeviceFunctions) {
    if (!K->hasAttr<CUDAGlobalAttr>() || !C.Index.isUserCode(K->getLocation()) ||
        !C.Index.isAnalysable(K))
      continue;
    C.visit(CheckId::RegisterSpill, K->getLocation(), K);
    // One finding for all the archs with the same numbers.
    struct Numbers {
      uint64_t Stores, Loads, Stack;
      unsigned Regs;
      bool operator==(const Numbers &O) const {
        return Stores == O.Stores && Loads == O.Loads && Stack == O.Stack &&
               Regs == O.Regs;
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
                F->StackFrame.value_or(0), F->Registers.value_or(0)};
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
        Fd.Message = quote(functionName(K)) + " spills registers to local "
                     "memory" + On + ": " + std::to_string(N.Stores) +
                     " bytes stored and " + std::to_string(N.Loads) +
                     " bytes loaded per thread, with " +
                     std::to_string(N.Regs) + " registers";
      else
        Fd.Message = quote(functionName(K)) + " uses a " +
                     std::to_string(N.Stack) +
                     "-byte stack frame in local memory" + On +
                     " (arrays indexed at run time, or values whose address "
                     "is taken)";
      // The register budget __launch_bounds__ sets, when it is what binds.
      if (const auto *LB = launchBounds(K)) {
        auto T = C.Eval.evalInt(LB->getMaxThreads());
        std::optional<llvm::APSInt> B;
        if (LB->getMinBlocks())
          B = C.Eval.evalInt(LB->getMinBlocks());
        if (T && !T->isNegative() && *T > 0 && (N.Stores || N.Loads)) {
          std::string Bound = "__launch_bounds__(" +
                              std::to_string(T->getZExtValue()) +
                              (B ? ", " + std::to_string(B->getZExtValue())
                                 : std::string()) +
                              ")";
          // The most registers that still fit the bound's blocks, by the
          // occupancy model: the budget ptxas had.
          uint64_t Blocks = B && !B->isNegative() && *B > 0
                                ? B->getZExtValue()
                                : 1;
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
      Fd.Properties["spillStores"] = N.Stores;
      Fd.Properties["spillLoads"] = N.Loads;
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

void registerOccupancyCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::Occupancy, runOccupancyCheck);
}

void registerRegisterSpillCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::RegisterSpill, runRegisterSpillCheck);
}

} // namespace warplint
