//===-- Inputs.cpp - The files of a run and their compile commands --------===//
#include "warplint/Pipeline/Inputs.h"
#include "warplint/Driver/CompileArgs.h"
#include "warplint/Driver/Launch.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang::tooling;
using namespace llvm;

namespace warplint {

void translateCompilerAfterDashDash(std::vector<const char *> &Argv,
                                    std::vector<std::string> &Storage,
                                    std::vector<std::string> *Dropped) {
  for (size_t I = 1; I + 1 < Argv.size(); ++I) {
    if (StringRef(Argv[I]) != "--")
      continue;
    StringRef Compiler = Argv[I + 1];
    StringRef Ext = sys::path::extension(Compiler);
    if (Compiler.starts_with("-") || (!Ext.empty() && Ext != ".exe"))
      return; // an option or an input file, not a compiler
    std::vector<std::string> Command(Argv.begin() + I + 1, Argv.end());
    launch::CompilerKind Kind = launch::compilerKind(Compiler);
    if (Kind == launch::CompilerKind::Nvcc)
      Storage = translateNvccCommand(Command, Dropped);
    else if (Kind == launch::CompilerKind::Clang)
      Storage = Command;
    else
      return;
    Argv.resize(I + 1);
    for (size_t J = 1; J < Storage.size(); ++J)
      Argv.push_back(Storage[J].c_str());
    return;
  }
}

Expected<std::unique_ptr<CompilationDatabase>>
chooseCompilationDatabase(StringRef BuildPath,
                          std::unique_ptr<CompilationDatabase> Fixed,
                          std::vector<std::string> &Files) {
  auto Usage = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  std::unique_ptr<CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    if (Fixed)
      return Usage("use either -p or '-- COMPILER_ARGS', not both");
    std::string Err;
    DB = CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!DB) {
      // Err has one line per database kind tried; say the one that matters.
      SmallString<256> Json(BuildPath);
      sys::path::append(Json, "compile_commands.json");
      StringRef Last = StringRef(Err).trim();
      Last = Last.substr(Last.rfind('\n') + 1);
      std::string Why = !sys::fs::exists(BuildPath) ? "no such directory"
                        : !sys::fs::is_directory(BuildPath) ? "not a directory"
                        : !sys::fs::exists(Json)
                            ? "no compile_commands.json there"
                            : Last.str();
      return Usage("no compilation database in '" + BuildPath + "': " + Why);
    }
    if (Files.empty())
      for (const std::string &F : DB->getAllFiles())
        if (StringRef(F).ends_with(".cu"))
          Files.push_back(F);
    if (Files.empty())
      return Usage("the compilation database in '" + BuildPath +
                   "' has no .cu file");
  } else if (Fixed) {
    DB = std::move(Fixed);
  } else if (!Files.empty()) {
    std::string Err;
    SmallString<256> Abs(Files.front());
    sys::fs::make_absolute(Abs);
    DB = CompilationDatabase::autoDetectFromSource(Abs, Err);
    if (!DB)
      DB = std::make_unique<FixedCompilationDatabase>(
          ".", std::vector<std::string>());
  }
  if (Files.empty())
    return Usage("no input files; run 'warplint --help' for the usage");
  return std::move(DB);
}

Expected<ExplainTarget> parseExplainTarget(StringRef Spec) {
  auto [Rest, Last] = Spec.rsplit(':');
  unsigned A = 0, B = 0;
  if (Rest.empty() || Last.getAsInteger(10, A) || A == 0)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Spec + "' is not FILE:LINE[:COL]");
  ExplainTarget T;
  auto [File, Mid] = Rest.rsplit(':');
  if (!File.empty() && !Mid.getAsInteger(10, B) && B != 0) {
    T.File = File.str();
    T.Line = B;
    T.Column = A;
  } else {
    T.File = Rest.str();
    T.Line = A;
  }
  return T;
}

std::vector<const SharedAccessInfo *>
accessesAt(const ExplainTarget &T,
           ArrayRef<const SharedAccessInfo *> Accesses) {
  SmallString<256> Want(T.File);
  sys::fs::make_absolute(Want);
  sys::path::remove_dots(Want, /*remove_dot_dot=*/true);
  std::vector<const SharedAccessInfo *> Here;
  for (const SharedAccessInfo *I : Accesses)
    if (I->Loc.File == Want && I->Loc.Line == T.Line &&
        (!T.Column || I->Loc.Column <= T.Column))
      Here.push_back(I);
  // With a column, the access that starts closest before it.
  if (T.Column && !Here.empty()) {
    unsigned Best = 0;
    for (const SharedAccessInfo *I : Here)
      Best = std::max(Best, I->Loc.Column);
    llvm::erase_if(
        Here, [&](const SharedAccessInfo *I) { return I->Loc.Column != Best; });
  }
  return Here;
}

} // namespace warplint
