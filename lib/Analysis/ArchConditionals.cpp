//===-- ArchConditionals.cpp - Code hidden behind __CUDA_ARCH__ -----------===//
#include "warplint/Analysis/ArchConditionals.h"
#include "warplint/Analysis/AstFinding.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include <tuple>

using namespace clang;

namespace warplint {

bool SourceSpan::contains(const FileLocation &L) const {
  return L.File == File &&
         std::tie(BeginLine, BeginColumn) <= std::tie(L.Line, L.Column) &&
         std::tie(L.Line, L.Column) <= std::tie(EndLine, EndColumn);
}

bool SourceSpan::overlaps(const SourceSpan &O) const {
  return File == O.File &&
         std::tie(BeginLine, BeginColumn) <= std::tie(O.EndLine, O.EndColumn) &&
         std::tie(O.BeginLine, O.BeginColumn) <= std::tie(EndLine, EndColumn);
}

bool sameDeviceCode(const ArchConditionals &Host,
                    const ArchConditionals &Device) {
  auto Differs = [&](const ArchConditionals &One,
                     const ArchConditionals &Other) {
    for (const SourceSpan &S : One.Skipped) {
      if (llvm::is_contained(Other.Skipped, S))
        continue;
      if (llvm::is_contained(One.SkippedDeviceText, S) ||
          llvm::any_of(Host.DeviceBodies,
                       [&](const SourceSpan &B) { return B.overlaps(S); }))
        return true;
    }
    return false;
  };
  return !Differs(Host, Device) && !Differs(Device, Host);
}

bool ArchConditionals::skips(const FileLocation &L) const {
  return llvm::any_of(Skipped,
                      [&](const SourceSpan &S) { return S.contains(L); });
}

bool mentionsCudaArch(llvm::StringRef Text) {
  constexpr llvm::StringLiteral Name = "__CUDA_ARCH";
  for (size_t P = Text.find(Name); P != llvm::StringRef::npos;
       P = Text.find(Name, P + 1))
    if (P == 0 || !isAsciiIdentifierContinue(Text[P - 1]))
      return true;
  return false;
}

namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, const LangOptions &LO,
           ArchConditionals &Out)
      : SM(SM), LO(LO), Out(Out) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    HaveJustClosed = false;
    Open.push_back(false);
    condition(Loc, Cond);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    HaveJustClosed = false;
    condition(Loc, Cond);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    HaveJustClosed = false;
    Open.push_back(false);
    macroName(Loc, Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    HaveJustClosed = false;
    Open.push_back(false);
    macroName(Loc, Name);
  }
  // A skip that ends at #endif is reported after the #endif: the
  // conditional it belongs to has just closed.
  void Endif(SourceLocation, SourceLocation) override {
    JustClosed = !Open.empty() && Open.back();
    HaveJustClosed = true;
    if (!Open.empty())
      Open.pop_back();
  }
  void Else(SourceLocation, SourceLocation) override { HaveJustClosed = false; }
  void Elifdef(SourceLocation Loc, const Token &Name,
               const MacroDefinition &) override {
    macroName(Loc, Name);
  }
  void Elifdef(SourceLocation Loc, SourceRange Cond, SourceLocation) override {
    condition(Loc, Cond);
  }
  void Elifndef(SourceLocation Loc, const Token &Name,
                const MacroDefinition &) override {
    macroName(Loc, Name);
  }
  void Elifndef(SourceLocation Loc, SourceRange Cond, SourceLocation) override {
    condition(Loc, Cond);
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (!isUserCode(Range.getBegin()))
      return;
    FileLocation B = fileLocationOf(Range.getBegin(), SM);
    FileLocation E = fileLocationOf(Range.getEnd(), SM);
    if (B.File.empty() || B.File != E.File)
      return;
    Out.Skipped.push_back({B.File, B.Line, B.Column, E.Line, E.Column});
    // The conditional being skipped: the one an #endif just closed, else
    // the innermost one open (a skip that ends at #else or #elif).
    bool ArchSkip = HaveJustClosed ? JustClosed : !Open.empty() && Open.back();
    HaveJustClosed = false;
    if (ArchSkip)
      Out.ArchSkipped.push_back(Out.Skipped.back());
    bool Invalid = false;
    llvm::StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Range), SM, LO, &Invalid);
    bool Declares = Invalid || Text.contains("__global__") ||
                    Text.contains("__device__") || Text.contains("__shared__");
    if (Declares || Text.contains("include"))
      Out.SkippedDeviceText.push_back(Out.Skipped.back());
    if (ArchSkip && Declares && !Invalid)
      Out.SkipsDeviceDeclarations = true;
  }

