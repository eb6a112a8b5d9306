//===-- AnalysisTestSupport.cpp - The unit tests' way into the analysis ---===//
//
// Today's analysis behind the adapters of AnalysisTestSupport.h: the
// translation unit's index (TUIndex), the accesses SharedAccessFinder::find
// reports, the runs BankConflictAnalysis gives each (the chain of calls and
// the kernel's argument values it lowers an access with, and the launch
// shapes it hands to another parse through LaunchExchange), and the host
// values of the ValueEngine.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestSupport.h"
#include "warplint/Analysis/BankConflicts.h"
#include "warplint/Analysis/CheckContext.h"
#include "warplint/Analysis/LaunchShapes.h"
#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Analysis/TUIndex.h"
#include "warplint/Analysis/ValueEngine.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace warplint::test {

namespace {

/// What every snippet is parsed after. A snippet that starts with a line
/// break (`R"(` then a new line) continues the line of the #include, so
/// that the lines the analysis names in its reasons are the snippet's own,
/// counting the line of `R"(` as line 1.
std::string withPrefix(llvm::StringRef Code, llvm::StringRef Extra = "") {
  std::string Out = "#include <cuda.h>";
  if (!Extra.empty())
    Out += "\n" + Extra.str();
  if (!Code.starts_with("\n"))
    Out += "\n";
  return Out + Code.str();
}
/// How many lines withPrefix(Code) puts before Code's first line.
unsigned prefixLines(llvm::StringRef Code) {
  return Code.starts_with("\n") ? 0 : 1;
}

/// The first error clang reports, with its line.
class FirstError : public DiagnosticConsumer {
public:
  std::string Message;
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < DiagnosticsEngine::Error || !Message.empty())
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Message = Text.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid())
        Message = std::string(P.getFilename()) + ":" +
                  std::to_string(P.getLine()) + ": " + Message;
    }
  }
};

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::string Error; ///< "parse error: ..." when the snippet has one
};

Parsed parse(llvm::StringRef Code, llvm::StringRef Extra = "") {
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   "-nocudainc",
                                   "-nocudalib",
                                   "--cuda-host-only",
                                   "--cuda-gpu-arch=sm_80",
                                   "-Wno-unknown-cuda-version",
                                   "-resource-dir",
                                   WARPLINT_CLANG_RESOURCE_DIR,
                                   "-isystem",
                                   WARPLINT_TEST_INPUTS};
  FirstError Errors;
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      withPrefix(Code, Extra), Args, "input.cu", "warplint-analysis-unittests",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &Errors);
  if (!P.AST)
    P.Error = "parse error: no AST";
  else if (P.AST->getDiagnostics().hasErrorOccurred())
    P.Error = "parse error: " + Errors.Message;
  return P;
}

/// The analysis of a parsed snippet as the tool runs it.
struct Analysed {
  TUIndex Index;
  Options Opts;
  CheckContext C;
  LaunchTable Launches;
  std::unique_ptr<BankConflictAnalysis> Bank;
  explicit Analysed(ASTContext &Ctx) : Index(Ctx, {}), C(Index, Opts) {
    LaunchExchange Exchange;
    Exchange.Seen = &Launches;
    Bank = std::make_unique<BankConflictAnalysis>(Index, C.Values, Exchange,
                                                  BankAnalysisSettings());
    Bank->run();
  }
};

unsigned lineOf(SourceLocation L, const SourceManager &SM) {
  return SM.getExpansionLineNumber(L);
}

/// The source of S on one line, single spaces.
std::string textOf(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(S->getSourceRange());
  if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID())
    R = SM.getExpansionRange(S->getSourceRange());
  std::string Out;
  bool Space = false;
  for (char Ch : Lexer::getSourceText(R, SM, Ctx.getLangOpts())) {
    if (Ch == '\n' || Ch == '\r' || Ch == '\t' || Ch == ' ') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += Ch;
  }
  return Out;
}

std::string accessText(const SharedAccess &A, const ASTContext &Ctx) {
  if (!A.Text.empty())
    return A.Text;
  if (A.LValue)
    return textOf(A.LValue, Ctx);
  if (A.Site && isa<CallExpr>(A.Site))
    return textOf(A.Site, Ctx);
  return A.Instruction;
}

/// "load 16 bytes by ldmatrix.x1 (lanes 0..7)".
std::string head(const SharedAccess &A) {
  std::string Out =
      accessKindName(A.How).str() + " " + std::to_string(A.Bytes) + " bytes";
  if (!A.Instruction.empty())
    Out += " by " + A.Instruction;
  if (A.AddressLanes != 32)
    Out += " (lanes 0.." + std::to_string(A.AddressLanes - 1) + ")";
  return Out;
}

