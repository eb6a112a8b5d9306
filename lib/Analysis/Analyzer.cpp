//===-- Analyzer.cpp - Run the enabled checks on a translation unit -------===//
#include "warplint/Analysis/Analyzer.h"
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/CheckRegistry.h"
#include "warplint/Core/Baseline.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Core/SourceText.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <csignal>
#include <memory>
#ifndef _WIN32
#include <signal.h>
#endif
#include <cstdlib>
#include <map>
#include <set>

using namespace clang;

namespace warplint {

CheckContext::CheckContext(TUIndex &Index, const Options &Opts,
                           const CheckRegistry *Registry)
    : Index(Index), Opts(Opts), Registry(Registry), Values(Index.Ctx) {}

CheckContext::~CheckContext() = default;

BankConflictAnalysis &CheckContext::bankConflicts() {
  if (!Banks) {
    BankAnalysisSettings S;
    if (Registry)
      Registry->bankSettings(Opts, S);
    Banks = std::make_unique<BankConflictAnalysis>(Index, Values, Launches,
                                                   std::move(S));
    Banks->run();
  }
  return *Banks;
}

void CheckContext::visit(CheckId Check, SourceLocation Loc,
                         const FunctionDecl *Context) {
  if (!Index.instantiationName(Context).empty())
    ++InstantiationVisits[{(unsigned)Check, Loc.getRawEncoding()}];
}

/// The name a baseline keys a finding by: qualified, without template
/// arguments (the same for every instantiation) and without the file
/// positions clang gives unnamed classes and lambdas.
static std::string stableFunctionName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  PrintingPolicy P = FD->getASTContext().getPrintingPolicy();
  P.AnonymousTagLocations = false;
  P.SuppressUnwrittenScope = true;
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->printQualifiedName(OS, P);
  return S;
}

void CheckContext::report(AstFinding F, const FunctionDecl *Context) {
  if (F.Function.empty())
    F.Function = stableFunctionName(Context);
  Findings.push_back({std::move(F), Index.instantiationName(Context)});
}

std::vector<AstFinding> CheckContext::takeFindings() {
  // Group the findings of instantiations by (check, place).
  std::map<std::pair<unsigned, unsigned>, std::vector<Pending *>> Groups;
  for (Pending &P : Findings)
    if (!P.Instantiation.empty())
      Groups[{(unsigned)P.F.Check, P.F.Loc.getRawEncoding()}].push_back(&P);

  // A group is uniform when every instantiation that reached the place has
  // a finding there, all in the same words: then one unnamed finding says it.
  std::map<std::pair<unsigned, unsigned>, bool> Uniform;
  for (auto &[Key, G] : Groups) {
    bool U = G.size() == InstantiationVisits[Key];
    for (const Pending *Q : G)
      U &= Q->F.Message == G.front()->F.Message;
    Uniform[Key] = U;
  }

  std::vector<AstFinding> Out;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
  for (Pending &P : Findings) {
    auto Key = std::make_pair((unsigned)P.F.Check, P.F.Loc.getRawEncoding());
    if (!P.Instantiation.empty() && !Uniform[Key] &&
        !StringRef(P.F.Message).contains("'" + P.Instantiation + "'"))
      P.F.Message += " (in instantiation '" + P.Instantiation + "')";
    if (Seen.insert({Key.first, Key.second, P.F.Message}).second)
      Out.push_back(std::move(P.F));
  }
  return Out;
}

