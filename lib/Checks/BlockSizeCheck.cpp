//===-- BlockSizeCheck.cpp - warplint-block-size --------------------------===//
//
// Launch sites whose block shape the code fixes, and kernels whose
// __launch_bounds__ maximum is known: partial warps (a warning) and launches
// that cannot succeed (an error). Shapes known only at run time say nothing.
// See docs/checks/warplint-block-size.md.
//
//===----------------------------------------------------------------------===//
#include "MessageText.h"
#include "Registration.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Model/BlockSize.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

static const char *const DimName[] = {"x", "y", "z"};

static llvm::json::Array dimJson(const Dim3 &D) {
  return llvm::json::Array{D.X, D.Y, D.Z};
}

/// "4 warps with 28 idle lanes (21.9%)"
static std::string warpText(uint64_t Threads) {
  WarpUse U = warpUse(Threads);
  return std::to_string(U.Warps) + (U.Warps == 1 ? " warp" : " warps") +
         " with " + std::to_string(U.IdleLanes) + " idle lane" +
         (U.IdleLanes == 1 ? "" : "s") + " (" + formatPercent(U.idlePercent()) +
         "%)";
}

static void checkLaunch(CheckContext &C, const LaunchSite &S, bool UseBounds) {
  ValueTrace Trace;
  std::optional<Dim3> D =
      launchBlock(C.Values, S, Assumptions::hostIn(S.Enclosing), &Trace);
  if (!D)
    return;
  const Expr *DefinedAt = Trace.Definition;

  // A launch through a local pointer that only ever holds one kernel
  // launches that kernel.
  const FunctionDecl *Kernel = S.Kernel ? S.Kernel
                               : S.Targets.size() == 1 && !S.TargetsChosen
                                   ? S.Targets.front()
                                   : nullptr;
  const CUDALaunchBoundsAttr *LB =
      UseBounds && Kernel ? launchBounds(Kernel) : nullptr;
  std::optional<uint64_t> MaxThreads;
  if (LB)
    if (auto V =
            C.Values.integer(LB->getMaxThreads(), Assumptions::hostIn(Kernel));
        V && !V->isNegative())
      MaxThreads = V->getZExtValue();

  C.visit(CheckId::BlockSize, S.Loc, S.Enclosing);
  BlockVerdict V = checkBlock(*D, MaxThreads);
  if (V.Problem == BlockProblem::None)
    return;

  std::string What = Kernel ? "launch of " + quote(functionName(Kernel))
                            : std::string("kernel launch");
  if (S.How != LaunchSite::TripleChevron)
    What = S.Api.str() + " of " +
           (Kernel ? quote(functionName(Kernel)) : "a kernel");
  uint64_t T = D->threads();
  std::string Shape = D->str();

  AstFinding F;
  F.Check = CheckId::BlockSize;
  F.Loc = S.Loc;
  F.Level = V.isError() ? Severity::Error : Severity::Warning;
  switch (V.Problem) {
  case BlockProblem::ZeroDim:
    F.Message = What + " cannot succeed: blockDim." + DimName[V.Dim] +
                " is 0 (block " + Shape + ")";
    break;
  case BlockProblem::DimTooLarge:
    F.Message = What + " cannot succeed: blockDim." + DimName[V.Dim] + " is " +
                std::to_string((*D)[V.Dim]) + ", above the limit of " +
                std::to_string(V.Limit) + " (block " + Shape + ")";
    break;
  case BlockProblem::TooManyThreads:
    F.Message = What + " cannot succeed: block " + Shape + " has " +
                std::to_string(T) + " threads, above the limit of " +
                std::to_string(V.Limit) + " threads per block";
    break;
  case BlockProblem::AboveLaunchBounds:
    F.Message = What + " cannot succeed: block " + Shape + " has " +
                std::to_string(T) + " threads, above the kernel's " +
                "__launch_bounds__ maximum of " + std::to_string(V.Limit);
    break;
  case BlockProblem::NotWarpMultiple:
    F.Message = What + " uses a block of " + std::to_string(T) + " thread" +
                (T == 1 ? "" : "s") + " (" + Shape +
                "), not a multiple of the warp size 32: " + warpText(T);
    break;
  case BlockProblem::None:
    return;
  }

  WarpUse U = warpUse(T);
  F.Properties["threads"] = T;
  F.Properties["blockDim"] = dimJson(*D);
  F.Properties["warps"] = U.Warps;
  F.Properties["idleLanes"] = U.IdleLanes;
  // json::Value keeps a StringRef without copying it: the API name lives in
  // the AST, which is gone when the tool prints, so store a copy.
  F.Properties["launch"] =
      S.How == LaunchSite::TripleChevron ? std::string("<<<>>>") : S.Api.str();
  if (Kernel)
    F.Properties["kernel"] = functionName(Kernel);
  if (V.isError())
    F.Properties["limit"] = V.Limit;
  if (MaxThreads)
    F.Properties["launchBoundsMaxThreads"] = *MaxThreads;

  const SourceManager &SM = C.Index.Ctx.getSourceManager();
  if (DefinedAt && C.Index.isUserCode(DefinedAt->getBeginLoc()) &&
      SM.getExpansionLoc(DefinedAt->getBeginLoc()) != SM.getExpansionLoc(S.Loc))
    F.Notes.push_back(
        {DefinedAt->getBeginLoc(), "block shape " + Shape + " defined here"});
  if (V.Problem == BlockProblem::AboveLaunchBounds && LB)
    F.Notes.push_back(
        {LB->getLocation(), quote(functionName(Kernel)) +
                                " is declared with __launch_bounds__(" +
                                std::to_string(*MaxThreads) + ") here"});
  C.report(std::move(F), S.Enclosing);
}

