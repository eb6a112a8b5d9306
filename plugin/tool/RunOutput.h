//===-- RunOutput.h - Findings printed as each file finishes ----*- C++ -*-===//
//
// What `warplint` prints over a run's files: a "[n/N] FILE" progress line
// on standard error as each file's analysis ends, each file's problems and
// findings as soon as the files before it are printed (the text format; the
// files in the order of their absolute paths, whatever the command line's
// order and -j: the order of the findings of a whole run sorted by file),
// and the run's summary at the end.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOL_RUNOUTPUT_H
#define WARPLINT_TOOL_RUNOUTPUT_H

#include "warplint/Output/Format.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "warplint/Pipeline/Reporting.h"
#include <map>

namespace warplint::tool {

class RunOutput {
public:
  struct Config {
    OutputFormat Format = OutputFormat::Text;
    bool Progress = false; ///< the "[n/N] FILE" lines
    /// Print each file as it finishes (else all at finish()): not when
    /// the rounds of -p may analyse a file again.
    bool Stream = false;
    bool TextSummary = false; ///< the text format's summary line
    bool Color = false;
    bool Verbose = false, NoConfig = false; ///< for describeProblems
    std::string BaseDir;
    std::string DocsBase; ///< SARIF's helpUri (writeSarif)
  };
  RunOutput(std::vector<FileResult> &Results,
            std::map<std::string, Baseline> &Baselines, llvm::raw_ostream &OS,
            Config C);

  /// RunSetup::OnFileDone's work, for a file of the run (others, and a
  /// file analysed again, are passed over): its progress line, then, when
  /// streaming, the files done that the files before them let print.
  void fileDone(const FileResult &R);

  /// Once the analysis is over: the files not printed yet, the baselines'
  /// notes, the findings of the formats that print them at once, and the
  /// summary.
  void finish();

  bool inputError() const { return InputError; }
  bool failing() const { return Failing; }
  const std::vector<Finding> &reported() const { return Reported; }

private:
  void print(size_t I);

  std::vector<FileResult> &Results;
  std::map<std::string, Baseline> &Baselines;
  llvm::raw_ostream &OS;
  Config C;
  std::map<std::string, std::vector<size_t>> ByName;
  std::vector<bool> Done;
  /// The indices of Results in the order they are printed: by absolute
  /// path; Next: the first of Order not printed yet.
  std::vector<size_t> Order;
  size_t DoneCount = 0, Next = 0;
  FindingReport Report;
  RunSummary Summary;
  std::vector<Finding> Reported;
  bool InputError = false, Failing = false;
};

} // namespace warplint::tool

#endif // WARPLINT_TOOL_RUNOUTPUT_H