/// WARPLINT_DEBUG_CRASH=segv|abort|stack makes the analysis crash that way
/// as it starts: the tests of crash containment in every front end use it
/// (clang's `#pragma clang __debug crash` crashes clang's parser, not
/// warplint).
static void debugCrashHook() {
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
  bool Done = CRC.RunSafelyOnThread(
      [&] {
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

/// WARPLINT_DEBUG_ANALYSES set: each analysis of a translation unit says so
/// on standard error, with the checks it runs ("warplint: debug: analysing
/// FILE for CHECK,CHECK"), so that the tests can count them (the clang-tidy
/// module runs one for all its checks).
static void debugTraceAnalysis(ASTContext &Ctx, const Options &Opts) {
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

std::string PtxasCoverage::message() const {
  std::string Skipped = llvm::join(Checks, " and ") + " skipped";
  if (NoReport)
    return "no ptxas report; " + Skipped;
  std::string Missing = llvm::join(MissingArchs, ", ");
  return "no ptxas report for " + Missing + " (" +
         (ReportArchs.empty()
              ? std::string("the report lists no kernel")
              : "the report covers " + llvm::join(ReportArchs, ", ")) +
         "); " + Skipped + " for " + Missing;
}

std::string SkippedAccesses::message(const SourceManager &SM) const {
  bool File = StringRef(Option).ends_with("MaxFileSteps");
  return std::to_string(Count) + " shared-memory access" +
         (Count == 1 ? "" : "es") + " not analysed (the first on line " +
         std::to_string(SM.getExpansionLineNumber(First)) + "): " +
         (File ? "the analysis of this file reached its limit of "
               : "the analysis of an access needs more than ") +
         std::to_string(Limit) + " steps (" + Option + ")";
}

AnalysisResult analyzeTranslationUnit(ASTContext &Ctx,
                                      const CheckRegistry &Checks,
                                      const Options &Opts,
                                      ArrayRef<SourceLocation> ErrorLocs,
                                      LaunchExchange Launches,
                                      std::vector<SharedAccessInfo> *Accesses) {
  debugCrashHook();
  debugTraceAnalysis(Ctx, Opts);
  TUIndex Index(Ctx, ErrorLocs);
  CheckContext C(Index, Opts, &Checks);
  C.Launches = Launches;
  for (const CheckInfo &I : allChecks())
    if (Opts.Checks.isEnabled(I.Id))
      if (CheckRegistry::RunFunction Run = Checks.find(I.Id))
        Run(C);
  if (Accesses)
    *Accesses = describeSharedAccesses(C.bankConflicts(), Ctx);
  AnalysisResult R;
  if (C.Coverage)
    R.Coverage = std::move(*C.Coverage);
  R.Skipped = C.Skipped;
  R.Findings = C.takeFindings();
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(R.Findings.begin(), R.Findings.end(),
                   [&](const AstFinding &A, const AstFinding &B) {
                     // The order the tool prints: place, check, message.
                     SourceLocation LA = SM.getExpansionLoc(A.Loc);
                     SourceLocation LB = SM.getExpansionLoc(B.Loc);
                     if (LA != LB)
                       return SM.isBeforeInTranslationUnit(LA, LB);
                     return std::tie(A.Check, A.Message) <
                            std::tie(B.Check, B.Message);
                   });
  R.UserFunctions = Index.UserFunctions;
  R.UserFunctionsWithErrors = Index.UserFunctionsWithErrors;
  return R;
}

std::vector<SharedAccessInfo>
describeSharedAccesses(const BankConflictAnalysis &A, ASTContext &Ctx) {
  std::vector<SharedAccessInfo> Out;
  for (const AccessReport &R : A.reports()) {
    SharedAccessInfo I;
    I.Loc =
        fileLocationOf(R.Access.site()->getBeginLoc(), Ctx.getSourceManager());
    I.EndLine =
        fileLocationOf(R.Access.site()->getEndLoc(), Ctx.getSourceManager())
            .Line;
    I.Text = R.Text;
    I.Access = accessKindName(R.Access.How).str();
    I.Instruction = R.Access.Instruction;
    I.AddressLanes = R.Access.AddressLanes;
    if (const auto &T = R.Access.Tile) {
      model::TileBound B = T->bound();
      I.Tile = T->text() + "; its busiest bank holds " +
               std::to_string(B.MaxWords) +
               " words, so any lane mapping "
               "needs at least " +
               std::to_string(B.MaxWords) + " wavefronts where " +
               std::to_string(B.Ideal) + " would do";
    }
    if (R.Array)
      I.Array = R.Array->getNameAsString();
    I.Function = functionName(R.Access.Function);
    I.Bytes = R.Access.Bytes;
    I.WhyUnknown = R.WhyUnknown;
    for (const AccessRun &Run : R.Runs)
      I.Runs.push_back({Run.Block, Run.Assumed,
                        Run.Kernel ? functionName(Run.Kernel) : "", Run.Via,
                        Run.Result});
    for (SourceRange SR : R.Through) {
      FileLocation B = fileLocationOf(SR.getBegin(), Ctx.getSourceManager());
      FileLocation E = fileLocationOf(SR.getEnd(), Ctx.getSourceManager());
      if (B.File.empty() || B.File != E.File || E.Line < B.Line)
        continue;
      // Lines of the access itself are not repeated.
      if (B.File == I.Loc.File && B.Line >= I.Loc.Line &&
          E.Line <= std::max(I.EndLine, I.Loc.Line))
        continue;
      I.Through.push_back({B.File, B.Line, E.Line});
    }
    llvm::sort(I.Through);
    I.Through.erase(std::unique(I.Through.begin(), I.Through.end()),
                    I.Through.end());
    Out.push_back(std::move(I));
  }
  return Out;
}

FileLocation fileLocationOf(SourceLocation Loc, const SourceManager &SM) {
  FileLocation L;
  if (Loc.isInvalid())
    return L;
  SourceLocation E = SM.getExpansionLoc(Loc);
  PresumedLoc P = SM.getPresumedLoc(E, /*UseLineDirectives=*/false);
  if (P.isInvalid())
    return L;
  llvm::SmallString<256> Path(P.getFilename());
  // Against the compile's working directory, which the tool keeps per file
  // rather than in the process.
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  L.File = std::string(Path);
  L.Line = P.getLine();
  L.Column = P.getColumn();
  return L;
}

FindingResolver::FindingResolver(const SourceManager &SM) : SM(SM) {}
FindingResolver::~FindingResolver() = default;

/// Where the line holding Off starts, given clang's byte column of Off.
static size_t lineStartOf(StringRef Buf, size_t Off, unsigned Column) {
  size_t Start = Column && Column - 1 <= Off ? Off - (Column - 1) : Off;
  // clang gives a location on a line break the column before it: the start
  // must follow a line break (or be the buffer's).
  while (Start > 0 && Buf[Start - 1] != '\n' && Buf[Start - 1] != '\r')
    --Start;
  return Start;
}

FileLocation FindingResolver::location(SourceLocation Loc) {
  FileLocation L = fileLocationOf(Loc, SM);
  if (L.File.empty() || !L.Column)
    return L;
  auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  std::optional<StringRef> Buf = SM.getBufferDataOrNone(FID);
  if (!Buf || Off > Buf->size())
    return L;
  size_t Start = lineStartOf(*Buf, Off, L.Column);
  // Counting the code points before Off costs the column; far into a long
  // line, a table of the file's multi-byte characters answers instead.
  constexpr size_t CountDirectly = 4096;
  size_t Chars;
  if (Off - Start <= CountDirectly) {
    Chars = codePointCount(Buf->slice(Start, Off));
  } else {
    std::unique_ptr<CodePointIndex> &I = CodePoints[FID];
    if (!I)
      I = std::make_unique<CodePointIndex>(*Buf);
    Chars = I->count(Start, Off);
  }
  L.CharColumn = unsigned(Chars + 1);
  return L;
}

/// The text of the line Loc's expansion is on, cut to a window around Loc
/// when the line is long; reading no more of the buffer than it keeps.
void FindingResolver::setSourceLine(Finding &F, SourceLocation Loc) {
  if (Loc.isInvalid() || !F.Loc.Column)
    return;
  auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  std::optional<StringRef> Buf = SM.getBufferDataOrNone(FID);
  if (!Buf || Off > Buf->size())
    return;
  size_t Start = lineStartOf(*Buf, Off, F.Loc.Column);
  // The line's end, looked for no further than what a window can take.
  size_t Limit = std::min(Buf->size(),
                          std::max(Start + MaxWholeLineBytes + 1,
                                   size_t(Off) + 4 * SnippetWindowColumns + 4));
  size_t End = std::min(Buf->slice(0, Limit).find_first_of("\r\n", Off), Limit);
  StringRef Line = Buf->slice(Start, End);
  LineWindow W = snippetWindow(Line, Off - Start);
  F.SourceLine = Line.slice(W.Begin, W.End).str();
  F.SourceLineBegin = unsigned(W.Begin);
  F.SourceLineCut =
      W.End < Line.size() || (End == Limit && End < Buf->size() &&
                              (*Buf)[End] != '\n' && (*Buf)[End] != '\r');
  if (W.Begin > 0 || F.SourceLineCut) {
    // What a baseline keeps of the line: its start, from a bounded read.
    StringRef Head = Buf->slice(Start, std::min(Buf->size(), Start + 4096));
    F.LineHead = snippetKey(
        Head.take_until([](char C) { return C == '\n' || C == '\r'; }));
  }
}

Finding FindingResolver::toFinding(const AstFinding &AF) {
  Finding F;
  F.Check = checkInfo(AF.Check).Name.str();
  F.Level = AF.Level;
  F.Loc = location(AF.Loc);
  F.Message = AF.Message;
  F.Function = AF.Function;
  F.Properties = llvm::json::Object(AF.Properties);
  setSourceLine(F, AF.Loc);
  for (const AstNote &N : AF.Notes) {
    FindingNote FN{location(N.Loc), N.Message, {}};
    for (const AstFixIt &X : N.FixIts) {
      CharSourceRange R = X.Range;
      SourceLocation E = R.getEnd();
      if (R.isTokenRange())
        E = Lexer::getLocForEndOfToken(E, 0, SM, LangOptions());
      FN.FixIts.push_back({location(R.getBegin()), location(E), X.Text});
    }
    F.Notes.push_back(std::move(FN));
  }
  return F;
}

std::vector<NolintProblem> applyNolint(std::vector<AstFinding> &Findings,
                                       const SourceManager &SM) {
  llvm::DenseMap<FileID, std::unique_ptr<NolintIndex>> Indexes;
  auto IndexOf = [&](FileID FID) -> const NolintIndex * {
    auto &Slot = Indexes[FID];
    if (!Slot) {
      // <built-in>, <command line> and the like hold no comments.
      if (!SM.getFileEntryRefForID(FID))
        return nullptr;
      std::optional<StringRef> Buf = SM.getBufferDataOrNone(FID);
      if (!Buf)
        return nullptr;
      Slot = std::make_unique<NolintIndex>(*Buf);
    }
    return Slot.get();
  };
  auto Suppressed = [&](const AstFinding &F) {
    StringRef Name = checkInfo(F.Check).Name;
    // As clang-tidy: the macro's own text first, then each expansion up to
    // the line that uses the macro.
    for (SourceLocation L = F.Loc; L.isValid();) {
      auto [FID, Offset] = SM.getDecomposedSpellingLoc(L);
      if (const NolintIndex *I = IndexOf(FID))
        if (I->suppresses(Name, Offset))
          return true;
      if (!L.isMacroID())
        break;
      L = SM.getImmediateExpansionRange(L).getBegin();
    }
    return false;
  };
  llvm::erase_if(Findings, Suppressed);

  std::vector<NolintProblem> Problems;
  for (auto &[FID, I] : Indexes)
    if (I && !SM.isInSystemHeader(SM.getLocForStartOfFile(FID)))
      for (const NolintIndex::Unmatched &U : I->unmatched())
        Problems.push_back({SM.getComposedLoc(FID, U.Offset), U.message()});
  llvm::sort(Problems, [&](const NolintProblem &A, const NolintProblem &B) {
    return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
  });
  return Problems;
}

Finding FindingResolver::toFinding(const NolintProblem &P) {
  Finding F;
  F.Check = NolintCheckName.str();
  F.Level = Severity::Warning;
  F.Loc = location(P.Loc);
  F.Message = P.Message;
  setSourceLine(F, P.Loc);
  return F;
}

} // namespace warplint
