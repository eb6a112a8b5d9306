//===-- BankConflictCheck.cpp - warplint-bank-conflict --------------------===//
//
// Reports the shared-memory accesses whose worst warp needs more wavefronts
// than phases, for the block shapes the file launches the kernel with: one
// finding per distinct degree, naming the shapes. Accesses whose address the
// analysis cannot compute exactly say nothing. See
// docs/checks/warplint-bank-conflict.md.
//
//===----------------------------------------------------------------------===//
#include "MessageText.h"
#include "Registration.h"
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/CheckRegistry.h"
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/Attr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>

using namespace clang;
using namespace warplint::model;

namespace warplint {

/// The kind in a message: accessKindName's, but for a read and write.
static StringRef kindWords(SharedAccess::Kind K) {
  return K == SharedAccess::LoadStore ? "read-modify-write" : accessKindName(K);
}

/// "a 32-way", "an 8-way", "an 18-way".
static std::string article(const std::string &Degree) {
  StringRef D(Degree);
  bool An = D.starts_with("8") || D == "11" || D == "18" ||
            D.starts_with("11.") || D.starts_with("18.");
  return (An ? "an " : "a ") + Degree;
}

/// "block 32x8", "blocks 32x8 and 16x16", "assumed block 32x1".
static std::string shapesText(ArrayRef<const AccessRun *> Runs) {
  std::vector<std::string> Shapes;
  bool Assumed = false;
  for (const AccessRun *R : Runs) {
    std::string S = shapeText(R->Block);
    if (!R->Via.empty())
      S += " " + R->Via;
    if (std::find(Shapes.begin(), Shapes.end(), S) == Shapes.end())
      Shapes.push_back(S);
    Assumed |= R->Assumed;
  }
  std::string Out = Assumed ? "assumed " : "";
  Out += Shapes.size() == 1 ? "block " : "blocks ";
  for (size_t I = 0; I < Shapes.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Shapes.size() ? " and " : ", ") + Shapes[I];
  return Out;
}

/// The fix-it that pads V's innermost dimension by Extra elements, when V
/// is declared in the main file outside macros and templates.
static std::optional<AstFixIt> paddingFixIt(const VarDecl *V, unsigned Extra,
                                            ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (V->getLocation().isMacroID() ||
      !SM.isInMainFile(SM.getExpansionLoc(V->getLocation())))
    return std::nullopt;
  if (const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext()))
    if (F->isTemplateInstantiation() || F->isDependentContext())
      return std::nullopt;
  TypeSourceInfo *TSI = V->getTypeSourceInfo();
  if (!TSI)
    return std::nullopt;
  TypeLoc TL = TSI->getTypeLoc();
  std::optional<ArrayTypeLoc> Inner;
  while (true) {
    TL = TL.getUnqualifiedLoc();
    if (auto A = TL.getAs<AttributedTypeLoc>()) {
      TL = A.getModifiedLoc();
      continue;
    }
    auto ATL = TL.getAs<ArrayTypeLoc>();
    if (!ATL)
      break;
    Inner = ATL;
    TL = ATL.getElementLoc();
  }
  if (!Inner || !Inner->getSizeExpr())
    return std::nullopt;
  const Expr *SE = Inner->getSizeExpr();
  CharSourceRange R = SM.getExpansionRange(SE->getSourceRange());
  if (R.getBegin().isMacroID() || !SM.isInMainFile(R.getBegin()))
    return std::nullopt;
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  if (Text.empty())
    return std::nullopt;
  std::string New;
  uint64_t N;
  if (!Text.getAsInteger(10, N))
    New = std::to_string(N + Extra);
  else if (llvm::all_of(Text, [](char C) {
             return isalnum((unsigned char)C) || C == '_' || C == ':';
           }))
    New = Text.str() + " + " + std::to_string(Extra);
  else
    New = "(" + Text.str() + ") + " + std::to_string(Extra);
  return AstFixIt{R, New};
}

