//===-- FindingResolver.cpp - Findings at file positions ------------------===//
#include "warplint/Analysis/FindingResolver.h"
#include "warplint/Core/Baseline.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/Nolint.h"
#include "warplint/Core/SourceText.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace clang;

namespace warplint {

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
                                       const SourceManager &SM,
                                       std::vector<SilencedFinding> *Silenced) {
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
  auto SilencedBy = [&](const AstFinding &F) -> std::optional<NolintKind> {
    StringRef Name = checkInfo(F.Check).Name;
    // As clang-tidy: the macro's own text first, then each expansion up to
    // the line that uses the macro.
    for (SourceLocation L = F.Loc; L.isValid();) {
      auto [FID, Offset] = SM.getDecomposedSpellingLoc(L);
      if (const NolintIndex *I = IndexOf(FID))
        if (std::optional<NolintKind> By = I->silencedBy(Name, Offset))
          return By;
      if (!L.isMacroID())
        break;
      L = SM.getImmediateExpansionRange(L).getBegin();
    }
    return std::nullopt;
  };
  std::vector<AstFinding> Kept;
  for (AstFinding &F : Findings) {
    if (std::optional<NolintKind> By = SilencedBy(F)) {
      if (Silenced)
        Silenced->push_back({std::move(F), *By});
    } else {
      Kept.push_back(std::move(F));
    }
  }
  Findings = std::move(Kept);

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
