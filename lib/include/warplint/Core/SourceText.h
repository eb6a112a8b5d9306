//===-- SourceText.h - Lines, columns and snippets of source text -*- C++
//-*-===//
///
/// What the output needs of a source file's text, computed as clang computes
/// it and bounded whatever the file holds:
///  - lines end where clang's SourceManager ends them: at "\r\n", "\n" or a
///    "\r" alone (a file with classic Mac line endings has lines too), so
///    that a NOLINT comment and a snippet are on the line the diagnostic
///    names;
///  - a line table answers "which line" in O(log lines), never by scanning
///    from the start of the file, so that N findings on one line cost N, not
///    N times the line;
///  - a snippet is one line, cut to a window around the caret when the line
///    is long (as clang cuts a line to -fmessage-length), so that the output
///    grows with the input, not with its square;
///  - columns are counted in bytes (clang's FILE:LINE:COL), in code points
///    (SARIF's "unicodeCodePoints") or in display columns (where a caret goes
///    under a line holding multi-byte or wide characters).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_SOURCETEXT_H
#define WARPLINT_CORE_SOURCETEXT_H

#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <utility>
#include <vector>

namespace warplint {

/// The lines of a text, as clang's SourceManager counts them.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text);

  /// The 1-based line holding byte Offset; an offset on a line break belongs
  /// to the line the break ends, and one past the end to the last line.
  unsigned lineOf(size_t Offset) const;
  /// [begin, end) byte offsets of 1-based Line, without its line break;
  /// {0, 0} when there is no such line.
  std::pair<size_t, size_t> lineRange(unsigned Line) const;
  /// The text of the line holding Offset, without its line break.
  llvm::StringRef lineAt(size_t Offset) const;
  unsigned lines() const { return Starts.size(); }

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts; ///< byte offset of each line's first byte
};

/// Lines up to this many bytes are printed whole under a finding; a longer
/// one is cut to a window of about SnippetWindowColumns display columns
/// around the caret.
inline constexpr size_t MaxWholeLineBytes = 1024;
inline constexpr unsigned SnippetWindowColumns = 80;

/// The part of Line to print for a caret at byte Offset of it: [Begin, End),
/// on character boundaries, holding Offset (or ending at it when Offset is at
/// the end of the line).
struct LineWindow {
  size_t Begin = 0;
  size_t End = 0;
};
LineWindow snippetWindow(llvm::StringRef Line, size_t Offset);

/// The columns Text takes on a terminal, as clang counts them for its caret:
/// 2 for a wide (East Asian) character, 0 for a combining one, 1 for any
/// other character and for each byte that is not valid UTF-8.
unsigned displayWidth(llvm::StringRef Text);

/// The number of Unicode code points of Text; a byte that is not valid UTF-8
/// counts as one.
size_t codePointCount(llvm::StringRef Text);

/// Code points counted in O(log) between any two offsets of a text, for a
/// column in code points far into a long line.
class CodePointIndex {
public:
  explicit CodePointIndex(llvm::StringRef Text);
  /// codePointCount(Text.slice(Begin, End)), for Begin and End at the start
  /// of characters.
  size_t count(size_t Begin, size_t End) const;

private:
  /// The offsets of the bytes that continue a character (sorted).
  std::vector<unsigned> Continuing;
};

/// Text cut to at most MaxBytes bytes, never inside a UTF-8 character.
llvm::StringRef takeFrontChars(llvm::StringRef Text, size_t MaxBytes);

} // namespace warplint

#endif // WARPLINT_CORE_SOURCETEXT_H
