//===-- RunOutput.cpp - Findings printed as each file finishes ------------===//
#include "RunOutput.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace warplint::tool {

RunOutput::RunOutput(std::vector<FileResult> &Results,
                     std::map<std::string, Baseline> &Baselines,
                     raw_ostream &OS, Config C)
    : Results(Results), Baselines(Baselines), OS(OS), C(std::move(C)),
      Done(Results.size()) {
  std::vector<std::string> Absolute;
  for (size_t I = 0; I < Results.size(); ++I) {
    ByName[Results[I].File].push_back(I);
    SmallString<256> Path(Results[I].File);
    sys::fs::make_absolute(Path);
    Absolute.push_back(Path.str().str());
    Order.push_back(I);
  }
  llvm::stable_sort(
      Order, [&](size_t A, size_t B) { return Absolute[A] < Absolute[B]; });
  Summary.Files = Results.size();
  Report.keepSuppressed(this->C.Format == OutputFormat::Sarif);
}

void RunOutput::fileDone(const FileResult &R) {
  auto It = ByName.find(R.File);
  if (It == ByName.end())
    return;
  // A file given twice: its first place not done yet.
  auto Place = llvm::find_if(It->second, [&](size_t I) { return !Done[I]; });
  if (Place == It->second.end())
    return; // analysed again (-p's rounds): said once
  Done[*Place] = true;
  ++DoneCount;
  if (C.Progress) {
    errs() << "[" << DoneCount << "/" << Results.size() << "] " << R.File
           << "\n";
    errs().flush();
  }
  if (!C.Stream)
    return;
  while (Next < Order.size() && Done[Order[Next]])
    print(Order[Next++]);
}

/// File I's problems on standard error and its findings, those of its
/// findings that no file before it reported.
void RunOutput::print(size_t I) {
  FileResult &R = Results[I];
  InputError |= describeProblems(errs(), R, C.Verbose, C.NoConfig);
  if (R.Crashed.empty() && R.Fatal.empty())
    for (Finding &F : R.Findings)
      Report.add(std::move(F), R.Settings);
  R.Findings.clear();
  Summary.Accesses += R.AccessesAnalysed;
  Summary.Unknown += R.AccessesUnknown;
  std::vector<Finding> New = Report.takeNew(Baselines);
  Summary.FilesWithFindings += !New.empty();
  for (const Finding &F : New)
    Summary.count(F);
  if (C.Format == OutputFormat::Text && C.Stream) {
    writeText(OS, New, C.Color);
    OS.flush();
  }
  llvm::append_range(Reported, New);
}

void RunOutput::finish() {
  for (; Next < Order.size(); ++Next)
    print(Order[Next]);
  FindingReport::Outcome Out = Report.finish(Baselines);
  Failing = Out.Failing;
  for (const std::string &Line : Out.BaselineNotes)
    errs() << "warplint: " << Line << "\n";
  // The formats that are one document, and text not printed as each file
  // finished: everything now, every file's findings sorted together.
  std::vector<Finding> AtOnce;
  if (C.Format != OutputFormat::Text || !C.Stream) {
    AtOnce = Reported;
    // SARIF's results include the suppressed ones, marked (writeSarif).
    llvm::append_range(AtOnce, Out.Suppressed);
    sortAndDeduplicate(AtOnce);
  }
  bool WithSummary = C.Format != OutputFormat::Text || C.TextSummary;
  writeFindings(OS, C.Format, AtOnce, C.Color, C.BaseDir,
                WithSummary ? &Summary : nullptr, C.DocsBase);
}

} // namespace warplint::tool