std::string describe(const LoweredAccess &L, const SharedAccess &A) {
  const model::ExprPool &P = *L.Pool;
  std::string Out = head(A) + ": " + P.str(L.Spec.Address);
  if (!L.Spec.Guards.empty()) {
    Out += "; guards: [";
    for (size_t I = 0; I < L.Spec.Guards.size(); ++I) {
      const auto &[G, Want] = L.Spec.Guards[I];
      Out +=
          (I ? ", " : "") + std::string(Want ? "when " : "unless ") + P.str(G);
    }
    Out += "]";
  }
  if (P.numLoops()) {
    Out += "; loops: [";
    for (unsigned I = 0; I < P.numLoops(); ++I) {
      const model::Loop &Lp = P.loop(I);
      Out += (I ? ", " : "") + Lp.Name + ": ";
      if (!Lp.Complete) {
        Out += "incomplete";
        continue;
      }
      std::string Cond = Lp.CondKnown ? P.str(Lp.Cond) : "?";
      Out += "from " + P.str(Lp.Init);
      if (Lp.CondAfterBody)
        Out += " do next " + P.str(Lp.Next) + " while " + Cond;
      else
        Out += " while " + Cond + " next " + P.str(Lp.Next);
      if (Lp.Group != I)
        Out += " (group of " + P.loop(Lp.Group).Name + ")";
    }
    Out += "]";
  }
  return Out;
}

/// Do A and B describe the same access (find() run twice)?
bool same(const SharedAccess &A, const SharedAccess &B) {
  return A.Function == B.Function && A.site() == B.site() && A.How == B.How &&
         A.Instruction == B.Instruction && A.Offset == B.Offset &&
         A.LValue == B.LValue;
}

} // namespace

std::string lowered(llvm::StringRef Code, unsigned Nth) {
  size_t Mark = Code.find("// ACCESS");
  if (Mark == llvm::StringRef::npos)
    return "no access on the marked line";
  unsigned Line = prefixLines(Code) + 1 + Code.take_front(Mark).count('\n');
  Parsed In = parse(Code);
  if (!In.Error.empty())
    return In.Error;
  ASTContext &Ctx = In.AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  Analysed X(Ctx);
  SharedAccessFinder Finder(X.C.Values);
  // The accesses of the marked line, in find()'s order, function by
  // function.
  std::vector<SharedAccess> OnLine;
  for (const FunctionDecl *F : X.Index.DeviceFunctions) {
    if (!X.Index.isUserCode(F->getLocation()))
      continue;
    for (const SharedAccess &A : Finder.find(F))
      if (lineOf(A.site()->getBeginLoc(), SM) == Line)
        OnLine.push_back(A);
  }
  if (Nth >= OnLine.size())
    return "no access on the marked line";
  const SharedAccess &A = OnLine[Nth];
  // Its report: the runs the analysis lowered it in.
  unsigned Before = 0;
  for (unsigned I = 0; I < Nth; ++I)
    Before += same(OnLine[I], A);
  const AccessReport *R = nullptr;
  for (const AccessReport &Rep : X.Bank->reports())
    if (same(Rep.Access, A) && Before-- == 0) {
      R = &Rep;
      break;
    }
  if (!R)
    return "not shared";
  if (R->Runs.empty())
    return R->WhyUnknown.empty() ? "not shared" : "unknown: " + R->WhyUnknown;
  const AccessRun &Run = R->Runs.front();
  Assumptions As;
  As.Chain = Run.Chain;
  As.KernelArgs = Run.Args;
  ValueTrace T;
  std::optional<LoweredAccess> L = Finder.lower(R->Access, As, T);
  if (!L)
    return T.Why.empty() ? "not shared" : "unknown: " + T.Why;
  return describe(*L, R->Access);
}

std::string accessesIn(llvm::StringRef Code, llvm::StringRef Function) {
  Parsed In = parse(Code);
  if (!In.Error.empty())
    return In.Error;
  ASTContext &Ctx = In.AST->getASTContext();
  TUIndex Index(Ctx, {});
  ValueEngine Values(Ctx);
  SharedAccessFinder Finder(Values);
  const FunctionDecl *F = nullptr;
  for (const FunctionDecl *D : Index.DeviceFunctions)
    if (functionName(D) == Function) {
      F = D;
      break;
    }
  if (!F) {
    std::string Names;
    for (const FunctionDecl *D : Index.DeviceFunctions)
      Names += (Names.empty() ? "" : ", ") + functionName(D);
    return "no function " + Function.str() + " (there are: " + Names + ")";
  }
  std::string Out;
  for (const SharedAccess &A : Finder.find(F)) {
    if (!Out.empty())
      Out += "\n";
    Out += accessKindName(A.How).str() + " " + accessText(A, Ctx) + " " +
           std::to_string(A.Bytes) + " bytes";
    if (!A.Instruction.empty())
      Out += " by " + A.Instruction;
    if (A.AddressLanes != 32)
      Out += " lanes 0.." + std::to_string(A.AddressLanes - 1);
    if (A.Offset)
      Out += " offset " + std::to_string(A.Offset);
    if (A.Root)
      Out += " of " + A.Root->getNameAsString();
    if (A.SharedByContract)
      Out += " (shared by contract)";
    if (A.Tile)
      Out += " tile: " + A.Tile->text();
    if (!A.Unanalysable.empty())
      Out += ": " + A.Unanalysable;
  }
  return Out.empty() ? "none" : Out;
}

