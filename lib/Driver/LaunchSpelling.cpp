//===-- LaunchSpelling.cpp - nvcc's spaced launch brackets ----------------===//
#include "warplint/Driver/LaunchSpelling.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {
namespace {

bool isHorizontalSpace(char C) { return C == ' ' || C == '\t'; }
bool isSpace(char C) {
  return isHorizontalSpace(C) || C == '\n' || C == '\r' || C == '\v' ||
         C == '\f';
}
bool isIdentChar(char C) { return isAlnum(C) || C == '_' || C == '$'; }
bool oneOf(char C, StringRef Set) { return C && Set.contains(C); }

/// Walks the source token by token as far as launches need: comments,
/// literals, identifiers and numbers are stepped over whole, so that a
/// `<<` inside them is never taken for a launch.
class Closer {
public:
  explicit Closer(StringRef S) : S(S), Out(S.str()) {}

  std::optional<ClosedLaunches> run() {
    while (I < S.size())
      step();
    if (Lines.empty())
      return std::nullopt;
    return ClosedLaunches{std::move(Out), std::move(Lines)};
  }

private:
  StringRef S;
  std::string Out;
  std::vector<unsigned> Lines;
  size_t I = 0;
  /// The last identifier stepped over ends where the code since is only
  /// whitespace (`operator <<`).
  StringRef LastIdent;
  size_t LastIdentEnd = 0;
  // The launch configuration being read: where its brackets started, the
  // spaced opening to close when its end is found, and the depth of (), []
  // and {} in it.
  bool InConfig = false;
  size_t ConfigStart = 0;
  std::optional<std::pair<size_t, size_t>> SpacedOpen;
  int Depth = 0;
  // Lines counted up to LinePos (positions are asked in order).
  size_t LinePos = 0;
  unsigned Line = 1;

  char at(size_t P) const { return P < S.size() ? S[P] : '\0'; }

  unsigned lineAt(size_t P) {
    for (; LinePos < P; ++LinePos)
      if (S[LinePos] == '\n')
        ++Line;
    return Line;
  }

  /// The end of the whitespace from P; where it starts with a space or a
  /// tab (so that the bracket can move there without moving a line break).
  std::optional<size_t> spacesFrom(size_t P) const {
    if (!isHorizontalSpace(at(P)))
      return std::nullopt;
    while (isSpace(at(P)))
      ++P;
    return P;
  }

  void skipLineComment() {
    while (I < S.size() && S[I] != '\n')
      ++I;
  }
  void skipBlockComment() {
    size_t End = S.find("*/", I + 2);
    I = End == StringRef::npos ? S.size() : End + 2;
  }
  void skipQuoted(char Quote) {
    for (++I; I < S.size() && S[I] != Quote && S[I] != '\n'; ++I)
      if (S[I] == '\\')
        ++I;
    ++I;
  }
  /// R"delim( ... )delim", I at the quote.
  void skipRawString() {
    size_t Paren = S.find('(', I);
    if (Paren == StringRef::npos) {
      I = S.size();
      return;
    }
    std::string Close = ")" + S.slice(I + 1, Paren).str() + "\"";
    size_t End = S.find(Close, Paren);
    I = End == StringRef::npos ? S.size() : End + Close.size();
  }
  void skipIdentifier() {
    size_t B = I;
    while (isIdentChar(at(I)))
      ++I;
    StringRef Id = S.slice(B, I);
    LastIdent = Id;
    LastIdentEnd = I;
    if (at(I) == '"' &&
        (Id == "R" || Id == "LR" || Id == "uR" || Id == "UR" || Id == "u8R"))
      skipRawString();
  }
  /// A pp-number: digits, letters, '.', exponent signs and the digit
  /// separator `'` (1'000), which is not a character literal.
  void skipNumber() {
    while (true) {
      char C = at(I);
      if ((C == '+' || C == '-') && oneOf(at(I - 1), "eEpP"))
        ++I;
      else if (C == '\'' && isIdentChar(at(I + 1)))
        I += 2;
      else if (isIdentChar(C) || C == '.')
        ++I;
      else
        return;
    }
  }