/// A WMMA load or store whose rows crowd into some banks: whatever lanes
/// the library gives each element, the busiest bank must serve each of its
/// words in a wavefront of its own.
static void tileFinding(CheckContext &C, const AccessReport &R,
                        SourceLocation Loc) {
  const SharedAccess::TileRows &T = *R.Access.Tile;
  TileBound B = T.bound();
  if (B.MaxWords <= B.Ideal)
    return;
  std::string Degree = formatDegree(B.MaxWords, B.Ideal);
  AstFinding F;
  F.Check = CheckId::BankConflict;
  F.Level = Severity::Warning;
  F.Loc = Loc;
  F.Message = "shared-memory " + kindWords(R.Access.How).str() + " by " +
              R.Access.Instruction + " of " + quote(R.Text) + " has at least " +
              article(Degree) + "-way bank conflict (" + T.text() + ": bank " +
              std::to_string(B.Bank) + " holds " + std::to_string(B.MaxWords) +
              " of the tile's words, where " + std::to_string(B.Ideal) +
              " would do)";
  F.Notes.push_back(
      {Loc,
       "whatever lanes WMMA gives the elements, a wavefront serves one word "
       "per bank: the tile needs at least " +
           std::to_string(B.MaxWords) + " wavefronts where " +
           std::to_string(B.Ideal) + " would do",
       {}});
  // The smallest padding of the leading dimension, in 16-byte steps (ldm
  // must stay a multiple of 16 bytes), that spreads the words evenly.
  for (uint64_t Pad = 16; Pad <= 128; Pad += 16) {
    if (Pad % T.ElemBytes)
      continue;
    TileBound P = tileBound(T.Rows, T.RowBytes, T.stride() + Pad);
    if (P.MaxWords <= P.Ideal) {
      F.Notes.push_back(
          {R.Access.LValue ? R.Access.LValue->getBeginLoc() : Loc,
           "a leading dimension of " +
               std::to_string(T.Ldm + Pad / T.ElemBytes) + " (" +
               std::to_string(Pad) +
               " bytes of padding per row) spreads the tile's words evenly "
               "over the 32 banks",
           {}});
      break;
    }
  }
  F.Properties["degreeAtLeast"] = double(B.MaxWords) / B.Ideal;
  F.Properties["wavefrontsAtLeast"] = B.MaxWords;
  F.Properties["idealWavefronts"] = B.Ideal;
  F.Properties["ldm"] = T.Ldm;
  F.Properties["access"] = accessKindName(R.Access.How).str();
  F.Properties["instruction"] = R.Access.Instruction;
  F.Properties["array"] = R.Array->getNameAsString();
  C.report(std::move(F), R.Access.Function);
}

/// An access a bound stopped, in a run or its lowering: counted for the
/// front end's one warning per file.
static void noteSkipped(CheckContext &C, const BankConflictAnalysis &A,
                        const AccessReport &R, SourceLocation Loc) {
  bool Skipped = StringRef(R.WhyUnknown).starts_with("skipped: too complex");
  bool FileBound = StringRef(R.WhyUnknown).contains("MaxFileSteps");
  for (const AccessRun &Run : R.Runs)
    if (Run.Result.TooComplex) {
      Skipped = true;
      FileBound |= StringRef(Run.Result.Why).contains("MaxFileSteps");
    }
  if (!Skipped)
    return;
  SkippedAccesses &S = C.Skipped;
  if (!S.Count++)
    S.First = Loc;
  if (FileBound || S.Option.empty()) {
    S.Option = FileBound ? "warplint-bank-conflict.MaxFileSteps"
                         : "warplint-bank-conflict.MaxSteps";
    S.Limit = FileBound ? A.Settings.MaxFileSteps : A.Settings.MaxSteps;
  }
}

/// The conflicting runs of R, grouped by degree.
static std::vector<std::vector<const AccessRun *>>
conflictGroups(const AccessReport &R) {
  std::vector<std::vector<const AccessRun *>> Groups;
  for (const AccessRun &Run : R.Runs) {
    if (!Run.Result.conflicts())
      continue;
    auto It = std::find_if(Groups.begin(), Groups.end(), [&](auto &G) {
      const AccessResult &O = G.front()->Result;
      return uint64_t(O.Wavefronts) * Run.Result.Phases ==
             uint64_t(Run.Result.Wavefronts) * O.Phases;
    });
    if (It == Groups.end())
      Groups.push_back({&Run});
    else
      It->push_back(&Run);
  }
  return Groups;
}

