//===-- Finding.h - A front-end neutral finding -------------------*- C++
//-*-===//
///
/// What every check produces, once the source location has been resolved to a
/// file position. The three front ends and the output writers share it, so that
/// wording and numbers cannot drift between them.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_FINDING_H
#define WARPLINT_CORE_FINDING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <tuple>
#include <vector>

namespace warplint {

enum class Severity { Note, Warning, Error };
llvm::StringRef severityName(Severity S); // "note", "warning", "error"

struct FileLocation {
  std::string File;    ///< as given to the compiler, made absolute
  unsigned Line = 0;   ///< as clang counts lines
  unsigned Column = 0; ///< in bytes, as clang's FILE:LINE:COL
  /// The column in Unicode code points (SARIF's), where the front end knows
  /// it; 0 when not known (Column is then taken).
  unsigned CharColumn = 0;
  bool operator<(const FileLocation &O) const {
    return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
  }
  bool operator==(const FileLocation &O) const {
    return std::tie(File, Line, Column) == std::tie(O.File, O.Line, O.Column);
  }
};

/// Replace the text from Begin up to (not including) End with Text.
struct FixIt {
  FileLocation Begin;
  FileLocation End;
  std::string Text;
};

struct FindingNote {
  FileLocation Loc;
  std::string Message;
  std::vector<FixIt> FixIts;
};

struct Finding {
  std::string Check; ///< e.g. "warplint-block-size"
  Severity Level = Severity::Warning;
  FileLocation Loc;
  std::string Message; ///< lowercase, no final period, no check suffix
  /// The text of Loc's line for text output and baselines: one line without
  /// its line break; for a line over MaxWholeLineBytes only a window of it
  /// around Loc (warplint/Core/SourceText.h), so that a finding holds no
  /// more than a few hundred bytes of source whatever the line's length.
  std::string SourceLine;
  /// The byte offset in Loc's line that SourceLine starts at (0 when it
  /// starts the line), and whether the line goes on after SourceLine.
  unsigned SourceLineBegin = 0;
  bool SourceLineCut = false;
  /// When SourceLine is a window of a long line: the start of the line as a
  /// baseline keeps it (warplint/Core/Baseline.h, snippetKey), so that the
  /// key does not depend on where the window falls; empty otherwise.
  std::string LineHead;
  /// The function the finding is in ("ns::run", template arguments left
  /// out), when the check knows it; part of a baseline's key.
  std::string Function;
  std::vector<FindingNote> Notes;
  llvm::json::Object Properties; ///< the check's numbers

  /// Why a finding is kept but not reported. Only a run that keeps
  /// suppressed findings (the SARIF format: result.suppressions) holds any;
  /// every other output, the summary and the exit status never see them.
  enum class Suppression { None, InSource, External };
  Suppression Suppressed = Suppression::None;
  /// InSource: the NOLINT comment's text; External: the baseline's path.
  std::string Justification;
  /// Whether the finding was compared against a baseline (SARIF's
  /// baselineState: "unchanged" when the baseline held it, else "new").
  bool ComparedToBaseline = false;

  /// Findings are equal when they say the same thing at the same place.
  bool sameAs(const Finding &O) const {
    return Check == O.Check && Loc == O.Loc && Message == O.Message;
  }
};

/// Sort by file, line, column, check, message and drop repeats (a header seen
/// from several translation units, or a kernel reached twice).
void sortAndDeduplicate(std::vector<Finding> &Findings);
/// The same order, as the indices into Findings of the findings kept (the
/// first of each run of repeats).
std::vector<size_t> sortedUniqueOrder(const std::vector<Finding> &Findings);

} // namespace warplint

#endif // WARPLINT_CORE_FINDING_H