std::string hostInt(llvm::StringRef Code) {
  Parsed In = parse(Code, "template <typename T> void probe(T);");
  if (!In.Error.empty())
    return In.Error;
  ASTContext &Ctx = In.AST->getASTContext();
  struct FindProbe : RecursiveASTVisitor<FindProbe> {
    const Expr *Arg = nullptr;
    const FunctionDecl *In = nullptr, *Current = nullptr;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool TraverseFunctionDecl(FunctionDecl *F) {
      const FunctionDecl *Saved = Current;
      Current = F;
      bool R = RecursiveASTVisitor::TraverseFunctionDecl(F);
      Current = Saved;
      return R;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      if (!Arg && F && F->getIdentifier() && F->getName() == "probe" &&
          C->getNumArgs() == 1 && !C->isValueDependent()) {
        Arg = C->getArg(0);
        In = Current;
      }
      return true;
    }
  } Find;
  Find.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (!Find.Arg)
    return "no probe";
  if (!Find.In)
    return "no function holds the probe";
  ValueEngine Values(Ctx);
  std::optional<llvm::APSInt> V =
      Values.integer(Find.Arg, Assumptions::hostIn(Find.In));
  if (!V)
    return "unknown";
  llvm::SmallString<24> S;
  V->toString(S, 10);
  return S.str().str();
}

std::string launchShapes(llvm::StringRef Code, llvm::StringRef Kernel) {
  Parsed In = parse(Code);
  if (!In.Error.empty())
    return In.Error;
  Analysed X(In.AST->getASTContext());
  // The table's keys are "<kernel> at <file>:<line>:<column>".
  std::string Out;
  for (const auto &[Key, Shapes] : X.Launches) {
    if (!llvm::StringRef(Key).starts_with((Kernel + " at ").str()))
      continue;
    for (const LaunchShape &S : Shapes) {
      if (!Out.empty())
        Out += "; ";
      Out += std::to_string(S.Block.X) + "x" + std::to_string(S.Block.Y) + "x" +
             std::to_string(S.Block.Z);
      if (S.Args.empty())
        continue;
      Out += " (";
      for (size_t I = 0; I < S.Args.size(); ++I)
        Out += (I ? ", " : "") +
               (S.Args[I] ? std::to_string(*S.Args[I]) : std::string("?"));
      Out += ")";
    }
  }
  return Out.empty() ? "none" : Out;
}

std::string whyNoShape(llvm::StringRef Code, llvm::StringRef Kernel) {
  Parsed In = parse(Code);
  if (!In.Error.empty())
    return In.Error;
  ASTContext &Ctx = In.AST->getASTContext();
  TUIndex Index(Ctx, {});
  ValueEngine Values(Ctx);
  LaunchShapes Shapes(Index, Values);
  Shapes.run();
  for (const FunctionDecl *F : Index.DeviceFunctions) {
    if (functionName(F) != Kernel)
      continue;
    bool Assumed = false;
    std::string Why;
    Shapes.of(F, nullptr, model::Dim3{32, 1, 1}, Assumed, &Why);
    return !Assumed ? "launched" : Why.empty() ? "no launch" : Why;
  }
  return "no kernel " + Kernel.str();
}

std::string constantsAgainstClang(llvm::StringRef Code) {
  Parsed In = parse(Code);
  if (!In.Error.empty())
    return In.Error;
  ASTContext &Ctx = In.AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  // Pre-order: a parent is met before its operands.
  struct Integers : RecursiveASTVisitor<Integers> {
    const SourceManager &SM;
    std::vector<const Expr *> Found;
    explicit Integers(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitExpr(Expr *E) {
      if (SM.isInMainFile(SM.getExpansionLoc(E->getBeginLoc())) &&
          !E->isValueDependent() && !E->isTypeDependent() &&
          !E->containsErrors() && E->isPRValue() &&
          E->getType()->isIntegralOrEnumerationType())
        Found.push_back(E);
      return true;
    }
  } Walk(SM);
  Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  ValueEngine Values(Ctx);
  std::string Out;
  unsigned Constants = 0;
  for (const Expr *E : Walk.Found) {
    std::optional<int64_t> Ours = Values.constantOf(E);
    std::optional<int64_t> Clang;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) &&
        R.Val.getInt().getSignificantBits() <= 64)
      Clang = R.Val.getInt().getExtValue();
    Constants += Clang.has_value();
    if (Ours == Clang)
      continue;
    Out += std::to_string(lineOf(E->getBeginLoc(), SM)) + ": " +
           textOf(E, Ctx) + ": " + (Ours ? std::to_string(*Ours) : "no") +
           " (clang: " + (Clang ? std::to_string(*Clang) : "no") + ")\n";
  }
  if (Out.empty())
    return "agree (" + std::to_string(Walk.Found.size()) + " expressions, " +
           std::to_string(Constants) + " constants)";
  return Out;
}

} // namespace warplint::test