/// "warp 0 (threads 0..31) needs 4 wavefronts where 1 would do", with how
/// the instruction or the access's width splits the warp.
static std::string warpNote(const AccessReport &R, const AccessRun &First) {
  const AccessResult &Res = First.Result;
  const std::string &Instr = R.Access.Instruction;
  unsigned Bytes = R.Access.Bytes;
  unsigned Phases = phasesFor(Bytes);
  uint64_t T0 = uint64_t(Res.Warp) * 32;
  uint64_t T1 = std::min<uint64_t>(T0 + 31, First.Block.threads() - 1);
  std::string Warp =
      "warp " + std::to_string(Res.Warp) + " (threads " + std::to_string(T0) +
      ".." + std::to_string(T1) + ") needs " + std::to_string(Res.Wavefronts) +
      " wavefronts where " + std::to_string(Res.Phases) + " would do";
  if (isMatrixInstruction(Instr)) {
    unsigned N = R.Access.AddressLanes / 8;
    Warp += "; " + Instr + " " +
            (R.Access.How == SharedAccess::Store ? "writes " : "reads ") +
            (N == 1 ? "one 8x8 matrix" : std::to_string(N) + " 8x8 matrices") +
            ", each in one phase: 8 rows of 16 bytes whose addresses "
            "lanes " +
            (N == 1 ? "0..7 give" : "8k..8k+7 give for matrix k");
  } else if (Phases > 1) {
    Warp += "; " + std::to_string(Bytes) + "-byte accesses are served in " +
            std::to_string(Phases) + " phases of " +
            std::to_string(32 / Phases) + " lanes";
  }
  return Warp;
}

/// The note that says a run's block shape is the assumed one.
static void addAssumedNote(AstFinding &F, const AccessReport &R,
                           const AccessRun &First) {
  if (First.Assumed && First.Kernel)
    F.Notes.push_back({First.Kernel->getLocation(),
                       "no launch of " + quote(functionName(First.Kernel)) +
                           " in this file gives its block shape: assumed " +
                           shapeText(First.Block) +
                           " (set --block-dim=X,Y,Z or the option "
                           "warplint-bank-conflict.BlockDim)",
                       {}});
  else if (First.Assumed)
    F.Notes.push_back({R.Access.Function->getLocation(),
                       "no kernel in this file calls " +
                           quote(functionName(R.Access.Function)) +
                           ": assumed block " + shapeText(First.Block) +
                           " (set --block-dim=X,Y,Z or the option "
                           "warplint-bank-conflict.BlockDim)",
                       {}});
}

/// The runs of R whose degree is a function of a run-time value, grouped
/// by that function; only those that conflict for every value, unless
/// Possible (warplint-bank-conflict.ReportPossible) asks for those that
/// conflict for some.
static std::vector<std::vector<const AccessRun *>>
parametricGroups(const AccessReport &R, bool Possible) {
  std::vector<std::vector<const AccessRun *>> Groups;
  for (const AccessRun &Run : R.Runs) {
    const auto &D = Run.Result.Parametric;
    if (!D || !(D->conflictsForEvery() || (Possible && D->conflictsForSome())))
      continue;
    auto It = std::find_if(Groups.begin(), Groups.end(), [&](auto &G) {
      const ParametricDegree &O = *G.front()->Result.Parametric;
      return O.Name == D->Name && O.Text == D->Text;
    });
    if (It == Groups.end())
      Groups.push_back({&Run});
    else
      It->push_back(&Run);
  }
  return Groups;
}

/// "; whether it runs at all follows what the code tests on 'd': (x < d)",
/// where it tests something.
static std::string conditionsWords(const ParametricDegree &D) {
  if (D.Conditions.empty())
    return "";
  std::string Out = "; whether it runs at all follows what the code tests on " +
                    quote(D.Name) + ": ";
  for (size_t I = 0; I < D.Conditions.size(); ++I)
    Out += (I ? ", " : "") + D.Conditions[I];
  return Out;
}

