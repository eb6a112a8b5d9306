//===-- Baseline.h - Known findings, reported no more -------------*- C++
//-*-===//
///
/// A baseline is a JSON file of the findings a project has accepted for now
/// (`warplint --write-baseline=FILE`); with `--baseline=FILE` only findings
/// that are not in it are reported. It is written to be committed:
///
///   {
///     "findings": [
///       {
///         "check": "warplint-block-size",
///         "count": 1,
///         "file": "src/kernels.cu",
///         "function": "launchAll",
///         "message": "launch of 'k' uses a block of 100 threads (...)",
///         "snippet": "k<<<1, 100>>>(p);"
///       }
///     ],
///     "version": 1
///   }
///
/// A finding is identified by its check, its file relative to the baseline's
/// directory (so that the baseline holds in another checkout), the function
/// it is in, its source line with blanks collapsed and cut to
/// MaxSnippetKeyBytes (Finding::LineHead when the finding keeps only a
/// window of a long line), and its message; never by
/// line or column, so that findings keep matching when code above them
/// moves. Keys are counted: a baseline with a key twice matches two such
/// findings, and a third is new. Entries are sorted by file, check,
/// function, snippet and message, and keys are written in alphabetical
/// order, so that the file changes only where the findings do.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_BASELINE_H
#define WARPLINT_CORE_BASELINE_H

#include "warplint/Core/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace warplint {

/// The format version written to and accepted from "version".
inline constexpr int BaselineVersion = 1;

struct BaselineKey {
  std::string Check;
  std::string File; ///< relative to the baseline's directory, '/'-separated
  std::string Function;
  std::string Snippet;
  std::string Message;
  bool operator<(const BaselineKey &O) const {
    return std::tie(File, Check, Function, Snippet, Message) <
           std::tie(O.File, O.Check, O.Function, O.Snippet, O.Message);
  }
  bool operator==(const BaselineKey &O) const {
    return std::tie(File, Check, Function, Snippet, Message) ==
           std::tie(O.File, O.Check, O.Function, O.Snippet, O.Message);
  }
};

/// Path relative to Dir ("src/a.cu", "../include/b.cuh"), after resolving
/// symbolic links where both exist; Path itself when they share no directory
/// but the root.
std::string relativePath(llvm::StringRef Path, llvm::StringRef Dir);

/// A source line with leading and trailing blanks removed and every run of
/// blanks inside made one space.
std::string normalizeSnippet(llvm::StringRef Line);

/// The message without what depends on the checkout or on other code:
/// clang's "(lambda at /path/file.cu:12:3)" becomes "(lambda)", and a final
/// " (in instantiation 'f<3>')" goes (it comes and goes with the other
/// instantiations of the template).
std::string normalizeMessage(llvm::StringRef Message);

/// The most bytes of a source line a baseline entry keeps: enough to tell
/// lines apart, bounded so that a baseline grows with the number of
/// findings, not with the length of their lines.
inline constexpr size_t MaxSnippetKeyBytes = 200;

/// The "snippet" of a finding on Line: normalizeSnippet(Line) cut to
/// MaxSnippetKeyBytes, never inside a character. Stored snippets are cut
/// the same way when read, so that a baseline written whole still matches.
std::string snippetKey(llvm::StringRef Line);

/// The key of F in a baseline kept in directory Dir.
BaselineKey baselineKey(const Finding &F, llvm::StringRef Dir);

/// The text of a baseline holding Findings, for a file in directory Dir.
std::string baselineText(llvm::ArrayRef<Finding> Findings, llvm::StringRef Dir);

/// The text of a baseline holding these entries (those counted 0 left out).
std::string baselineText(const std::map<BaselineKey, unsigned> &Counts);

/// Writes the baseline of Findings to Path.
llvm::Error writeBaseline(llvm::ArrayRef<Finding> Findings,
                          llvm::StringRef Path);

/// Adds the findings of one run (one compile, in a build) to the baseline
/// at Path, made when missing: the entries of the files in Own (the sources
/// the run analysed) become the run's findings there, and for the other
/// files (headers, which several compiles include) each key keeps the larger
/// of its two counts, so that the compiles of a build, in any order, leave
/// the baseline of the whole build. The file is locked while it is read and
/// rewritten, and replaced at once, so that the compiles of a parallel
/// build can each update it. Returns how many entries the file holds.
llvm::Expected<unsigned> updateBaseline(llvm::ArrayRef<Finding> Findings,
                                        llvm::ArrayRef<std::string> Own,
                                        llvm::StringRef Path);

/// A baseline read back, as a multiset of keys.
class Baseline {
public:
  /// Parses the text of a baseline that lives in directory Dir; Path names it
  /// in messages.
  static llvm::Expected<Baseline>
  parse(llvm::StringRef Text, llvm::StringRef Dir, llvm::StringRef Path);
  /// Reads the baseline file at Path.
  static llvm::Expected<Baseline> read(llvm::StringRef Path);

  /// The absolute path it was read from ("" when parsed from text).
  const std::string &path() const { return Path; }
  /// Takes one occurrence of F's key; false when the baseline has none left,
  /// that is, when F is new.
  bool take(const Finding &F);
  /// The entries not yet taken (fixed since the baseline was written, or
  /// findings not analysed in this run).
  unsigned remaining() const;
  unsigned size() const { return Total; }
  /// Each key and how many findings it stands for (less those taken).
  const std::map<BaselineKey, unsigned> &entries() const { return Counts; }

private:
  std::string Path;
  std::string Dir;
  std::map<BaselineKey, unsigned> Counts;
  unsigned Total = 0;
};

} // namespace warplint

#endif // WARPLINT_CORE_BASELINE_H
