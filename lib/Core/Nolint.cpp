//===-- Nolint.cpp - NOLINT comments, clang-tidy's rules ------------------===//
#include "warplint/Core/Nolint.h"
#include "warplint/Core/SourceText.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

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

/// Whether a NOLINT whose list is Checks (none: every check) names Check.
static bool listNames(const std::optional<std::string> &Checks,
                      StringRef Check) {
  return !Checks || nolintGlobsMatch(*Checks, Check);
}

bool NolintComment::names(StringRef Check) const {
  return listNames(Checks, Check);
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
  // The next line break and the next ')' at or after the scan, each found
  // once, so that many "NOLINT(" on a long line cost the line once.
  size_t NextBreak = 0, NextClose = 0;
  auto NextOf = [&](size_t &Cached, size_t From, StringRef Chars) {
    if (Cached < From)
      Cached = std::min(Text.find_first_of(Chars, From), Text.size());
    return Cached;
  };
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
      // Without ')' on the line (whatever ends it: "\n", "\r\n" or "\r"),
      // clang-tidy takes the comment as a bare one.
      size_t Close = NextOf(NextClose, Pos + 1, ")");
      if (Close < NextOf(NextBreak, Pos + 1, "\r\n")) {
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
  LineTable Lines(Buffer);
  unsigned Line = Lines.lineOf(Offset);
  return {Line, unsigned(Offset - Lines.lineRange(Line).first + 1)};
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

NolintIndex::NolintIndex(StringRef Buffer) : Buffer(Buffer), Lines(Buffer) {
  // Blocks nest: an END closes the innermost open BEGIN, and only when both
  // name the same checks.
  std::vector<NolintComment> Open;
  for (NolintComment &C : findNolintComments(Buffer)) {
    if (C.Kind == NolintKind::NoLint || C.Kind == NolintKind::NextLine) {
      LineComments.push_back({Lines.lineOf(C.Offset), C.Kind, C.Checks});
    } else if (C.Kind == NolintKind::Begin) {
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

const NolintIndex::ForCheck &NolintIndex::forCheck(StringRef Check) const {
  auto [It, New] = Cache.try_emplace(Check);
  ForCheck &T = It->second;
  if (!New)
    return T;
  for (const LineComment &C : LineComments)
    if (listNames(C.Checks, Check))
      (C.Kind == NolintKind::NoLint ? T.NoLintLines : T.NextLineLines)
          .push_back(C.Line);
  // Comments come in order, so the lines are sorted already.
  for (const Block &B : Blocks)
    if (listNames(B.Checks, Check))
      T.Spans.push_back({B.Begin, B.End});
  // Offsets strictly inside a span are silenced: merge the spans that
  // overlap into disjoint ones sorted by both ends.
  llvm::sort(T.Spans);
  std::vector<std::pair<size_t, size_t>> Merged;
  for (const auto &S : T.Spans) {
    if (!Merged.empty() && S.first < Merged.back().second)
      Merged.back().second = std::max(Merged.back().second, S.second);
    else
      Merged.push_back(S);
  }
  T.Spans = std::move(Merged);
  return T;
}

StringRef NolintIndex::describe(NolintKind K) {
  switch (K) {
  case NolintKind::NoLint:
    return "a NOLINT comment";
  case NolintKind::NextLine:
    return "a NOLINTNEXTLINE comment";
  case NolintKind::Begin:
  case NolintKind::End:
    break;
  }
  return "a NOLINTBEGIN ... NOLINTEND block";
}

std::optional<NolintKind> NolintIndex::silencedBy(StringRef Check,
                                                  size_t Offset) const {
  if (Offset > Buffer.size())
    return std::nullopt;
  const ForCheck &T = forCheck(Check);
  unsigned Line = Lines.lineOf(Offset);
  if (std::binary_search(T.NoLintLines.begin(), T.NoLintLines.end(), Line))
    return NolintKind::NoLint;
  if (Line > 1 && std::binary_search(T.NextLineLines.begin(),
                                     T.NextLineLines.end(), Line - 1))
    return NolintKind::NextLine;
  // The last span that begins before Offset, if Offset is before its end.
  auto After =
      std::upper_bound(T.Spans.begin(), T.Spans.end(), Offset,
                       [](size_t O, const std::pair<size_t, size_t> &S) {
                         return O <= S.first;
                       });
  if (After != T.Spans.begin() && Offset < std::prev(After)->second)
    return NolintKind::Begin;
  return std::nullopt;
}

} // namespace warplint