/// The finding of the runs G of R, whose degree is the same function of a
/// run-time value: a conflict for every value it may have (at the least
/// degree), or, with ReportPossible, for some.
static void parametricFinding(CheckContext &C, const AccessReport &R,
                              llvm::ArrayRef<const AccessRun *> G,
                              SourceLocation Loc) {
  const AccessRun &First = *G.front();
  const ParametricDegree &D = *First.Result.Parametric;
  std::string Name = quote(D.Name);
  AstFinding F;
  F.Check = CheckId::BankConflict;
  F.Level = Severity::Warning;
  F.Loc = Loc;
  std::string Head = "shared-memory " + kindWords(R.Access.How).str() +
                     (R.Access.How == SharedAccess::Atomic ? " on " : " of ") +
                     quote(R.Text);
  if (D.conflictsForEvery())
    F.Message = Head + " has " +
                article(formatDegree(D.Min.first, D.Min.second)) +
                "-way bank conflict for every value of " + Name +
                (D.NeverForSome ? " for which it runs" : "") + " (" +
                shapesText(G) + ": " + D.Text + ")";
  else
    F.Message = Head + " has a bank conflict for some values of " + Name +
                " (" + shapesText(G) + ": " + D.Text + ")";
  std::string Repeat =
      D.Period == 1 ? "the banks are the same for every value of " + Name
                    : "the banks repeat every " + std::to_string(D.Period) +
                          " values of " + Name;
  F.Notes.push_back({Loc,
                     Name +
                         " is known only at run time: the degree was "
                         "computed for every value it may have (" +
                         Repeat +
                         "; the values for which two lanes may share a "
                         "word were tried one by one" +
                         conditionsWords(D) + ")",
                     {}});
  addAssumedNote(F, R, First);
  llvm::json::Object P{
      {"value", D.Name},
      {"period", D.Period},
      {"minDegree", double(D.Min.first) / std::max(1u, D.Min.second)},
      {"maxDegree", double(D.Max.first) / std::max(1u, D.Max.second)},
      {"everyValue", D.conflictsForEvery()},
      {"text", D.Text}};
  F.Properties["parametric"] = std::move(P);
  if (D.conflictsForEvery())
    F.Properties["degree"] = double(D.Min.first) / D.Min.second;
  F.Properties["elementBytes"] = R.Access.Bytes;
  F.Properties["blockDim"] =
      llvm::json::Array{First.Block.X, First.Block.Y, First.Block.Z};
  F.Properties["assumedBlockDim"] = First.Assumed;
  F.Properties["access"] = accessKindName(R.Access.How).str();
  if (R.Array)
    F.Properties["array"] = R.Array->getNameAsString();
  if (First.Kernel)
    F.Properties["kernel"] = functionName(First.Kernel);
  C.report(std::move(F), R.Access.Function);
}

/// The fixes of each conflicting array, asked of the analysis once.
struct ArrayFixes {
  BankConflictAnalysis &A;

  /// The note that pads Array (with its fix-it), else the one that
  /// describes a relayout; none when neither is certain. (The analysis
  /// searches each array's fix once.)
  std::optional<AstNote> noteFor(const VarDecl *Array, ASTContext &Ctx) {
    if (unsigned Extra = A.paddingFix(Array)) {
      uint64_t Inner = A.innerExtent(Array);
      AstNote N;
      N.Loc = Array->getLocation();
      N.Message = "padding the inner dimension of " + quote(Array->getName()) +
                  " to " + std::to_string(Inner + Extra) + " element" +
                  (Inner + Extra == 1 ? "" : "s") +
                  " makes every access of it conflict-free";
      if (auto Fix = paddingFixIt(Array, Extra, Ctx))
        N.FixIts.push_back(*Fix);
      return N;
    }
    std::string Hint = A.layoutHint(Array);
    if (Hint.empty())
      return std::nullopt;
    return AstNote{Array->getLocation(),
                   "every access of " + quote(Array->getName()) +
                       " is conflict-free " + Hint,
                   {}};
  }
};

