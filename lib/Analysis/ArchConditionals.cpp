//===-- ArchConditionals.cpp - Code hidden behind __CUDA_ARCH__ -----------===//
#include "warplint/Analysis/ArchConditionals.h"
#include "warplint/Analysis/Analyzer.h"
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
    condition(Loc, Cond);
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    condition(Loc, Cond);
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    macroName(Loc, Name);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    macroName(Loc, Name);
  }
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
  }

private:
  bool isUserCode(SourceLocation Loc) const {
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return false;
    return SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)))
        .has_value();
  }

  void condition(SourceLocation Loc, SourceRange Cond) {
    if (Out.MentionsCudaArch || !isUserCode(Loc))
      return;
    // The range runs from the condition's first token to the end of the
    // directive's line.
    bool Invalid = false;
    llvm::StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Cond), SM, LO, &Invalid);
    Out.MentionsCudaArch = !Invalid && mentionsCudaArch(Text);
  }

  void macroName(SourceLocation Loc, const Token &Name) {
    if (Out.MentionsCudaArch || !isUserCode(Loc))
      return;
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Out.MentionsCudaArch = mentionsCudaArch(II->getName());
  }

  const SourceManager &SM;
  const LangOptions &LO;
  ArchConditionals &Out;
};

} // namespace

std::unique_ptr<PPCallbacks> recordArchConditionals(const Preprocessor &PP,
                                                    ArchConditionals &Out) {
  return std::make_unique<Recorder>(PP.getSourceManager(), PP.getLangOpts(),
                                    Out);
}

} // namespace warplint