private:
  bool isUserCode(SourceLocation Loc) const {
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return false;
    return SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)))
        .has_value();
  }

  void condition(SourceLocation Loc, SourceRange Cond) {
    if (!isUserCode(Loc))
      return;
    // The range runs from the condition's first token to the end of the
    // directive's line.
    bool Invalid = false;
    llvm::StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Cond), SM, LO, &Invalid);
    mark(!Invalid && mentionsCudaArch(Text));
  }

  void macroName(SourceLocation Loc, const Token &Name) {
    if (!isUserCode(Loc))
      return;
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      mark(mentionsCudaArch(II->getName()));
  }

  /// The innermost open conditional (or one of its #elif) names
  /// __CUDA_ARCH__: its skipped branches are device code's.
  void mark(bool Mentions) {
    if (!Mentions)
      return;
    Out.MentionsCudaArch = true;
    if (!Open.empty())
      Open.back() = true;
  }

  /// Per open #if, #ifdef or #ifndef: does it name __CUDA_ARCH__?
  std::vector<bool> Open;
  /// The last #endif closed a conditional that names __CUDA_ARCH__.
  bool JustClosed = false, HaveJustClosed = false;

  const SourceManager &SM;
  const LangOptions &LO;
  ArchConditionals &Out;
};

} // namespace

void noteSkippedDeviceCode(ASTContext &Ctx, ArchConditionals &Out) {
  struct Bodies : RecursiveASTVisitor<Bodies> {
    ASTContext &Ctx;
    ArchConditionals &Out;
    Bodies(ASTContext &Ctx, ArchConditionals &Out) : Ctx(Ctx), Out(Out) {}
    bool shouldVisitTemplateInstantiations() const { return false; }
    // Only the user's code: skipped ranges are never in system headers.
    bool TraverseDecl(Decl *D) {
      if (D && !isa<TranslationUnitDecl>(D) &&
          Ctx.getSourceManager().isInSystemHeader(
              Ctx.getSourceManager().getExpansionLoc(D->getLocation())))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (!FD->doesThisDeclarationHaveABody() ||
          !(FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>()))
        return true;
      const SourceManager &SM = Ctx.getSourceManager();
      SourceRange R = FD->getBody()->getSourceRange();
      FileLocation B = fileLocationOf(R.getBegin(), SM);
      FileLocation E = fileLocationOf(R.getEnd(), SM);
      if (B.File.empty() || B.File != E.File)
        return true;
      Out.DeviceBodies.push_back({B.File, B.Line, B.Column, E.Line, E.Column});
      for (const SourceSpan &S : Out.ArchSkipped)
        if (S.File == B.File &&
            std::tie(S.BeginLine, S.BeginColumn) >=
                std::tie(B.Line, B.Column) &&
            std::tie(S.BeginLine, S.BeginColumn) <= std::tie(E.Line, E.Column))
          Out.SkipsDeviceStatements = true;
      return true;
    }
  } V(Ctx, Out);
  V.TraverseAST(Ctx);
}

std::unique_ptr<PPCallbacks> recordArchConditionals(const Preprocessor &PP,
                                                    ArchConditionals &Out) {
  return std::make_unique<Recorder>(PP.getSourceManager(), PP.getLangOpts(),
                                    Out);
}

} // namespace warplint
