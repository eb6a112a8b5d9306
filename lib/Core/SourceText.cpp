//===-- SourceText.cpp - Lines, columns and snippets of source text -------===//
#include "warplint/Core/SourceText.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Unicode.h"
#include <algorithm>

using namespace llvm;

namespace warplint {

LineTable::LineTable(StringRef Text) : Text(Text) {
  Starts.push_back(0);
  // clang's SourceManager (ComputeLineNumbers): "\r\n" is one break, and a
  // '\r' or a '\n' alone is one too ("\n\r" is two).
  for (size_t I = 0, N = Text.size(); I < N; ++I) {
    char C = Text[I];
    if (C == '\r' && I + 1 < N && Text[I + 1] == '\n')
      ++I;
    else if (C != '\r' && C != '\n')
      continue;
    Starts.push_back(I + 1);
  }
}

unsigned LineTable::lineOf(size_t Offset) const {
  return std::upper_bound(Starts.begin(), Starts.end(), Offset) -
         Starts.begin();
}

std::pair<size_t, size_t> LineTable::lineRange(unsigned Line) const {
  if (Line == 0 || Line > Starts.size())
    return {0, 0};
  size_t Begin = Starts[Line - 1];
  size_t End = Line < Starts.size() ? Starts[Line] : Text.size();
  // Every line but the last ends with its break, and the last has none.
  if (End > Begin && Text[End - 1] == '\n')
    --End;
  if (End > Begin && Text[End - 1] == '\r')
    --End;
  return {Begin, End};
}

StringRef LineTable::lineAt(size_t Offset) const {
  auto [Begin, End] = lineRange(lineOf(std::min(Offset, Text.size())));
  return Text.slice(Begin, End);
}

/// The length of the character at Text[I]: its UTF-8 sequence when that is
/// valid, else 1 (the byte alone).
static size_t charLength(StringRef Text, size_t I) {
  auto *P = reinterpret_cast<const UTF8 *>(Text.data() + I);
  if (*P < 0x80)
    return 1;
  size_t Len = getNumBytesForUTF8(*P);
  if (Len == 0 || Len > Text.size() - I || !isLegalUTF8Sequence(P, P + Len))
    return 1;
  return Len;
}

static unsigned charWidth(StringRef Char) {
  if (Char.size() == 1)
    return 1; // ASCII, or a byte that is not UTF-8
  int W = sys::unicode::columnWidthUTF8(Char);
  return W < 0 ? 1 : unsigned(W);
}

unsigned displayWidth(StringRef Text) {
  unsigned W = 0;
  for (size_t I = 0; I < Text.size();) {
    size_t Len = charLength(Text, I);
    W += charWidth(Text.substr(I, Len));
    I += Len;
  }
  return W;
}

size_t codePointCount(StringRef Text) {
  size_t N = 0;
  for (size_t I = 0; I < Text.size(); I += charLength(Text, I))
    ++N;
  return N;
}

CodePointIndex::CodePointIndex(StringRef Text) {
  for (size_t I = 0; I < Text.size();) {
    size_t Len = charLength(Text, I);
    for (size_t K = 1; K < Len; ++K)
      Continuing.push_back(unsigned(I + K));
    I += Len;
  }
}

size_t CodePointIndex::count(size_t Begin, size_t End) const {
  if (End <= Begin)
    return 0;
  auto From = std::lower_bound(Continuing.begin(), Continuing.end(), Begin);
  auto To = std::lower_bound(From, Continuing.end(), End);
  return (End - Begin) - size_t(To - From);
}

static bool isContinuation(char C) { return (uint8_t(C) & 0xC0) == 0x80; }

StringRef takeFrontChars(StringRef Text, size_t MaxBytes) {
  if (Text.size() <= MaxBytes)
    return Text;
  size_t End = MaxBytes;
  while (End > 0 && isContinuation(Text[End]))
    --End;
  return Text.take_front(End);
}

LineWindow snippetWindow(StringRef Line, size_t Offset) {
  if (Line.size() <= MaxWholeLineBytes)
    return {0, Line.size()};
  Offset = std::min(Offset, Line.size());
  while (Offset > 0 && Offset < Line.size() && isContinuation(Line[Offset]))
    --Offset;
  // A third of the window before the caret, the rest after it, and what the
  // line's end leaves of it before too; never more than 4 bytes a column
  // (combining characters take none).
  const unsigned Before = SnippetWindowColumns / 3;
  const size_t MaxBytes = 4 * SnippetWindowColumns;
  size_t Begin = Offset, End = Offset;
  unsigned Cols = 0;
  auto StepBack = [&] {
    size_t B = Begin - 1;
    while (B > 0 && Begin - B < 4 && isContinuation(Line[B]))
      --B;
    // Back over what is not one valid character: a byte at a time.
    if (charLength(Line, B) != Begin - B)
      B = Begin - 1;
    Cols += charWidth(Line.slice(B, Begin));
    Begin = B;
  };
  while (Begin > 0 && Cols < Before && Offset - Begin < MaxBytes / 3)
    StepBack();
  while (End < Line.size() && Cols < SnippetWindowColumns &&
         End - Begin < MaxBytes) {
    size_t Len = charLength(Line, End);
    Cols += charWidth(Line.substr(End, Len));
    End += Len;
  }
  while (Begin > 0 && Cols < SnippetWindowColumns && End - Begin < MaxBytes)
    StepBack();
  return {Begin, End};
}

} // namespace warplint
