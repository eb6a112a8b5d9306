//===-- PtxasReports.cpp - The ptxas reports the checks read --------------===//
#include "PtxasReports.h"
#include "warplint/Model/SmArch.h"
#include "warplint/Ptxas/CudaObject.h"
#include "clang/AST/Attr.h"
#include "clang/AST/GlobalDecl.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace warplint {

/// Whether two architecture names are the same SM: sm_90, compute_90, sm_90a.
static bool sameArch(StringRef A, StringRef B) {
  return model::smArchBaseName(A) == model::smArchBaseName(B);
}

PtxasReportIndex::PtxasReportIndex(CheckContext &C) {
  // The front ends have said what is wrong with each; the unusable ones
  // count as given.
  auto Add = [&](llvm::Expected<ptxas::Report> R) {
    ++Given;
    if (R)
      Reports.push_back(std::move(*R));
    else
      llvm::consumeError(R.takeError());
  };
  // A pending report may be the object the build wrote (warplint-launch
  // publishes it when it tells all the checks need).
  for (const auto &[Name, Text] : C.Opts.ptxasReports())
    Add(ptxas::looksLikeObject(Text) ? ptxas::readObject(Text)
                                     : ptxas::parseReport(Text));
  // Objects give the same Functions, less the spills (unknown).
  for (const auto &[Name, Bytes] : C.Opts.Objects)
    Add(ptxas::readObject(Bytes));
  Mangler.reset(C.Index.Ctx.createMangleContext());
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

std::optional<std::vector<std::string>> PtxasReportIndex::kernelArchs() const {
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

std::string PtxasReportIndex::mangled(const FunctionDecl *K) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  GlobalDecl GD(K, KernelReferenceKind::Kernel);
  if (Mangler->shouldMangleDeclName(K))
    Mangler->mangleName(GD, OS);
  else
    OS << K->getName();
  return S;
}

const ptxas::Function *PtxasReportIndex::find(const FunctionDecl *K,
                                              StringRef Arch) {
  std::string M = mangled(K);
  for (const ptxas::Report &R : Reports)
    for (const ptxas::Function &F : R.Functions)
      if (F.IsKernel && F.Mangled == M &&
          (F.Arch.empty() || sameArch(F.Arch, Arch)))
        // No verdict from one of two entries that disagree (the report's
        // error says so).
        return F.Contradicted ? nullptr : &F;
  return nullptr;
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
  bool Kernels = llvm::any_of(C.Index.DeviceFunctions,
                              [&](const FunctionDecl *F) {
                                return F->hasAttr<CUDAGlobalAttr>() &&
                                       C.Index.isUserCode(F->getLocation());
                              }) ||
                 llvm::any_of(C.Index.Launches, [&](const LaunchSite &S) {
                   return S.Kernel && C.Index.isUserCode(S.Loc);
                 });
  if (!Kernels)
    return Cov;
  PtxasReportIndex Idx(C);
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
    if (llvm::none_of(*Covered,
                      [&](const std::string &R) { return sameArch(R, A); }))
      Cov.MissingArchs.push_back(A);
  if (!Cov.MissingArchs.empty()) {
    Cov.Checks = std::move(Checks);
    Cov.ReportArchs = std::move(*Covered);
  }
  return Cov;
}

void notePtxasCoverage(CheckContext &C) {
  if (!C.Coverage)
    C.Coverage = ptxasCoverage(C);
}

} // namespace warplint
