//===-- Nolint.h - NOLINT comments, clang-tidy's rules -----------*- C++
//-*-===//
///
/// The tool and the plugin honour the suppression comments clang-tidy does,
/// with clang-tidy's rules (clang-tools-extra/clang-tidy/
/// NoLintDirectiveHandler.cpp), so that one comment works in every front end:
///
///   k<<<1, 100>>>(p);  // NOLINT                      every check
///   k<<<1, 100>>>(p);  // NOLINT(warplint-block-size) the checks named
///   // NOLINTNEXTLINE(warplint-*)                      the line below
///   // NOLINTBEGIN(warplint-bank-conflict)             every line up to
///   // NOLINTEND(warplint-bank-conflict)               the matching END
///
/// Lines end as clang ends them ("\r\n", "\n" or a "\r" alone;
/// warplint/Core/SourceText.h), so that a NOLINT applies to the line the
/// finding's diagnostic names whatever the file's line endings. The file is
/// scanned as text, not as tokens: "NOLINT" followed directly by
/// NEXTLINE, BEGIN or END or by nothing alphabetic, then optionally a
/// parenthesised list of check globs on the same line. The globs are
/// comma-separated, blanks around them ignored, '*' the only wildcard, and a
/// glob starting with '-' is ignored; without parentheses (or without a
/// closing one on the line) every check is meant, and "NOLINT()" none. An END
/// closes the innermost open BEGIN only when their lists are the same;
/// whatever is left unmatched silences nothing and is reported.
///
/// Unlike clang-tidy, which never silences errors, the tool and the plugin
/// let NOLINT silence warplint's error-level findings as well
/// (docs/user-guide.md, "Suppressing findings").
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_NOLINT_H
#define WARPLINT_CORE_NOLINT_H

#include "warplint/Core/SourceText.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The name of the findings that report an unmatched NOLINTBEGIN or
/// NOLINTEND (clang-tidy calls its own "clang-tidy-nolint"). Not a check of
/// Checks.def: it cannot be disabled, and NOLINT does not silence it.
inline constexpr llvm::StringLiteral NolintCheckName = "warplint-nolint";

enum class NolintKind { NoLint, NextLine, Begin, End };

/// One NOLINT comment of a file.
struct NolintComment {
  NolintKind Kind;
  size_t Offset; ///< of the 'N' of "NOLINT"
  /// The text between the parentheses, blanks around each glob removed;
  /// std::nullopt when there were none (every check).
  std::optional<std::string> Checks;

  /// Whether the comment names Check (ignoring its kind and place).
  bool names(llvm::StringRef Check) const;
};

/// Every NOLINT comment of Text, in order.
std::vector<NolintComment> findNolintComments(llvm::StringRef Text);

/// Whether Name matches one of the comma-separated globs of a NOLINT list
/// ('*' the only wildcard, globs starting with '-' ignored).
bool nolintGlobsMatch(llvm::StringRef Globs, llvm::StringRef Name);

/// The NOLINT comments of one file buffer, ready to answer for findings.
class NolintIndex {
public:
  explicit NolintIndex(llvm::StringRef Buffer);

  /// Whether a finding of Check whose location is at Offset of the buffer is
  /// silenced: a NOLINT on its line, a NOLINTNEXTLINE on the line before, or
  /// a NOLINTBEGIN ... NOLINTEND pair around it. O(log(size of the file))
  /// once Check has been asked about: a table per check name is built on
  /// its first question (so an index is not for several threads at once).
  bool suppresses(llvm::StringRef Check, size_t Offset) const {
    return silencedBy(Check, Offset).has_value();
  }
  /// What silences it: NoLint, NextLine, or Begin for a NOLINTBEGIN ...
  /// NOLINTEND pair; std::nullopt when nothing does.
  std::optional<NolintKind> silencedBy(llvm::StringRef Check,
                                       size_t Offset) const;
  /// SARIF's justification of a finding silenced by a comment of kind K:
  /// "a NOLINT comment", "a NOLINTNEXTLINE comment", "a NOLINTBEGIN ...
  /// NOLINTEND block".
  static llvm::StringRef describe(NolintKind K);

  /// A NOLINTBEGIN without its NOLINTEND, or a NOLINTEND without its
  /// NOLINTBEGIN.
  struct Unmatched {
    size_t Offset;
    bool IsBegin;
    /// clang-tidy's words: "unmatched 'NOLINTBEGIN' comment without a
    /// subsequent 'NOLINTEND' comment", and the reverse.
    std::string message() const;
  };
  llvm::ArrayRef<Unmatched> unmatched() const { return Problems; }

private:
  struct Block {
    size_t Begin, End;
    std::optional<std::string> Checks;
  };
  /// A NOLINT or NOLINTNEXTLINE comment and the line it is on.
  struct LineComment {
    unsigned Line;
    NolintKind Kind;
    std::optional<std::string> Checks;
  };
  /// What silences one check: sorted lines, and disjoint spans of offsets.
  struct ForCheck {
    std::vector<unsigned> NoLintLines, NextLineLines;
    std::vector<std::pair<size_t, size_t>> Spans;
  };
  const ForCheck &forCheck(llvm::StringRef Check) const;

  llvm::StringRef Buffer;
  LineTable Lines;
  std::vector<LineComment> LineComments;
  std::vector<Block> Blocks;
  std::vector<Unmatched> Problems;
  mutable llvm::StringMap<ForCheck> Cache;
};

/// 1-based line (as clang counts lines) and byte column of Offset in
/// Buffer; builds a line table of Buffer each time.
std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef Buffer,
                                            size_t Offset);

} // namespace warplint

#endif // WARPLINT_CORE_NOLINT_H
