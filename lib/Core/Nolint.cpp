//===-- Nolint.cpp - NOLINT comments, clang-tidy's rules ------------------===//
#include "warplint/Core/Nolint.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace warplint {

/// Whether Text matches Glob in full, '*' matching any run of characters.
static bool wildcardMatch(StringRef Glob, StringRef Text) {
  // The classic greedy match with backtracking to the last '*'.
  size_t G = 0, T = 0, StarG = StringRef::npos, StarT = 0;
  while (T < Text.size()) {
    if (G < Glob.size() && Glob[G] == '*') {
      StarG = G++;
      StarT = T;
    } else if (G < Glob.size() && Glob[G] == Text[T]) {
      ++G;
      ++T;
    } else if (StarG != StringRef::npos) {
      G = StarG + 1;
      T = ++StarT;
    } else {
      return false;
    }
  }
  while (G < Glob.size() && Glob[G] == '*')
    ++G;
  return G == Glob.size();
}

bool nolintGlobsMatch(StringRef Globs, StringRef Name) {
  SmallVector<StringRef, 4> Parts;
  Globs.split(Parts, ',');
  for (StringRef P : Parts) {
    P = P.trim();
    // clang-tidy drops negative globs here: "NOLINT(-foo)" must not turn
    // into a suppression of everything but foo.
    if (P.empty() || P.starts_with("-"))
      continue;
    if (wildcardMatch(P, Name))
      return true;
  }
  return false;
}

bool NolintComment::names(StringRef Check) const {
  return !Checks || nolintGlobsMatch(*Checks, Check);
}

static std::string trimList(StringRef List) {
  SmallVector<StringRef, 4> Parts;
  List.split(Parts, ',');
  for (StringRef &P : Parts)
    P = P.trim();
  return join(Parts, ",");
}

std::vector<NolintComment> findNolintComments(StringRef Text) {
  static constexpr StringLiteral Word = "NOLINT";
  std::vector<NolintComment> Out;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t At = Text.find(Word, Pos);
    if (At == StringRef::npos)
      break;
    Pos = At + Word.size();
    while (Pos < Text.size() && isAlpha(Text[Pos]))
      ++Pos;
    auto Kind = StringSwitch<std::optional<NolintKind>>(Text.slice(At, Pos))
                    .Case("NOLINT", NolintKind::NoLint)
                    .Case("NOLINTNEXTLINE", NolintKind::NextLine)
                    .Case("NOLINTBEGIN", NolintKind::Begin)
                    .Case("NOLINTEND", NolintKind::End)
                    .Default(std::nullopt);
    if (!Kind)
      continue;
    std::optional<std::string> Checks;
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find_first_of("\n)", Pos + 1);
      // Without ')' on the line, clang-tidy takes the comment as a bare one.
      if (Close != StringRef::npos && Text[Close] == ')') {
        Checks = trimList(Text.slice(Pos + 1, Close));
        Pos = Close + 1;
      }
    }
    Out.push_back({*Kind, At, std::move(Checks)});
  }
  return Out;
}

std::pair<unsigned, unsigned> lineAndColumn(StringRef Buffer, size_t Offset) {
  Offset = std::min(Offset, Buffer.size());
  StringRef Before = Buffer.take_front(Offset);
  unsigned Line = 1 + Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  return {Line, unsigned(Offset - LineStart + 1)};
}

std::string NolintIndex::Unmatched::message() const {
  // Split as in clang-tidy, so that this file holds no such comment.
  return IsBegin ? "unmatched 'NOLINT"
                   "BEGIN' comment without a subsequent "
                   "'NOLINT"
                   "END' comment"
                 : "unmatched 'NOLINT"
                   "END' comment without a previous "
                   "'NOLINT"
                   "BEGIN' comment";
}

NolintIndex::NolintIndex(StringRef Buffer) : Buffer(Buffer) {
  // Blocks nest: an END closes the innermost open BEGIN, and only when both
  // name the same checks.
  std::vector<NolintComment> Open;
  for (NolintComment &C : findNolintComments(Buffer)) {
    if (C.Kind == NolintKind::Begin) {
      Open.push_back(std::move(C));
    } else if (C.Kind == NolintKind::End) {
      if (!Open.empty() && Open.back().Checks == C.Checks) {
        Blocks.push_back({Open.back().Offset, C.Offset, Open.back().Checks});
        Open.pop_back();
      } else {
        Problems.push_back({C.Offset, /*IsBegin=*/false});
      }
    }
  }
  for (const NolintComment &C : Open)
    Problems.push_back({C.Offset, /*IsBegin=*/true});
  llvm::sort(Problems, [](const Unmatched &A, const Unmatched &B) {
    return A.Offset < B.Offset;
  });
}

/// [start, end) of the line holding Offset, without its '\n'.
static std::pair<size_t, size_t> lineAt(StringRef Buffer, size_t Offset) {
  // find_last_of looks strictly before Offset.
  size_t Start = Buffer.find_last_of('\n', Offset);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  size_t End = std::min(Buffer.find('\n', Offset), Buffer.size());
  return {Start, End};
}

static bool lineHas(StringRef Buffer, std::pair<size_t, size_t> Line,
                    NolintKind Kind, StringRef Check) {
  for (const NolintComment &C :
       findNolintComments(Buffer.slice(Line.first, Line.second)))
    if (C.Kind == Kind && C.names(Check))
      return true;
  return false;
}

bool NolintIndex::suppresses(StringRef Check, size_t Offset) const {
  if (Offset > Buffer.size())
    return false;
  auto Line = lineAt(Buffer, Offset);
  if (lineHas(Buffer, Line, NolintKind::NoLint, Check))
    return true;
  if (Line.first > 0 && lineHas(Buffer, lineAt(Buffer, Line.first - 1),
                                NolintKind::NextLine, Check))
    return true;
  for (const Block &B : Blocks)
    if (B.Begin < Offset && Offset < B.End &&
        (!B.Checks || nolintGlobsMatch(*B.Checks, Check)))
      return true;
  return false;
}

} // namespace warplint