/// The finding of the runs G of R, which share a degree.
static void conflictFinding(CheckContext &C, const AccessReport &R,
                            llvm::ArrayRef<const AccessRun *> G,
                            SourceLocation Loc, ArrayFixes &Fixes) {
  const AccessRun &First = *G.front();
  const AccessResult &Res = First.Result;
  unsigned Bytes = R.Access.Bytes;
  std::string Degree = formatDegree(Res.Wavefronts, Res.Phases);
  std::string Context = shapesText(G);
  for (const auto &[Name, V] : Res.LoopValues)
    Context += ", " + Name + " = " + std::to_string(V);

  AstFinding F;
  F.Check = CheckId::BankConflict;
  F.Level = Severity::Warning;
  F.Loc = Loc;
  const std::string &Instr = R.Access.Instruction;
  std::string Why = describeConflict(Res, Bytes);
  if (isMatrixInstruction(Instr) && StringRef(Why).starts_with("lane"))
    Why = "the rows of " + Why; // each lane gives a row's address
  F.Message = "shared-memory " + kindWords(R.Access.How).str() +
              (!Instr.empty()                         ? " by " + Instr + " at "
               : R.Access.How == SharedAccess::Atomic ? " on "
                                                      : " of ") +
              quote(R.Text) + " has " + article(Degree) +
              "-way bank conflict (" + Context + ": " + Why + ")";
  F.Notes.push_back({Loc, warpNote(R, First), {}});
  if (!Res.ByCycleValue.empty())
    F.Notes.push_back({Loc, cycleValuesText(Res), {}});
  // An instruction in a helper (ldmatrix_x4(addr)): the address comes from
  // the kernel's call.
  if (!Instr.empty() && !First.Chain.Calls.empty())
    F.Notes.push_back({First.Chain.Calls.front()->getBeginLoc(),
                       "the address comes from this call in " +
                           quote(functionName(First.Chain.Functions.front())),
                       {}});
  addAssumedNote(F, R, First);
  const VarDecl *Array = First.Array ? First.Array : R.Array;
  if (Array)
    if (std::optional<AstNote> N = Fixes.noteFor(Array, C.Index.Ctx))
      F.Notes.push_back(std::move(*N));

  F.Properties["degree"] = double(Res.Wavefronts) / Res.Phases;
  F.Properties["wavefronts"] = Res.Wavefronts;
  F.Properties["idealWavefronts"] = Res.Phases;
  F.Properties["elementBytes"] = Bytes;
  F.Properties["blockDim"] =
      llvm::json::Array{First.Block.X, First.Block.Y, First.Block.Z};
  F.Properties["assumedBlockDim"] = First.Assumed;
  F.Properties["access"] = accessKindName(R.Access.How).str();
  if (Array)
    F.Properties["array"] = Array->getNameAsString();
  if (First.Kernel)
    F.Properties["kernel"] = functionName(First.Kernel);
  F.Properties["warp"] = Res.Warp;
  if (!Res.LoopValues.empty()) {
    llvm::json::Object L;
    for (const auto &[Name, V] : Res.LoopValues)
      L[Name] = V;
    F.Properties["loopValues"] = std::move(L);
  }
  C.report(std::move(F), R.Access.Function);
}

