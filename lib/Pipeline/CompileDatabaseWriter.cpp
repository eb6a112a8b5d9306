//===-- CompileDatabaseWriter.cpp - `warplint compdb`'s database ----------===//
#include "warplint/Pipeline/CompileDatabaseWriter.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Pipeline/Inputs.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;
using namespace llvm;

namespace warplint {

std::string exportHeaderDir(StringRef Output) {
  SmallString<256> Dir(Output);
  sys::fs::make_absolute(Dir);
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  sys::path::remove_filename(Dir);
  sys::path::append(Dir, "warplint-include");
  return std::string(Dir);
}

/// The entries of the database Json, as JSON objects and as the commands
/// clang's reader makes of them (argv split as clang splits "command"), in
/// the file's order.
static Expected<std::pair<json::Array, std::vector<CompileCommand>>>
readEntries(StringRef Json) {
  Expected<std::string> Text =
      readInputFile(Json, MaxDatabaseBytes, "a compilation database");
  if (!Text)
    return createStringError("cannot read the compilation database '" + Json +
                             "': " + toString(Text.takeError()));
  Expected<json::Value> Parsed = json::parse(*Text);
  if (!Parsed)
    return createStringError(Json + ": " + toString(Parsed.takeError()));
  json::Array *Entries = Parsed->getAsArray();
  std::string Err;
  std::unique_ptr<JSONCompilationDatabase> DB =
      JSONCompilationDatabase::loadFromBuffer(
          *Text, Err, JSONCommandLineSyntax::AutoDetect);
  if (!Entries || !DB)
    return createStringError(Json + ": " +
                             (Err.empty() ? "expected a JSON array" : Err));
  std::vector<CompileCommand> Commands = DB->getAllCompileCommands();
  if (Commands.size() != Entries->size())
    return createStringError(Json + ": " + Twine(Entries->size()) +
                             " entries, of which clang reads " +
                             Twine(Commands.size()));
  return std::make_pair(std::move(*Entries), std::move(Commands));
}

Expected<ExportedDatabase>
writeExportedDatabase(StringRef BuildDir, StringRef Output, ExportSetup Setup) {
  // The checks and messages of `warplint -p` for a missing or damaged
  // database. Named as the file to analyse, the database itself, which no
  // entry compiles, keeps out the rest: a database with no .cu file (nvcc
  // compiling .cpp files with -x cu) is exported all the same, and an entry
  // whose directory is gone is written as it is, for that file's tool to say.
  SmallString<256> Json(BuildDir);
  sys::path::append(Json, "compile_commands.json");
  std::vector<std::string> NotAnEntry{std::string(Json)};
  if (auto DB = chooseCompilationDatabase(BuildDir, nullptr, NotAnEntry); !DB)
    return DB.takeError();
  if (!sys::fs::exists(Json))
    return createStringError("no compilation database in '" + BuildDir +
                             "': no compile_commands.json there");
  if (sys::fs::equivalent(Json, Output))
    return createStringError("the output '" + Output +
                             "' is the database read; name another file");
  auto Read = readEntries(Json);
  if (!Read)
    return Read.takeError();
  auto &[Entries, Commands] = *Read;

  ExportedDatabase Result;
  Result.HeaderDir = Setup.HeaderDir = exportHeaderDir(Output);
  SmallString<256> Base(BuildDir);
  sys::fs::make_absolute(Base);
  sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
  json::Array Out;
  for (size_t I = 0; I < Commands.size(); ++I) {
    const CompileCommand &C = Commands[I];
    // The database read may be elsewhere: a relative directory, which is
    // relative to it, is made absolute.
    SmallString<256> Dir(C.Directory);
    if (sys::path::is_relative(Dir)) {
      Dir = Base;
      sys::path::append(Dir, C.Directory);
    }
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (!Entries[I].getAsObject())
      return createStringError(Json + ": entry " + Twine(I + 1) +
                               " is not an object");
    json::Object Entry = *Entries[I].getAsObject();
    Entry["directory"] = std::string(Dir);
    if (auto Cmd = exportedCommand(C.CommandLine, C.Filename, Dir, Setup)) {
      Entry.erase("command");
      Entry["arguments"] = json::Array(*Cmd);
      ++Result.Translated;
    }
    Out.push_back(std::move(Entry));
  }
  Result.Entries = Out.size();

  if (Error E = writeExportHeaders(Result.HeaderDir))
    return std::move(E);
  Error Written = writeToOutput(Output, [&](raw_ostream &OS) {
    OS << formatv("{0:2}", json::Value(std::move(Out))) << "\n";
    return Error::success();
  });
  if (Written)
    return createStringError("cannot write '" + Output +
                             "': " + toString(std::move(Written)));
  return Result;
}

} // namespace warplint