  void step() {
    char C = S[I];
    if (C == '/' && at(I + 1) == '/')
      return skipLineComment();
    if (C == '/' && at(I + 1) == '*')
      return skipBlockComment();
    if (C == '"' || C == '\'')
      return skipQuoted(C);
    if (isDigit(C) || (C == '.' && isDigit(at(I + 1))))
      return skipNumber();
    if (isIdentChar(C))
      return skipIdentifier();
    if (C == '<' && at(I + 1) == '<' && !InConfig)
      return opening();
    if (InConfig)
      return inConfig(C);
    ++I;
  }

  /// Whether `operator` comes right before position P (whitespace apart):
  /// `operator<< <T>(...)` names a specialisation, not a launch.
  bool afterOperator(size_t P) const {
    if (LastIdent != "operator")
      return false;
    for (size_t K = LastIdentEnd; K < P; ++K)
      if (!isSpace(S[K]))
        return false;
    return true;
  }

  /// `<<<`, or `<<` and spaces and `<`: a launch's configuration starts.
  void opening() {
    if (afterOperator(I)) {
      I += 2;
      return;
    }
    if (at(I + 2) == '<') {
      startConfig(I, std::nullopt);
      I += 3;
      return;
    }
    std::optional<size_t> K = spacesFrom(I + 2);
    // `<<` then `<` alone: no expression of C++ starts with `<` (but the
    // digraph `<:`), so this is nvcc's launch.
    if (K && at(*K) == '<' && !oneOf(at(*K + 1), "<:=")) {
      startConfig(I, std::make_pair(I + 2, *K));
      I = *K + 1;
      return;
    }
    I += 2;
  }

  void startConfig(size_t At, std::optional<std::pair<size_t, size_t>> Spaced) {
    InConfig = true;
    ConfigStart = At;
    SpacedOpen = Spaced;
    Depth = 0;
  }

  void inConfig(char C) {
    if (C == '(' || C == '[' || C == '{') {
      ++Depth;
    } else if (C == ')' || C == ']' || C == '}') {
      if (--Depth < 0)
        InConfig = false; // not a launch after all
    } else if (C == ';' && Depth == 0) {
      InConfig = false;
    } else if (C == '>' && at(I + 1) == '>' && Depth == 0) {
      return closing();
    }
    ++I;
  }

  /// `>>` at the configuration's depth: its end when a `>` follows, next
  /// or after spaces; else a shift inside it.
  void closing() {
    std::optional<size_t> Spaced;
    if (at(I + 2) != '>') {
      std::optional<size_t> K = spacesFrom(I + 2);
      if (!K || at(*K) != '>' || oneOf(at(*K + 1), ">=")) {
        I += 2;
        return;
      }
      Spaced = *K;
    }
    InConfig = false;
    if (!SpacedOpen && !Spaced) {
      I += 3;
      return;
    }
    unsigned L = lineAt(ConfigStart);
    if (SpacedOpen) {
      Out[SpacedOpen->first] = '<';
      Out[SpacedOpen->second] = ' ';
    }
    if (Spaced) {
      Out[I + 2] = '>';
      Out[*Spaced] = ' ';
    }
    Lines.push_back(L);
    I = Spaced ? *Spaced + 1 : I + 3;
  }
};

} // namespace

std::optional<ClosedLaunches> closeSpacedLaunches(StringRef Source) {
  // Most files have none: one search before the walk.
  if (Source.find("<< ") == StringRef::npos &&
      Source.find("<<\t") == StringRef::npos &&
      Source.find(">> ") == StringRef::npos &&
      Source.find(">>\t") == StringRef::npos)
    return std::nullopt;
  return Closer(Source).run();
}

} // namespace warplint