/// Counts R in C.Accesses (AccessCoverage), with a note when it is left
/// unknown, and one per kernel (or uncalled device function) analysed with
/// the assumed block only, the first time it is seen (Said).
static void noteCoverage(CheckContext &C, const AccessReport &R,
                         SourceLocation Loc,
                         llvm::SmallPtrSetImpl<const FunctionDecl *> &Said) {
  AccessCoverage &Cov = C.Accesses;
  ++Cov.Total;
  bool Real = false, Assumed = false, Parametric = false;
  std::string Why = R.WhyUnknown;
  for (const AccessRun &Run : R.Runs) {
    bool Known = Run.Result.State != AccessResult::Unknown;
    Real |= Known && !Run.Assumed;
    Assumed |= Known && Run.Assumed;
    Parametric |= Run.Result.Parametric != nullptr;
    if (!Known && Why.empty())
      Why = Run.Result.Why;
    if (!Run.Assumed)
      continue;
    const FunctionDecl *F = Run.Kernel ? Run.Kernel : R.Access.Function;
    if (!F || !Said.insert(F).second)
      continue;
    std::string Advice = ": analysed with the assumed block " +
                         shapeText(Run.Block) +
                         " only; -p (the build's compilation database) "
                         "follows its launches from the build's other "
                         "files, --block-dim=X,Y,Z or "
                         "warplint-bank-conflict.BlockDim (--check-option, "
                         "CheckOptions in .warplint.yaml) sets the shape "
                         "it is launched with";
    Cov.Notes.push_back(
        {F->getLocation(),
         Run.Kernel ? "no launch of " + quote(functionName(F)) +
                          " in this file gives its block shape" + Advice
                    : "no kernel in this file calls " + quote(functionName(F)) +
                          Advice});
  }
  if (Real) {
    ++Cov.WithDegree;
  } else if (Assumed) {
    ++Cov.AssumedOnly;
  } else {
    ++Cov.Unknown;
    Cov.Parametric += Parametric;
    Cov.Notes.push_back(
        {Loc, "shared-memory " + kindWords(R.Access.How).str() + " of " +
                  quote(R.Text) + " has no degree: " +
                  (Why.empty() ? "its address is not known" : Why)});
  }
}

static void runBankConflictCheck(CheckContext &C) {
  bool Possible =
      C.Opts.getBool("warplint-bank-conflict.ReportPossible", false);
  llvm::SmallPtrSet<const FunctionDecl *, 8> Said;
  bool Any = false;
  // The reports [Begin, End) of A, in source order: those the analysis
  // settles as it goes (CheckContext::StreamBankReports), then the rest.
  auto Check = [&](BankConflictAnalysis &A, size_t Begin, size_t End) {
    ArrayFixes Fixes{A};
    // A launch whose shape is not known, beside others whose shapes are:
    // its kernel's degrees are for those others only.
    if (!Any && Begin != End)
      for (const auto &[K, Why] : A.partialLaunches())
        C.Accesses.Notes.push_back(
            {K->getLocation(), "the shared-memory accesses of " +
                                   quote(functionName(K)) +
                                   " are analysed with the blocks of its "
                                   "other launches only: " +
                                   Why});
    Any |= Begin != End;
    for (size_t I = Begin; I < End; ++I) {
      const AccessReport &R = A.reports()[I];
      SourceLocation Loc = R.Access.site()->getBeginLoc();
      C.visit(CheckId::BankConflict, Loc, R.Access.Function);
      noteSkipped(C, A, R, Loc);
      noteCoverage(C, R, Loc, Said);
      if (R.Access.Tile && R.Array) {
        tileFinding(C, R, Loc);
        continue;
      }
      for (const auto &G : conflictGroups(R))
        conflictFinding(C, R, G, Loc, Fixes);
      for (const auto &G : parametricGroups(R, Possible))
        parametricFinding(C, R, G, Loc);
    }
  };
  BankConflictAnalysis &A = C.bankConflicts(Check);
  Check(A, 0, A.reports().size());
}

/// The bank analysis as the check's options set it: the assumed block
/// shape and the bounds on its work.
static void bankSettings(const Options &Opts, BankAnalysisSettings &S) {
  auto It = Opts.CheckOptions.find("warplint-bank-conflict.BlockDim");
  if (It != Opts.CheckOptions.end())
    if (auto D = parseBlockDim(It->second))
      S.DefaultBlock = *D;
  S.MaxSteps = Opts.getUInt("warplint-bank-conflict.MaxSteps", S.MaxSteps);
  S.MaxFileSteps =
      Opts.getUInt("warplint-bank-conflict.MaxFileSteps", S.MaxFileSteps);
  S.MaxStepsOption = "warplint-bank-conflict.MaxSteps";
  S.MaxFileStepsOption = "warplint-bank-conflict.MaxFileSteps";
}

void registerBankConflictCheck(CheckRegistry &Registry) {
  Registry.add(CheckId::BankConflict, runBankConflictCheck);
  Registry.setBankSettings(bankSettings);
}

} // namespace warplint