static void checkBounds(CheckContext &C, const FunctionDecl *K) {
  const auto *A = K->getAttr<CUDALaunchBoundsAttr>();
  auto Max = C.Values.integer(A->getMaxThreads(), Assumptions::hostIn(K));
  if (!Max || Max->isNegative() || *Max == 0)
    return;
  uint64_t T = Max->getZExtValue();
  C.visit(CheckId::BlockSize, A->getLocation(), K);
  if (T % WarpSize == 0 || T > MaxThreadsPerBlock)
    return;
  AstFinding F;
  F.Check = CheckId::BlockSize;
  F.Level = Severity::Warning;
  F.Loc = A->getLocation();
  F.Message = "__launch_bounds__ of " + quote(functionName(K)) +
              " allows at most " + std::to_string(T) +
              " threads per block, not a multiple of the warp size 32: a "
              "full block runs as " +
              warpText(T);
  WarpUse U = warpUse(T);
  F.Properties["threads"] = T;
  F.Properties["warps"] = U.Warps;
  F.Properties["idleLanes"] = U.IdleLanes;
  F.Properties["kernel"] = functionName(K);
  F.Properties["launch"] = "__launch_bounds__";
  C.report(std::move(F), K);
}

static void runBlockSizeCheck(CheckContext &C) {
  bool UseBounds = C.Opts.getBool("warplint-block-size.LaunchBounds", true);
  for (const LaunchSite &S : C.Index.Launches)
    if (C.Index.isUserCode(S.Loc) && C.Index.isAnalysable(S.Enclosing))
      checkLaunch(C, S, UseBounds);
  if (!UseBounds)
    return;
  for (const FunctionDecl *K : C.Index.BoundedKernels)
    if (C.Index.isUserCode(K->getAttr<CUDALaunchBoundsAttr>()->getLocation()) &&
        C.Index.isAnalysable(K))
      checkBounds(C, K);
}

void registerBlockSizeCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::BlockSize, runBlockSizeCheck);
}

} // namespace warplint
