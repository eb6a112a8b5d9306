//===-- ProjectAnalysis.cpp - The build as one program --------------------===//
//
// analyseProject (FileAnalysis.h): the files of a run analysed with the
// calls the build's other translation units make of their functions
// (ProjectIndex.h), in rounds.
//
//===----------------------------------------------------------------------===//
#include "warplint/Core/Checks.h"
#include "warplint/Pipeline/FileAnalysis.h"
#include "warplint/Pipeline/ProjectCache.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <deque>
#include <set>

using namespace clang::tooling;
using namespace llvm;

namespace warplint {

static std::string absolutePath(StringRef File) {
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

namespace {
/// One file of the build in the pass.
struct Member {
  FileResult *R;
  FileSettings Given; ///< its settings as given, before its ptxas reports
  bool Reported;      ///< one of the run's files (else read for its calls)
  std::vector<std::string> KeyParts;
  /// The calls of other files that reach it, as its Entry was made with.
  std::vector<ProjectCall> Used;
  std::optional<IndexEntry> Entry;
  bool Analysed = false; ///< R holds its analysis with Used
  bool Cached = false;   ///< Entry came from the cache
  unsigned Analyses = 0;
};

/// The build's files and what is known of each; the analyses they need.
class Pass {
public:
  Pass(const CompilationDatabase &DB, const RunSetup &Setup,
       ProjectCache &Cache)
      : DB(DB), Cache(Cache), Named(Setup) {
    Named.IndexProject = true;
    Named.Project = nullptr;
    CallsOnly = Named;
    CallsOnly.DescribeAccesses = false;
    CallsOnly.DescribeLaunches = false;
    CallsOnly.PtxasPath.clear();
  }

  void add(FileResult &R, bool Reported) {
    Member M{&R, R.Settings, Reported, keyParts(R), {}, {}, false, false, 0};
    Members.push_back(std::move(M));
  }
  std::deque<Member> Members;
  ProjectIndex Index;

  /// Gives each of Members[From..] an entry: from the cache, else from an
  /// analysis (the run's files with their checks, the others for their
  /// calls alone), with the calls of Index that reach it.
  void settle(size_t From = 0) {
    std::vector<Member *> Todo[2];
    for (size_t I = From; I < Members.size(); ++I) {
      Member &M = Members[I];
      if (M.Entry)
        continue;
      if ((M.Cached = bool(M.Entry = Cache.lookup(key(M)))))
        continue;
      Todo[M.Reported].push_back(&M);
    }
    analyse(Todo[1], Named);
    analyse(Todo[0], CallsOnly);
  }

  /// The index of every entry's calls.
  void gather() {
    Index = ProjectIndex();
    for (const Member &M : Members)
      if (M.Entry)
        Index.add(M.Entry->Outgoing);
  }

  /// Members whose reaching calls changed lose their entry: true if any.
  bool update() {
    bool Changed = false;
    for (Member &M : Members) {
      std::vector<ProjectCall> Now = reaching(M);
      if (Now.empty() || Now == M.Used)
        continue;
      M.Used = std::move(Now);
      M.Entry.reset();
      M.Analysed = M.Cached = false;
      Changed = true;
    }
    return Changed;
  }

  /// The run's files not analysed with their calls yet (entries from the
  /// cache): analysed once now.
  void finish() {
    std::vector<Member *> Todo;
    for (Member &M : Members)
      if (M.Reported && !M.Analysed)
        Todo.push_back(&M);
    analyse(Todo, Named);
  }

private:
  const CompilationDatabase &DB;
  ProjectCache &Cache;
  RunSetup Named, CallsOnly;

  std::vector<ProjectCall> reaching(const Member &M) const {
    std::vector<ProjectCall> Out;
    if (M.Entry)
      for (const std::string &F : M.Entry->Wanted)
        for (const ProjectCall &C : Index.callsOf(F))
          Out.push_back(C);
    return Out;
  }

  std::string key(const Member &M) const {
    return ProjectCache::key(M.KeyParts, M.Used);
  }

  /// What decides a file's entry, but for the calls that reach it.
  std::vector<std::string> keyParts(const FileResult &R) const {
    std::vector<std::string> P{absolutePath(R.File), settingsKey(R.Settings),
                               join(Named.ExtraArgs, "\n"),
                               Named.Parse.ResourceDir,
                               Named.Parse.DefaultGpuArch};
    if (Named.Parse.Toolkit)
      P.push_back(Named.Parse.Toolkit->Path + "|" +
                  Named.Parse.Toolkit->Version);
    for (const CompileCommand &C : DB.getCompileCommands(P.front()))
      P.push_back(C.Directory + "\n" + join(C.CommandLine, "\n"));
    return P;
  }

  void analyse(const std::vector<Member *> &Todo, RunSetup With) {
    if (Todo.empty())
      return;
    std::vector<FileResult> Fresh;
    bool AnyCalls = false;
    for (Member *M : Todo) {
      FileResult R;
      R.File = M->R->File;
      R.Settings = M->Given;
      Fresh.push_back(std::move(R));
      AnyCalls |= !M->Used.empty();
    }
    With.Project = AnyCalls ? &Index : nullptr;
    analyseFiles(DB, Fresh, With);
    for (size_t K = 0; K < Todo.size(); ++K) {
      Member &M = *Todo[K];
      FileResult &R = Fresh[K];
      M.Entry = IndexEntry{R.Outgoing, R.Wanted};
      if (!M.Cached && R.Parsed && R.Fatal.empty() && R.Crashed.empty())
        Cache.store(key(M), *M.Entry, R.Read);
      *M.R = std::move(R);
      M.Analysed = true;
      ++M.Analyses;
    }
  }
};
} // namespace

ProjectRun analyseProject(const CompilationDatabase &DB,
                          std::vector<FileResult> &Files, const RunSetup &Setup,
                          ProjectIndex &Index, ProjectCache &Cache,
                          bool WholeIndex) {
  ProjectRun Run;
  Pass P(DB, Setup, Cache);
  std::set<std::string> Seen;
  for (FileResult &R : Files) {
    P.add(R, /*Reported=*/true);
    Seen.insert(absolutePath(R.File));
  }
  P.settle();
  bool Wanted = llvm::any_of(
      P.Members, [](const Member &M) { return !M.Entry->Wanted.empty(); });
  // The build's other files, for their calls only: host side, no check;
  // only when some file wants them.
  std::deque<FileResult> Others;
  if ((Wanted || WholeIndex) && !Files.empty()) {
    size_t First = P.Members.size();
    FileSettings Calls = Files.front().Settings;
    Calls.Opts.Checks = cantFail(CheckFilter::parse("-*"));
    for (const std::string &F : DB.getAllFiles()) {
      if (!Seen.insert(absolutePath(F)).second)
        continue;
      FileResult &O = Others.emplace_back();
      O.File = F;
      O.Settings = Calls;
      P.add(O, /*Reported=*/false);
    }
    Run.OtherFiles = Others.size();
    P.settle(First);
    // Rounds: each file that a call of the index reaches gets the entry of
    // its analysis with those calls, and its own calls join the index,
    // until no file is given calls it was not: a value crosses one file
    // per round.
    for (unsigned Round = 0;; ++Round) {
      P.gather();
      if (!P.update())
        break;
      if (Round == MaxProjectRounds) {
        Run.RoundsLeft = true;
        break;
      }
      Run.Rounds = Round + 1;
      P.settle();
    }
  }
  P.finish();
  for (const Member &M : P.Members)
    Run.Again += M.Reported && M.Analyses > 1;
  Index = std::move(P.Index);
  return Run;
}

} // namespace warplint
