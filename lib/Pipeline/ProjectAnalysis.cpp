//===-- ProjectAnalysis.cpp - The build as one program --------------------===//
//
// analyseProject (FileAnalysis.h): the files of a run analysed with the
// calls the build's other translation units make of their functions
// (ProjectIndex.h), in rounds.
//
//===----------------------------------------------------------------------===//
#include "warplint/Core/Checks.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang::tooling;
using namespace llvm;

namespace warplint {

/// The calls of Index that reach the functions R wants the callers of:
/// what R's analysis with the index depends on.
static std::vector<ProjectCall> reaching(const FileResult &R,
                                         const ProjectIndex &Index) {
  std::vector<ProjectCall> Out;
  for (const std::string &F : R.Wanted)
    for (const ProjectCall &C : Index.callsOf(F))
      Out.push_back(C);
  return Out;
}

static std::string absolutePath(StringRef File) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

ProjectRun analyseProject(const CompilationDatabase &DB,
                          std::vector<FileResult> &Files, const RunSetup &Setup,
                          ProjectIndex &Index, bool WholeIndex) {
  ProjectRun Run;
  // The settings as given, before a file's own ptxas reports join them.
  std::vector<FileSettings> Given;
  for (const FileResult &R : Files)
    Given.push_back(R.Settings);
  RunSetup Named = Setup;
  Named.IndexProject = true;
  Named.Project = nullptr;
  analyseFiles(DB, Files, Named);
  bool Wanted = false;
  std::set<std::string> Seen;
  for (FileResult &R : Files) {
    Index.add(R.Outgoing);
    Wanted |= !R.Wanted.empty();
    Seen.insert(absolutePath(R.File));
  }
  if ((!Wanted && !WholeIndex) || Files.empty())
    return Run;
  // The build's other files, for their calls only: host side, no check.
  std::vector<FileResult> Others;
  std::vector<FileSettings> OtherGiven;
  for (const std::string &F : DB.getAllFiles()) {
    if (!Seen.insert(absolutePath(F)).second)
      continue;
    FileResult O;
    O.File = F;
    O.Settings = Given.front();
    O.Settings.Opts.Checks = cantFail(CheckFilter::parse("-*"));
    OtherGiven.push_back(O.Settings);
    Others.push_back(std::move(O));
  }
  RunSetup CallsOnly = Named;
  CallsOnly.DescribeAccesses = false;
  CallsOnly.PtxasPath.clear();
  analyseFiles(DB, Others, CallsOnly);
  Run.OtherFiles = Others.size();
  // Rounds: each file that a call of the index reaches is analysed again
  // with it, and its own calls join the index, until no file is given
  // calls it was not: a value crosses one file per round.
  // FIXME: the index is collected anew each run: no cache on disk keyed
  // by each file's content and command yet.
  auto All = [&](size_t I) -> FileResult & {
    return I < Files.size() ? Files[I] : Others[I - Files.size()];
  };
  size_t N = Files.size() + Others.size();
  std::vector<std::vector<ProjectCall>> Used(N);
  std::set<size_t> Again;
  for (unsigned Round = 0;; ++Round) {
    Index = ProjectIndex();
    for (size_t I = 0; I < N; ++I)
      Index.add(All(I).Outgoing);
    std::vector<size_t> Redo, RedoOthers;
    for (size_t I = 0; I < N; ++I) {
      std::vector<ProjectCall> Now = reaching(All(I), Index);
      if (Now.empty() || Now == Used[I])
        continue;
      Used[I] = std::move(Now);
      (I < Files.size() ? Redo : RedoOthers).push_back(I);
    }
    if (Redo.empty() && RedoOthers.empty())
      break;
    if (Round == MaxProjectRounds) {
      Run.RoundsLeft = true;
      break;
    }
    Run.Rounds = Round + 1;
    auto AnalyseAgain = [&](const std::vector<size_t> &Which, RunSetup With) {
      With.Project = &Index;
      std::vector<FileResult> Fresh;
      for (size_t I : Which) {
        FileResult R;
        R.File = All(I).File;
        R.Settings = I < Files.size() ? Given[I] : OtherGiven[I - Files.size()];
        Fresh.push_back(std::move(R));
      }
      analyseFiles(DB, Fresh, With);
      for (size_t K = 0; K < Which.size(); ++K)
        All(Which[K]) = std::move(Fresh[K]);
    };
    AnalyseAgain(Redo, Named);
    AnalyseAgain(RedoOthers, CallsOnly);
    Again.insert(Redo.begin(), Redo.end());
  }
  Run.Again = Again.size();
  return Run;
}

} // namespace warplint
